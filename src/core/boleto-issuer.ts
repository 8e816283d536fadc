/**
 * Who issues a tenant's boletos: the port the boleto use cases call (create, cancel, status),
 * shared by every pack that charges with boletos. The local issuer computes the numbers here and
 * registers nothing with a bank; a provider's issuer (Asaas) registers a real charge.
 */
export type ProviderStatus = 'PENDING' | 'PAID' | 'OVERDUE' | 'CANCELLED';

export interface BoletoCustomer {
  id: string;
  name: string;
  /** CPF or CNPJ, digits only (validated when recorded). */
  document: string | null;
  email: string | null;
  phone: string | null;
  /** The customer's id at the provider, when one was created before. */
  providerRef: string | null;
}

export interface IssueRequest {
  tenantId: string;
  /**
   * The confirmation's nonce: the provider's external reference, so an execution retried after a
   * crash finds the charge its first attempt created instead of creating a second one.
   */
  reference: string;
  amountCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  description: string;
  /**
   * The payer. Absent for an issuer that registers nobody (the local one, `registered` false):
   * the caller then need not read the payer before writing the boleto.
   */
  customer?: BoletoCustomer;
}

export interface IssuedBoleto {
  /** The provider's id of the charge; null for a local boleto. */
  providerRef: string | null;
  digitableLine: string;
  barcode: string;
  pdfUrl: string | null;
  /** The customer's id at the provider when this call created or found it. */
  customerProviderRef: string | null;
}

/** What the provider says of a charge now. */
export interface ChargeState {
  status: ProviderStatus;
  paidCents?: number;
  paidAt?: Date;
}

export interface BoletoIssuer {
  /** 'local' or the provider's name, as stored on the boletos it issues. */
  readonly provider: 'local' | 'asaas';
  /** Whether a bank knows its boletos (a local one cannot be paid). */
  readonly registered: boolean;
  /** Whether the customer needs a CPF/CNPJ (providers register the payer). */
  readonly needsDocument: boolean;
  issue(request: IssueRequest): Promise<IssuedBoleto>;
  /** Cancels the charge; cancelling one already cancelled succeeds. Throws `ChargeNotCancellable` when paid. */
  cancel(providerRef: string): Promise<void>;
  /** The charge's state at the provider. */
  state(providerRef: string): Promise<ChargeState>;
  /**
   * Cancels whatever the provider holds under a confirmation's reference (a charge created by an
   * execution that then failed): 'none' when it holds nothing open, 'paid' when a charge was
   * paid already (left as it is: a person must sort it out).
   */
  cancelByReference(reference: string): Promise<'none' | 'cancelled' | 'paid'>;
}

/** The issuer of each tenant (its provider settings live with the tenant). */
export interface BoletoIssuers {
  forTenant(tenantId: string): Promise<BoletoIssuer>;
}

/** The provider refused to cancel: the charge was paid meanwhile. */
export class ChargeNotCancellable extends Error {
  constructor(readonly status: ProviderStatus) {
    super(`charge is ${status} at the provider`);
  }
}
