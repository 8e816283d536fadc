import { ChargeNotCancellable } from '../../core/boleto-issuer';
import { DomainError, IrisError } from '../../core/errors';
import type { Scope } from '../types';
import { issuerOf } from './issuer-of';

/**
 * Issuing and cancelling a boleto: the one implementation every pack charges with (the boletos
 * pack for its customers, the condominium for a space's fee). The caller runs it inside its
 * confirmed write's transaction and brings the exactly-once reference (the confirmation's nonce,
 * or one derived from it).
 */
export interface Payer {
  id: string;
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  providerCustomerRef: string | null;
}

export async function issueBoleto(
  ctx: Scope,
  payer: Payer,
  charge: { amountCents: number; dueDate: string; reference: string; description: string },
) {
  // Exactly once without a read first: the caller's transaction also marks the confirmation
  // COMPLETED, so a committed boleto is never run again (a retry replays the stored result), and
  // a run rolled back left no row. `createdByNonce` is unique: a concurrent twin fails at the
  // insert and its retry replays this one's result.
  const issuer = await issuerOf(ctx);
  if (issuer.needsDocument && !payer.document)
    throw new DomainError('contact_needs_document', { name: payer.name });
  // The provider first, before any row is written: its calls take time. The reference is the
  // charge's there, so a run retried after a crash finds the charge, never makes two.
  const issued = await atProvider(() =>
    issuer.issue({
      tenantId: ctx.tenant.id,
      reference: charge.reference,
      amountCents: charge.amountCents,
      dueDate: charge.dueDate,
      description: charge.description,
      customer: {
        id: payer.id,
        name: payer.name,
        document: payer.document,
        email: payer.email,
        phone: payer.phone,
        providerRef: payer.providerCustomerRef,
      },
    }),
  );
  if (issued.customerProviderRef && issued.customerProviderRef !== payer.providerCustomerRef)
    await ctx.db.contact.update({
      where: { id: payer.id },
      data: { providerCustomerRef: issued.customerProviderRef },
    });
  const tenant = await ctx.db.tenant.update({
    where: { id: ctx.tenant.id },
    data: { nextBoletoNo: { increment: 1 } },
    select: { nextBoletoNo: true },
  });
  const created = await ctx.db.boleto.create({
    data: {
      tenantId: ctx.tenant.id,
      number: tenant.nextBoletoNo - 1,
      contactId: payer.id,
      amountCents: charge.amountCents,
      dueDate: new Date(`${charge.dueDate}T00:00:00Z`),
      digitableLine: issued.digitableLine,
      barcode: issued.barcode,
      createdByNonce: charge.reference,
      provider: issuer.provider,
      providerRef: issued.providerRef,
      pdfUrl: issued.pdfUrl,
      ...(issued.providerRef ? { syncedAt: ctx.now } : {}),
    },
  });
  // The payer was read by the caller in this transaction: no second statement to read it back.
  return { boleto: { ...created, contact: { name: payer.name } }, issuer };
}

/**
 * Cancels a boleto: at its provider first (a charge still payable there is not cancelled here;
 * cancelling one already cancelled succeeds, so a retried run goes on to the row), then the
 * row, by a conditional transition (running twice is harmless). Throws `not_cancellable` with
 * the status a paid boleto has.
 */
export async function cancelBoletoCharge(
  ctx: Scope,
  boleto: { id: string; number: number; status: string; provider: string; providerRef: string | null },
): Promise<{ cancelled: boolean; status: string }> {
  if (boleto.status === 'CANCELLED') return { cancelled: true, status: 'CANCELLED' };
  if (boleto.status === 'PAID') return { cancelled: false, status: 'PAID' };
  if (boleto.providerRef) {
    const issuer = await issuerOf(ctx);
    if (issuer.provider !== boleto.provider)
      throw new DomainError('boleto_other_provider', { number: boleto.number });
    try {
      await atProvider(() => issuer.cancel(boleto.providerRef!));
    } catch (error) {
      if (error instanceof ChargeNotCancellable) return { cancelled: false, status: error.status };
      throw error;
    }
  }
  const updated = await ctx.db.boleto.updateMany({
    where: { id: boleto.id, status: { in: ['PENDING', 'OVERDUE'] } },
    data: { status: 'CANCELLED', cancelledAt: ctx.now },
  });
  if (updated.count > 0) return { cancelled: true, status: 'CANCELLED' };
  const after = await ctx.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } });
  return { cancelled: after.status === 'CANCELLED', status: after.status };
}

/**
 * A provider call. A refusal that will not change on retry (HTTP 4xx, a provider not
 * configured) becomes a refusal the person reads; an outage is thrown as is, so the message is
 * retried with backoff.
 */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IrisError && !error.retryable && !(error instanceof DomainError))
      throw new DomainError('provider_refused');
    throw error;
  }
}
