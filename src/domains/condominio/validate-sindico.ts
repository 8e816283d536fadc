import { foldAccents } from '../../core/text';
import type { Entities, Scope, Validation } from '../types';
import { dateOf, isoOf, nowIn } from './clock';
import { findSpace } from './find-space';

/**
 * Gate 3 for the síndico's requests (docs/condominio.md): only the síndico sees the occupancy,
 * applies a fine or publishes a notice; a fine's unit and infraction are the condominium's own.
 */

/** Only the síndico sees the whole condominium's bookings; a space and a day narrow it. */
export async function validateOccupancy(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'space', messageKey: 'only_sindico_occupancy', params: {} };
  let spaceId: string | undefined;
  if (entities.space !== undefined) {
    const found = await findSpace(entities.space, scope);
    if ('failure' in found) return found.failure;
    spaceId = found.ok.id;
  }
  const day = entities.date === undefined ? undefined : String(entities.date);
  if (day !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && isoOf(dateOf(day)) === day))
    return { status: 'invalid', field: 'date', messageKey: 'date_invalid' };
  return {
    status: 'pass',
    params: { ...(spaceId ? { space_id: spaceId } : {}), ...(day ? { date: day } : {}) },
  };
}

/** How many days a fine's boleto gives the unit to pay (shown in the proposal). */
export const PENALTY_DUE_DAYS = 10;

/**
 * The síndico's fine: a unit of the condominium (by its number, and block when said) and an
 * infraction its regulations list (by name or another name); the amount is the infraction's,
 * the boleto due in PENALTY_DUE_DAYS days.
 */
export async function validatePenalty(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'unit', messageKey: 'only_sindico_penalty', params: {} };
  const missing = ['unit', 'infraction'].filter((field) => entities[field] === undefined);
  if (missing.length > 0) return { status: 'missing', missing };
  const units = await scope.db.condoUnit.findMany({
    where: { tenantId: scope.tenant.id },
    orderBy: { label: 'asc' },
  });
  const said = String(entities.unit);
  const matching = unitsNamed(said, units);
  if (matching.length !== 1)
    return {
      status: matching.length > 1 ? 'ambiguous' : 'not_found',
      field: 'unit',
      messageKey: matching.length > 1 ? 'unit_ambiguous' : 'unit_not_found',
      params: { unit: said, units: (matching.length > 1 ? matching : units).map((u) => u.label).join('; ') },
    };
  const infractions = await scope.db.condoInfraction.findMany({
    where: { tenantId: scope.tenant.id },
    orderBy: { name: 'asc' },
  });
  const named = infractionsNamed(String(entities.infraction), infractions);
  if (named.length !== 1)
    return {
      status: named.length > 1 ? 'ambiguous' : 'not_found',
      field: 'infraction',
      messageKey: infractions.length === 0 ? 'no_infractions' : 'infraction_not_found',
      params: {
        infraction: String(entities.infraction),
        infractions: (named.length > 1 ? named : infractions).map((i) => i.name).join('; '),
      },
    };
  const infraction = named[0]!;
  const { today } = nowIn(scope.now, scope.tenant.timeZone);
  return {
    status: 'pass',
    params: {
      unit_id: matching[0]!.id,
      unit_label: matching[0]!.label,
      infraction_id: infraction.id,
      infraction: infraction.name,
      rule: infraction.rule,
      amount_cents: infraction.amountCents,
      due_date: isoOf(new Date(dateOf(today).getTime() + PENALTY_DUE_DAYS * 86_400_000)),
    },
  };
}

/**
 * The infractions the words name: one whose name or another name is said ("barulho depois das
 * 22h" holds "barulho"), or whose name begins with the words ("lixo" for "Lixo fora do horário").
 */
function infractionsNamed<T extends { name: string; aliases: string[] }>(
  said: string,
  infractions: readonly T[],
): T[] {
  const fold = (text: string) =>
    ` ${foldAccents(text.toLowerCase())
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()} `;
  const words = fold(said);
  const names = (i: T) => [i.name, ...i.aliases].map(fold);
  const held = infractions.filter((i) => names(i).some((name) => words.includes(name)));
  if (held.length > 0) return held;
  return infractions.filter((i) => names(i).some((name) => name.startsWith(words.trimEnd())));
}

/** The units whose label holds the number said (and the block, when said): "101", "bloco B 12". */
function unitsNamed(said: string, units: ReadonlyArray<{ id: string; label: string }>) {
  const number = /(\d{1,4}[a-z]?)\s*$/i.exec(said)?.[1]?.toLowerCase();
  const block = /^bloco\s+(\S+)/i.exec(said)?.[1]?.toLowerCase();
  if (!number) return [];
  return units.filter((unit) => {
    const words = foldAccents(unit.label.toLowerCase()).split(/[^a-z0-9]+/);
    const blockAt = words.indexOf('bloco');
    return words.includes(number) && (!block || (blockAt >= 0 && words[blockAt + 1] === block));
  });
}

async function isSindico(scope: Scope): Promise<boolean> {
  const resident = await scope.db.condoResident.findUnique({ where: { userId: scope.user.id } });
  return resident !== null && resident.tenantId === scope.tenant.id && resident.role === 'sindico';
}

/** Only the síndico publishes; the text as written, to every other resident (counted for the proposal). */
export async function validateNotice(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'message_content', messageKey: 'only_sindico', params: {} };
  const text = String(entities.message_content ?? '').trim();
  if (text === '') return { status: 'missing', missing: ['message_content'] };
  if (text.length > 1000)
    return { status: 'invalid', field: 'message_content', messageKey: 'notice_too_long' };
  const recipients = await scope.db.condoResident.count({
    where: { tenantId: scope.tenant.id, userId: { not: scope.user.id } },
  });
  return { status: 'pass', params: { text, recipients } };
}
