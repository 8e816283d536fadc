import {
  ChargeNotCancellable,
  type BoletoCustomer,
  type BoletoIssuer,
  type ChargeState,
  type IssueRequest,
  type IssuedBoleto,
} from '../../core/boleto-issuer';
import { ProviderResponseError } from '../../core/errors';
import type { AsaasClient, AsaasList } from './client';
import { chargeStateOf, type AsaasPayment } from './payments';

/** A tenant's charge settings at Asaas (docs/boleto-providers.md). */
export interface AsaasChargeSettings {
  /** Fine after the due date, in percent of the value (Asaas `fine.value`). */
  finePercent?: number;
  /** Interest per month after the due date, in percent (Asaas `interest.value`). */
  interestPercentPerMonth?: number;
  /** Let Asaas also e-mail/SMS the customer itself (off: Iris delivers, so nobody gets two). */
  providerNotifies?: boolean;
}

interface AsaasCustomer {
  id: string;
  deleted?: boolean;
}

/**
 * Boletos registered through a tenant's Asaas account. A charge is created with the
 * confirmation's nonce as its `externalReference`, and creation first looks that reference up:
 * an execution retried after a crash between Asaas' answer and Iris' commit finds the charge it
 * created and uses it (Asaas' own advice: query the earlier attempt's result before creating
 * again). Only one execution of a confirmation runs at a time (the action ledger's claim), so the
 * look-up cannot race another creation of the same charge.
 */
export class AsaasIssuer implements BoletoIssuer {
  readonly provider = 'asaas' as const;
  readonly registered = true;
  readonly needsDocument = true;

  constructor(
    private readonly client: AsaasClient,
    private readonly settings: AsaasChargeSettings = {},
  ) {}

  async issue(request: IssueRequest): Promise<IssuedBoleto> {
    if (!request.customer) throw new Error('an Asaas charge needs its customer');
    const customer = request.customer.providerRef ?? (await this.customerFor(request.customer));
    const earlier = await this.client.get<AsaasList<AsaasPayment>>('/payments', {
      externalReference: request.reference,
    });
    const payment =
      earlier.data.find((p) => !p.deleted && p.externalReference === request.reference) ??
      (await this.client.post<AsaasPayment>('/payments', {
        customer,
        billingType: 'BOLETO',
        value: request.amountCents / 100,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: request.reference,
        ...(this.settings.finePercent ? { fine: { value: this.settings.finePercent } } : {}),
        ...(this.settings.interestPercentPerMonth
          ? { interest: { value: this.settings.interestPercentPerMonth } }
          : {}),
      }));
    const line = await this.client.get<{ identificationField: string; barCode: string }>(
      `/payments/${encodeURIComponent(payment.id)}/identificationField`,
    );
    return {
      providerRef: payment.id,
      digitableLine: line.identificationField.replace(/\D/g, ''),
      barcode: line.barCode.replace(/\D/g, ''),
      pdfUrl: payment.bankSlipUrl ?? null,
      customerProviderRef: customer,
    };
  }

  async cancel(providerRef: string): Promise<void> {
    const now = await this.state(providerRef);
    if (now.status === 'CANCELLED') return;
    if (now.status === 'PAID') throw new ChargeNotCancellable('PAID');
    await this.client.delete(`/payments/${encodeURIComponent(providerRef)}`);
  }

  async cancelByReference(reference: string): Promise<'none' | 'cancelled' | 'paid'> {
    const found = await this.client.get<AsaasList<AsaasPayment>>('/payments', {
      externalReference: reference,
    });
    const open = found.data.filter((p) => !p.deleted && p.externalReference === reference);
    if (open.some((p) => chargeStateOf(p).status === 'PAID')) return 'paid';
    for (const payment of open) await this.client.delete(`/payments/${encodeURIComponent(payment.id)}`);
    return open.length > 0 ? 'cancelled' : 'none';
  }

  async state(providerRef: string): Promise<ChargeState> {
    try {
      return chargeStateOf(
        await this.client.get<AsaasPayment>(`/payments/${encodeURIComponent(providerRef)}`),
      );
    } catch (error) {
      // A charge removed at Asaas (by the tenant on its site, say) may answer 404.
      if (error instanceof ProviderResponseError && error.status === 404) return { status: 'CANCELLED' };
      throw error;
    }
  }

  /** The customer at Asaas with this CPF/CNPJ, created the first time. */
  private async customerFor(customer: BoletoCustomer): Promise<string> {
    if (!customer.document) throw new Error('an Asaas charge needs the customer CPF/CNPJ');
    const found = await this.client.get<AsaasList<AsaasCustomer>>('/customers', {
      cpfCnpj: customer.document,
    });
    const existing = found.data.find((c) => !c.deleted);
    if (existing) return existing.id;
    const created = await this.client.post<AsaasCustomer>('/customers', {
      name: customer.name,
      cpfCnpj: customer.document,
      ...(customer.email ? { email: customer.email } : {}),
      ...(customer.phone ? { mobilePhone: customer.phone.replace(/^55/, '') } : {}),
      externalReference: customer.id,
      notificationDisabled: !this.settings.providerNotifies,
    });
    return created.id;
  }
}
