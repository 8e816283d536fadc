import { ApiError } from './sdk';
import { IrisError, ProviderResponseError, ProviderUnavailableError } from '../../core/errors';

/**
 * Maps what `@google/genai` throws onto the project's error hierarchy, so that the
 * resilience policies and the job lifecycle can tell "Gemini answered no" from "Gemini
 * could not be reached":
 *
 * | thrown by the SDK / fetch                         | becomes                                   |
 * |---------------------------------------------------|-------------------------------------------|
 * | `ApiError` 429                                    | `GeminiRateLimitError` (retryable, hint)  |
 * | `ApiError` 408, 5xx                               | `ProviderResponseError` retryable         |
 * | `ApiError` other 4xx (400 bad audio, 403 bad key) | `ProviderResponseError` final             |
 * | `TypeError: fetch failed`, socket/DNS codes       | `ProviderUnavailableError`                |
 * | `AbortError` / `TimeoutError` (SDK's own timeout) | `ProviderUnavailableError`                |
 * | anything else (malformed body, SDK bug)           | `ProviderResponseError` final             |
 *
 * Messages carry Google's `status` and `message` (they never echo the audio or prompt).
 */

/** A 429 from Gemini. `retryAfterMs` is Google's `RetryInfo.retryDelay` when it sent one. */
export class GeminiRateLimitError extends ProviderResponseError {
  readonly retryAfterMs: number | undefined;
  constructor(provider: string, message: string, retryAfterMs: number | undefined, cause: unknown) {
    super(provider, message, { status: 429, retryable: true, cause });
    this.retryAfterMs = retryAfterMs;
  }
}

/** The `error` object of a Google API error body (`google.rpc.Status` in JSON). */
interface GoogleErrorBody {
  code?: number;
  message?: string;
  status?: string;
  details?: Array<{ '@type'?: string; retryDelay?: string }>;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** The SDK puts the JSON error body, stringified, in `ApiError.message`. */
export function parseGoogleErrorBody(message: string): GoogleErrorBody | undefined {
  try {
    const parsed = JSON.parse(message) as { error?: unknown };
    return typeof parsed.error === 'object' && parsed.error !== null
      ? (parsed.error as GoogleErrorBody)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `RetryInfo.retryDelay` is a protobuf Duration in JSON: "53s", "0.500s". */
export function retryDelayMs(body: GoogleErrorBody | undefined): number | undefined {
  const info = body?.details?.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'));
  const match = /^(\d+(?:\.\d+)?)s$/.exec(info?.retryDelay ?? '');
  return match?.[1] === undefined ? undefined : Math.round(Number(match[1]) * 1000);
}

/**
 * Errors from fetch (undici) are built in Node's own realm, so under jest's sandbox they
 * fail `instanceof Error`/`TypeError`: test them by shape (name, message, code, cause).
 */
interface ErrorLike {
  name: string;
  message: string;
  code?: unknown;
  cause?: unknown;
}

function isErrorLike(error: unknown): error is ErrorLike {
  const candidate = error as Partial<ErrorLike> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string';
}

function errorCode(error: unknown): string | undefined {
  return isErrorLike(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** fetch reports network failures as `TypeError('fetch failed')` with a coded `cause`. */
function isNetworkError(error: unknown, depth = 0): boolean {
  if (!isErrorLike(error) || depth > 3) return false;
  if (NETWORK_CODES.has(errorCode(error) ?? '')) return true;
  if (error.name === 'TypeError' && error.message === 'fetch failed') return true;
  return isNetworkError(error.cause, depth + 1);
}

/** The first socket/DNS code along the `cause` chain (the SDK may wrap fetch's error). */
function networkCode(error: unknown, depth = 0): string | undefined {
  if (!isErrorLike(error) || depth > 3) return undefined;
  const code = errorCode(error);
  return code !== undefined && NETWORK_CODES.has(code) ? code : networkCode(error.cause, depth + 1);
}

function isAbort(error: unknown): boolean {
  return isErrorLike(error) && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function fromApiError(provider: string, error: ApiError): ProviderResponseError {
  const body = parseGoogleErrorBody(error.message);
  const summary = body ? `${body.status ?? 'HTTP'} ${body.message ?? ''}`.trim() : error.message;
  const message = `HTTP ${error.status}: ${summary}`.slice(0, 500);
  if (error.status === 429) {
    return new GeminiRateLimitError(provider, message, retryDelayMs(body), error);
  }
  const retryable = error.status === 408 || error.status >= 500;
  return new ProviderResponseError(provider, message, { status: error.status, retryable, cause: error });
}

/** Classifies one error thrown by a Gemini call. Pass as `classifyError` to the resilient caller. */
export function toProviderError(provider: string, error: unknown): IrisError {
  if (error instanceof IrisError) return error;
  if (error instanceof ApiError) return fromApiError(provider, error);
  if (isAbort(error)) return new ProviderUnavailableError(provider, 'request aborted', error);
  if (isNetworkError(error)) {
    return new ProviderUnavailableError(provider, `unreachable (${networkCode(error) ?? 'network'})`, error);
  }
  const detail = isErrorLike(error) ? error.message : String(error);
  return new ProviderResponseError(provider, `unexpected failure: ${detail}`.slice(0, 500), { cause: error });
}
