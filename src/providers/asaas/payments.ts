import type { ChargeState, ProviderStatus } from '../../core/boleto-issuer';

/** The fields Iris reads of an Asaas payment (a "cobrança"). */
export interface AsaasPayment {
  object?: 'payment';
  id: string;
  customer?: string;
  status: string;
  value: number;
  dueDate?: string;
  externalReference?: string | null;
  bankSlipUrl?: string | null;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  deleted?: boolean;
}

/**
 * Asaas' payment statuses in Iris' four: received or confirmed (and received in cash) is PAID; a
 * deleted charge, or one whose money was given back, no longer stands (CANCELLED); OVERDUE is
 * OVERDUE; everything else (PENDING, awaiting risk analysis…) still waits to be paid.
 */
export function statusOf(payment: Pick<AsaasPayment, 'status' | 'deleted'>): ProviderStatus {
  if (payment.deleted) return 'CANCELLED';
  switch (payment.status) {
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
      return 'PAID';
    case 'OVERDUE':
      return 'OVERDUE';
    case 'REFUNDED':
      return 'CANCELLED';
    default:
      return 'PENDING';
  }
}

/** The charge's state, with what was paid and when for a paid one. */
export function chargeStateOf(payment: AsaasPayment): ChargeState {
  const status = statusOf(payment);
  if (status !== 'PAID') return { status };
  const day = payment.clientPaymentDate ?? payment.paymentDate;
  return {
    status,
    paidCents: Math.round(payment.value * 100),
    ...(day ? { paidAt: new Date(`${day.slice(0, 10)}T12:00:00Z`) } : {}),
  };
}
