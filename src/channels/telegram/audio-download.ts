import { GrammyError, type Api } from 'grammy';
import { ProviderResponseError, ProviderUnavailableError } from '../../core/errors';
import { toChannelError } from './api-errors';
import type { AudioToFetch } from './map-update';
import { redact } from './secrets';

export interface DownloadLimits {
  token: string;
  apiRoot: string;
  maxBytes: number;
  timeoutMs: number;
}

/** Bytes of the voice note, or why it will never be readable (the user gets a clear reply). */
export type AudioDownload =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' | 'unsupported_format' };

/**
 * Downloads a voice note: `getFile` for its path, then a GET on `<apiRoot>/file/bot<token>/<path>`.
 * The size cap is enforced three times (Telegram's declared size, Content-Length, and the bytes
 * actually read) because the first two may be missing.
 *
 * Failures that may pass (network, 5xx, 429) are thrown as retryable errors so the update is
 * delivered again; failures that will not pass become `{ ok: false }`, never an exception that
 * would make Telegram (or our poller) deliver the same update forever.
 */
export async function downloadAudio(
  api: Api,
  audio: AudioToFetch,
  limits: DownloadLimits,
): Promise<AudioDownload> {
  let filePath: string | undefined;
  try {
    const file = await api.getFile(audio.fileId);
    if (file.file_size !== undefined && file.file_size > limits.maxBytes)
      return { ok: false, reason: 'too_large' };
    filePath = file.file_path;
  } catch (err) {
    if (
      err instanceof GrammyError &&
      err.error_code >= 400 &&
      err.error_code < 500 &&
      err.error_code !== 429
    ) {
      // "Bad Request: file is too big" is the Bot API's 20 MB download limit.
      return { ok: false, reason: /too big/i.test(err.description) ? 'too_large' : 'unsupported_format' };
    }
    throw toChannelError(err, limits.token);
  }
  if (!filePath) return { ok: false, reason: 'unsupported_format' };

  const url = `${limits.apiRoot.replace(/\/+$/, '')}/file/bot${limits.token}/${filePath}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (err) {
    const reason = err instanceof Error ? redact(err.message, limits.token) : 'unknown';
    throw new ProviderUnavailableError('telegram', `file download failed: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderResponseError('telegram', `file download answered ${response.status}`, {
        status: response.status,
        retryable: true,
      });
    }
    return { ok: false, reason: 'unsupported_format' };
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too_large' };
  }
  return readCapped(response, limits.maxBytes, limits.token);
}

async function readCapped(response: Response, maxBytes: number, token: string): Promise<AudioDownload> {
  if (!response.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(Buffer.from(value));
    }
  } catch (err) {
    const reason = err instanceof Error ? redact(err.message, token) : 'unknown';
    throw new ProviderUnavailableError('telegram', `file download interrupted: ${reason}`);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
