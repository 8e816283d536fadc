import type { ChargeState, ProviderStatus } from '../../core/boleto-issuer';
import { issuerOf } from '../boleto-issuing/issuer-of';
import type { Db, Scope } from '../types';

/** A status answer this recent is fresh enough for "o boleto 12 foi pago?". */
const FRESH_MS = 60_000;

/**
 * The status a boleto moves to when its provider reports `reported`, or undefined to stay. Any
 * report is taken (a cancelled charge may be restored, or paid anyway at a bank) except one
 * that would un-pay a paid boleto: events can arrive late and out of order, and only a refund
 * (reported as CANCELLED) undoes a payment.
 */
export function nextStatus(current: string, reported: ProviderStatus): ProviderStatus | undefined {
  if (current === reported) return undefined;
  if (current === 'PAID' && reported !== 'CANCELLED') return undefined;
  return reported;
}

export interface StatusChange {
  boletoId: string;
  from: string;
  to: ProviderStatus;
}

/** The changes the tenant's owners are told about (docs/boleto-providers.md#notices). */
const NOTICE_OF: Partial<Record<ProviderStatus, 'paid' | 'overdue'>> = { PAID: 'paid', OVERDUE: 'overdue' };

/**
 * Records what the provider said of a boleto. The write is conditional on the status it read,
 * so a webhook and a status check landing together apply the report once. A boleto that became
 * paid or overdue leaves a notice for its owners, at most one of each kind per boleto.
 */
export async function applyChargeState(
  db: Db,
  boleto: { id: string; tenantId: string; status: string },
  state: ChargeState,
  now: Date,
): Promise<StatusChange | undefined> {
  const to = nextStatus(boleto.status, state.status);
  if (to === undefined) {
    await db.boleto.update({ where: { id: boleto.id }, data: { syncedAt: now } });
    return undefined;
  }
  const changed = await db.boleto.updateMany({
    where: { id: boleto.id, status: boleto.status as ProviderStatus },
    data: {
      status: to,
      syncedAt: now,
      ...(to === 'PAID' ? { paidAt: state.paidAt ?? now, paidCents: state.paidCents ?? null } : {}),
      ...(to === 'CANCELLED' ? { cancelledAt: now } : {}),
    },
  });
  if (changed.count !== 1) return undefined;
  const notice = NOTICE_OF[to];
  if (notice)
    await db.boletoNotice.createMany({
      data: [{ tenantId: boleto.tenantId, boletoId: boleto.id, kind: notice }],
      skipDuplicates: true,
    });
  return { boletoId: boleto.id, from: boleto.status, to };
}

/**
 * A registered boleto that may still change (unpaid, not cancelled) is asked about at its
 * provider when the last answer is older than a minute, so a status question is answered from
 * fresh data. When the provider cannot be reached, the stored status is the answer.
 */
export async function syncWithProvider<
  B extends {
    id: string;
    tenantId: string;
    status: string;
    provider: string;
    providerRef: string | null;
    syncedAt: Date | null;
  },
>(ctx: Scope, boleto: B): Promise<B> {
  const open = boleto.status === 'PENDING' || boleto.status === 'OVERDUE';
  const stale = !boleto.syncedAt || ctx.now.getTime() - boleto.syncedAt.getTime() > FRESH_MS;
  if (!boleto.providerRef || !open || !stale) return boleto;
  try {
    const issuer = await issuerOf(ctx);
    if (issuer.provider !== boleto.provider) return boleto;
    const state = await issuer.state(boleto.providerRef);
    const change = await applyChargeState(ctx.db as Db, boleto, state, ctx.now);
    return change ? { ...boleto, status: change.to } : boleto;
  } catch {
    return boleto;
  }
}
