import { z } from 'zod';
import type { ChargeState } from '../../core/boleto-issuer';
import { chargeStateOf } from './payments';

/** A webhook event as Asaas posts it: `{ id, event, payment: { ... } }` (payment events only here). */
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payment: z
    .object({
      id: z.string().min(1),
      status: z.string(),
      value: z.number(),
      deleted: z.boolean().optional(),
      paymentDate: z.string().nullish(),
      clientPaymentDate: z.string().nullish(),
    })
    .passthrough()
    .optional(),
});

export interface ProviderEventReport {
  eventId: string;
  kind: string;
  /** The charge it is about and what it says of it; absent for events about something else. */
  charge?: { providerRef: string; state: ChargeState };
}

/**
 * What an Asaas event reports, or undefined for a body that is not one. A deleted charge's
 * event (PAYMENT_DELETED) carries the charge with `deleted: true`; the charge's own status in
 * the event is the truth, so PAYMENT_RECEIVED and PAYMENT_CONFIRMED both read as PAID.
 */
export function readAsaasEvent(body: unknown): ProviderEventReport | undefined {
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { id, event, payment } = parsed.data;
  if (!payment) return { eventId: id, kind: event };
  const deleted = payment.deleted === true || event === 'PAYMENT_DELETED';
  return {
    eventId: id,
    kind: event,
    charge: { providerRef: payment.id, state: chargeStateOf({ ...payment, deleted }) },
  };
}
