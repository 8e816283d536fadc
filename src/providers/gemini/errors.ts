import { isApiError, type ApiError } from './sdk';
import { IrisError, ProviderResponseError, ProviderUnavailableError } from '../../core/errors';
import { isAbort, isErrorLike, isNetworkError, networkCode } from '../network-errors';

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
  if (isApiError(error)) return fromApiError(provider, error);
  if (isAbort(error)) return new ProviderUnavailableError(provider, 'request aborted', error);
  if (isNetworkError(error)) {
    return new ProviderUnavailableError(provider, `unreachable (${networkCode(error) ?? 'network'})`, error);
  }
  const detail = isErrorLike(error) ? error.message : String(error);
  return new ProviderResponseError(provider, `unexpected failure: ${detail}`.slice(0, 500), { cause: error });
}
