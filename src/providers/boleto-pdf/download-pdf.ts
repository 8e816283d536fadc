import { MAX_PDF_BYTES } from '../../core/boleto-pdf';
import { ProviderResponseError, ProviderUnavailableError } from '../../core/errors';

/**
 * Downloads a provider's printable boleto (Asaas' `bankSlipUrl` is a public link to a PDF).
 * Unreachable, a time-out, 429 or 5xx: worth another try; anything that is not a PDF, or larger
 * than Iris attaches, is refused (a login page served instead of the boleto must not be sent).
 */
export async function downloadPdf(url: string, provider: string, timeoutMs = 15_000): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    throw new ProviderUnavailableError(provider, 'the boleto PDF could not be downloaded', error);
  }
  if (!response.ok)
    throw new ProviderResponseError(provider, `the boleto PDF answered ${response.status}`, {
      status: response.status,
      retryable: response.status === 429 || response.status >= 500,
    });
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_PDF_BYTES) {
    await response.body?.cancel();
    throw new ProviderResponseError(provider, `the boleto PDF is too large (${declared} bytes)`, {
      retryable: false,
    });
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new ProviderResponseError(provider, 'the boleto link did not give a PDF', { retryable: false });
  return bytes;
}
