import { derivedUuid } from '../../core/derived-id';
import { cancelBoletoCharge, issueBoleto, type Payer } from '../boleto-issuing/charges';
import { nameKey } from '../contacts';
import type { Db, Scope } from '../types';
import { isoOf, minutesUntil } from './clock';

/**
 * A space's fee (and a síndico's fine) is charged to the unit as a boleto, through the same
 * issuing the boletos pack uses (local or the tenant's provider), in the write's transaction.
 * The unit is the payer (a contact named by its label).
 */
export async function payerOf(ctx: Scope, unit: { id: string; label: string }): Promise<Payer> {
  const key = nameKey(unit.label);
  const found = await ctx.db.contact.findFirst({ where: { tenantId: ctx.tenant.id, nameKey: key } });
  if (found) return found;
  return ctx.db.contact.create({ data: { tenantId: ctx.tenant.id, name: unit.label, nameKey: key } });
}

/** A boleto charged to a unit (a space's fee, a fine) as the replies show it. */
export interface FeeBoleto {
  number: number;
  amount_cents: number;
  due_date: string;
  digitable_line: string;
  registered: boolean;
}

/** Issues the fee's boleto, due on the day of the booking; once per confirmation (its nonce). */
export async function chargeFee(
  ctx: Scope & { nonce: string },
  booking: { feeCents: number; date: string; spaceName: string; unit: { id: string; label: string } },
): Promise<{ id: string }> {
  const { boleto } = await issueBoleto(ctx, await payerOf(ctx, booking.unit), {
    amountCents: booking.feeCents,
    dueDate: booking.date,
    reference: derivedUuid(ctx.nonce, 'fee'),
    description: `${ctx.tenant.name}: ${booking.spaceName}, ${booking.date}`,
  });
  return { id: boleto.id };
}

/** The unit's boleto (by id) as the replies show it, or null when there is none. */
export async function boletoViewOf(db: Db, boletoId: string | null): Promise<FeeBoleto | null> {
  const boleto = boletoId ? await db.boleto.findUnique({ where: { id: boletoId } }) : null;
  return boleto
    ? {
        number: boleto.number,
        amount_cents: boleto.amountCents,
        due_date: isoOf(boleto.dueDate),
        digitable_line: boleto.digitableLine,
        registered: boleto.provider !== 'local',
      }
    : null;
}

/**
 * What cancelling a booking does to its fee: cancelled with it when the booking starts at least
 * the space's free-cancellation hours away, kept due when closer, already paid (a refund is the
 * administration's), or nothing to do.
 */
export type FeeOutcome = 'none' | 'cancel' | 'keep' | 'paid';

export function feeOutcomeOf(
  scope: Pick<Scope, 'now' | 'tenant'>,
  booking: { date: string; startMinute: number; fee: { status: string } | null },
  freeCancelHours: number,
): FeeOutcome {
  if (!booking.fee || booking.fee.status === 'CANCELLED') return 'none';
  if (booking.fee.status === 'PAID') return 'paid';
  const ahead = minutesUntil(scope.now, scope.tenant.timeZone, booking.date, booking.startMinute);
  return ahead >= freeCancelHours * 60 ? 'cancel' : 'keep';
}

export async function cancelFee(
  ctx: Scope,
  boleto: { id: string; number: number; status: string; provider: string; providerRef: string | null },
): Promise<FeeOutcome> {
  const outcome = await cancelBoletoCharge(ctx, boleto);
  return outcome.cancelled ? 'cancel' : outcome.status === 'PAID' ? 'paid' : 'keep';
}
