import { z } from 'zod';
import { foldAccents } from '../core/text';
import { timeOf } from '../domains/condominio/clock';
import type { Db } from '../domains/types';

/**
 * An operator's setup of a condominium tenant (`npm run iris -- condo …`): its spaces with their
 * rules, the fines its regulations set, its units, and which unit each person lives in. Everything is upserted by name or
 * label, so running the same setup twice changes nothing.
 */
const clock = z
  .string()
  .regex(/^(?:[01]?\d|2[0-4]):[0-5]\d$/, 'a time is HH:MM')
  .transform((t) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return h * 60 + m;
  });
const count = (what: string) =>
  z.coerce
    .number({ message: `${what} must be a number` })
    .int()
    .positive();

/** "salao,salaozinho": other names, folded as they are matched. */
const aliasList = z
  .string()
  .optional()
  .transform((list = '') =>
    list
      .split(',')
      .map((alias) => foldAccents(alias.trim().toLowerCase()))
      .filter(Boolean),
  );

export const SpaceInput = z
  .object({
    name: z.string().trim().min(2, 'the space needs a name'),
    opens: clock,
    closes: clock,
    capacity: count('capacity'),
    /** "150", "150,00" or "150.00", in reais. */
    fee: z
      .string()
      .regex(/^\d{1,6}(?:[.,]\d{2})?$/, 'the fee is in reais, like 150 or 150,00')
      .transform((fee) => Math.round(Number(fee.replace(',', '.')) * 100))
      .default(0),
    leadHours: z.coerce.number().int().min(0).default(24),
    perMonth: count('per-month').default(2),
    daysAhead: count('days-ahead').default(90),
    freeCancelHours: z.coerce.number().int().min(0).default(48),
    /** Outside suppliers (buffet, DJ…) may work at its bookings, once the administration authorises them. */
    suppliers: z.boolean().default(true),
    aliases: aliasList,
  })
  .refine((s) => s.closes > s.opens, { message: 'the space closes after it opens', path: ['closes'] });

export async function upsertSpace(db: Db, tenantId: string, raw: z.input<typeof SpaceInput>) {
  const parsed = SpaceInput.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'space'}: ${i.message}`).join('; '),
    );
  const s = parsed.data;
  const data = {
    aliases: s.aliases,
    opensAt: s.opens,
    closesAt: s.closes,
    capacity: s.capacity,
    feeCents: s.fee,
    minLeadHours: s.leadHours,
    maxPerUnitPerMonth: s.perMonth,
    maxDaysAhead: s.daysAhead,
    freeCancelHours: s.freeCancelHours,
    suppliersAllowed: s.suppliers,
  };
  return db.condoSpace.upsert({
    where: { tenantId_name: { tenantId, name: s.name } },
    update: data,
    create: { tenantId, name: s.name, ...data },
  });
}

export async function upsertUnit(db: Db, tenantId: string, label: string) {
  const clean = label.trim();
  if (clean.length < 1) throw new Error('the unit needs a label, like "Bloco A, apto 101"');
  return db.condoUnit.upsert({
    where: { tenantId_label: { tenantId, label: clean } },
    update: {},
    create: { tenantId, label: clean },
  });
}

export const InfractionInput = z.object({
  name: z.string().trim().min(2, 'the infraction needs a name'),
  /** "650", "650,00" or "650.00", in reais. */
  amount: z
    .string()
    .regex(/^\d{1,6}(?:[.,]\d{2})?$/, 'the amount is in reais, like 650 or 650,00')
    .transform((amount) => Math.round(Number(amount.replace(',', '.')) * 100))
    .refine((cents) => cents > 0, 'the amount is more than zero'),
  rule: z.string().trim().min(2, 'say where the regulations set it, like "Regimento interno, art. 12"'),
  aliases: aliasList,
});

/** An infraction of the regulations and its fine (`condo infraction`), by name. */
export async function upsertInfraction(db: Db, tenantId: string, raw: z.input<typeof InfractionInput>) {
  const parsed = InfractionInput.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'infraction'}: ${i.message}`).join('; '),
    );
  const i = parsed.data;
  const data = { aliases: i.aliases, amountCents: i.amount, rule: i.rule };
  return db.condoInfraction.upsert({
    where: { tenantId_name: { tenantId, name: i.name } },
    update: data,
    create: { tenantId, name: i.name, ...data },
  });
}

export const CONDO_ROLES = ['morador', 'sindico'] as const;

/** Puts a person of the tenant (by name) in a unit, as a resident or the síndico. */
export async function setResident(
  db: Db,
  tenantId: string,
  input: { name: string; unit: string; role?: string },
) {
  const role = input.role ?? 'morador';
  if (!(CONDO_ROLES as readonly string[]).includes(role))
    throw new Error(`--condo-role must be one of ${CONDO_ROLES.join(', ')}`);
  const people = await db.user.findMany({ where: { tenantId, name: input.name } });
  if (people.length === 0) throw new Error(`no user named "${input.name}" (add or invite them first)`);
  if (people.length > 1) throw new Error(`${people.length} users are named "${input.name}"`);
  const unit = await db.condoUnit.findUnique({
    where: { tenantId_label: { tenantId, label: input.unit.trim() } },
  });
  if (!unit) throw new Error(`no unit "${input.unit}" (add it with condo unit --label "${input.unit}")`);
  const userId = people[0]!.id;
  return db.condoResident.upsert({
    where: { userId },
    update: { unitId: unit.id, role },
    create: { userId, tenantId, unitId: unit.id, role },
  });
}

/** The condominium as an operator reads it: spaces with their rules, units with their people. */
export async function describeCondominium(db: Db, tenantId: string): Promise<string[]> {
  const spaces = await db.condoSpace.findMany({ where: { tenantId }, orderBy: { name: 'asc' } });
  const units = await db.condoUnit.findMany({
    where: { tenantId },
    include: { residents: { include: { user: true } } },
    orderBy: { label: 'asc' },
  });
  const infractions = await db.condoInfraction.findMany({ where: { tenantId }, orderBy: { name: 'asc' } });
  return [
    `spaces (${spaces.length}):`,
    ...spaces.map(
      (s) =>
        `  ${s.name}: ${timeOf(s.opensAt)}-${timeOf(s.closesAt)}, up to ${s.capacity} people, fee ${(s.feeCents / 100).toFixed(2)}, ` +
        `${s.minLeadHours} h ahead at least, ${s.maxDaysAhead} days ahead at most, ${s.maxPerUnitPerMonth} a month per unit, ` +
        `fee cancelled up to ${s.freeCancelHours} h ahead` +
        (s.suppliersAllowed ? '' : ', no outside suppliers') +
        (s.aliases.length > 0 ? ` (also: ${s.aliases.join(', ')})` : ''),
    ),
    `infractions (${infractions.length}):`,
    ...infractions.map(
      (i) =>
        `  ${i.name}: fine ${(i.amountCents / 100).toFixed(2)} (${i.rule})` +
        (i.aliases.length > 0 ? ` (also: ${i.aliases.join(', ')})` : ''),
    ),
    `units (${units.length}):`,
    ...units.map(
      (u) =>
        `  ${u.label}: ${u.residents.map((r) => `${r.user.name}${r.role === 'sindico' ? ' (síndico)' : ''}`).join(', ') || 'no one'}`,
    ),
  ];
}
