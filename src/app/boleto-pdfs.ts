import type { BoletoPdf, BoletoPdfs, PrintableBoleto } from '../core/boleto-pdf';
import { fillTemplate, formatDate, formatMoney } from '../core/format';
import { boletosCatalog as say } from '../domains/boletos/catalog';
import { formatDigitableLine } from '../domains/boleto-issuing/febraban';
import { downloadPdf } from '../providers/boleto-pdf/download-pdf';
import { onFirstUse } from '../core/on-first-use';

/** pdfkit (~25 MB, ~150 ms to load): only a process that draws a boleto loads it. */
const renderer = onFirstUse(
  () =>
    (
      require('../providers/boleto-pdf/render-boleto-pdf') as typeof import('../providers/boleto-pdf/render-boleto-pdf')
    ).renderBoletoPdf,
);

/**
 * A boleto's PDF: the provider's own printable boleto when it has one (the bank's layout, which
 * a customer trusts), else one drawn here — for a local boleto, marked as registered with no
 * bank. A boleto is Brazilian: its words and formats are pt-BR whatever pack issued it.
 */
export class BoletoPdfMaker implements BoletoPdfs {
  constructor(private readonly download: typeof downloadPdf = downloadPdf) {}

  async pdfOf(boleto: PrintableBoleto): Promise<BoletoPdf> {
    const fileName = fillTemplate(say.pdf_file_name, { number: boleto.number });
    if (boleto.provider !== 'local' && boleto.pdfUrl)
      return { fileName, bytes: await this.download(boleto.pdfUrl, boleto.provider) };
    const bytes = await renderer()(
      boleto,
      {
        amount: formatMoney(boleto.amountCents, 'pt-BR'),
        dueDate: formatDate(boleto.dueDate, 'pt-BR'),
        digitableLine: formatDigitableLine(boleto.digitableLine),
      },
      {
        title: say.pdf_title,
        ...(boleto.provider === 'local' ? { notRegistered: say.pdf_not_registered } : {}),
        beneficiary: say.pdf_beneficiary,
        payer: say.pdf_payer,
        number: say.pdf_number,
        dueDate: say.pdf_due_date,
        amount: say.pdf_amount,
        digitableLine: say.pdf_digitable_line,
      },
    );
    return { fileName, bytes };
  }
}
