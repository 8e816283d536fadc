import { ChargeNotCancellable } from '../../core/boleto-issuer';
import { DomainError, IrisError } from '../../core/errors';
import type { Scope } from '../types';
import { insertBoleto } from './boleto-insert';
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

/**
 * The payer as the caller has it: read already, or only its id when the caller had no reason to
 * read it (the local issuer needs nothing but the id; a provider registers the customer, so the
 * payer is read here then).
 */
export type PayerRef = Payer | { id: string };

export async function issueBoleto(
  ctx: Scope,
  payerRef: PayerRef,
  charge: { amountCents: number; dueDate: string; reference: string; description: string },
  options: { issuedNotice?: boolean } = {},
) {
  // Exactly once without a read first: the caller's transaction also marks the confirmation
  // COMPLETED, so a committed boleto is never run again (a retry replays the stored result), and
  // a run rolled back left no row. `createdByNonce` is unique: a concurrent twin fails at the
  // insert and its retry replays this one's result.
  const issuer = await issuerOf(ctx);
  const payer =
    'name' in payerRef
      ? payerRef
      : issuer.registered || issuer.needsDocument
        ? await readPayer(ctx, payerRef.id)
        : undefined;
  if (issuer.needsDocument && !payer?.document)
    throw new DomainError('contact_needs_document', { name: payer?.name ?? payerRef.id });
  // The provider first, before any row is written: its calls take time. The reference is the
  // charge's there, so a run retried after a crash finds the charge, never makes two.
  const issued = await atProvider(() =>
    issuer.issue({
      tenantId: ctx.tenant.id,
      reference: charge.reference,
      amountCents: charge.amountCents,
      dueDate: charge.dueDate,
      description: charge.description,
      customer: payer && customerOf(payer),
    }),
  );
  if (payer && issued.customerProviderRef && issued.customerProviderRef !== payer.providerCustomerRef)
    await ctx.db.contact.update({
      where: { id: payer.id },
      data: { providerCustomerRef: issued.customerProviderRef },
    });
  const boleto = await insertBoleto(
    ctx.db,
    {
      tenantId: ctx.tenant.id,
      contactId: payerRef.id,
      amountCents: charge.amountCents,
      dueDate: charge.dueDate,
      digitableLine: issued.digitableLine,
      barcode: issued.barcode,
      createdByNonce: charge.reference,
      provider: issuer.provider,
      providerRef: issued.providerRef,
      pdfUrl: issued.pdfUrl,
      syncedAt: issued.providerRef ? ctx.now : null,
    },
    { issuedNotice: options.issuedNotice ?? false },
  );
  if (!boleto) throw new DomainError('contact_not_found', { name: payer?.name ?? payerRef.id });
  return { boleto, issuer };
}

/** The tenant's contact who pays; refused as not found when it is another tenant's, or gone. */
export async function readPayer(ctx: Scope, id: string) {
  const payer = await ctx.db.contact.findFirst({ where: { id, tenantId: ctx.tenant.id } });
  if (!payer) throw new DomainError('contact_not_found', { name: id });
  return payer;
}

function customerOf(payer: Payer) {
  return {
    id: payer.id,
    name: payer.name,
    document: payer.document,
    email: payer.email,
    phone: payer.phone,
    providerRef: payer.providerCustomerRef,
  };
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
