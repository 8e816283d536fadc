import type { OutboundDocument } from './messages';

/**
 * A boleto as a PDF: what delivery attaches for the customer and what the owner gets to forward.
 * A provider's boleto is its own printable one (downloaded); a local one is drawn here.
 */
export interface PrintableBoleto {
  number: number;
  amountCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  digitableLine: string;
  /** The 44 digits the bars encode. */
  barcode: string;
  contactName: string;
  tenantName: string;
  /** 'local' or the provider that registered it. */
  provider: string;
  /** The provider's printable boleto, when it has one. */
  pdfUrl: string | null;
}

export interface BoletoPdf {
  fileName: string;
  bytes: Buffer;
}

/**
 * Gets a boleto's PDF. Throws `ProviderUnavailableError` / a retryable `ProviderResponseError`
 * when a provider's PDF could not be downloaded now.
 */
export interface BoletoPdfs {
  pdfOf(boleto: PrintableBoleto): Promise<BoletoPdf>;
}

/** The largest PDF Iris attaches (a provider's boleto is a few hundred KB at most). */
export const MAX_PDF_BYTES = 5 * 1024 * 1024;

/** A boleto's PDF as a file sent with a message (base64, as outbound jobs carry it). */
export function asOutboundDocument(pdf: BoletoPdf): OutboundDocument {
  return { fileName: pdf.fileName, mimeType: 'application/pdf', base64: pdf.bytes.toString('base64') };
}
