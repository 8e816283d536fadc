import type { BoletoIssuer, ChargeState, IssueRequest, IssuedBoleto } from '../../core/boleto-issuer';
import { boletoNumbers } from './febraban';

/** Demo bank (Bradesco's code); a local boleto is registered with no bank, whatever the code. */
const BANK_CODE = '237';

/**
 * The local issuer: numbers computed by FEBRABAN's rules from the tenant and the boleto number,
 * registered with no bank, so nobody can pay them. The default for development, demos and tests;
 * every reply about its boletos says they are not registered.
 */
export const localIssuer: BoletoIssuer = {
  provider: 'local',
  registered: false,
  needsDocument: false,

  async issue(request: IssueRequest): Promise<IssuedBoleto> {
    // The free field is the tenant and the confirmation: a retried execution computes the same
    // line, and the line does not wait for the boleto's number (taken after issuing).
    const tenantDigits = request.tenantId.replace(/\D/g, '').padEnd(10, '0').slice(0, 10);
    const referenceDigits = (BigInt(`0x${request.reference.replace(/[^0-9a-f]/gi, '') || '0'}`) % 10n ** 15n)
      .toString()
      .padStart(15, '0');
    const numbers = boletoNumbers({
      bankCode: BANK_CODE,
      amountCents: request.amountCents,
      dueDate: request.dueDate,
      freeField: `${tenantDigits}${referenceDigits}`,
    });
    return {
      providerRef: null,
      digitableLine: numbers.digitableLine,
      barcode: numbers.barcode,
      pdfUrl: null,
      customerProviderRef: null,
    };
  },

  // Nobody but this database knows a local boleto: cancelling it is the row's change alone.
  async cancel(): Promise<void> {},

  // A local boleto exists only as a row, and a failed execution left none.
  async cancelByReference(): Promise<'none'> {
    return 'none';
  },

  async state(): Promise<ChargeState> {
    throw new Error('a local boleto has no provider to ask');
  },
};
