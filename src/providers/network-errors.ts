/**
 * How a provider call failed on the way, whatever the provider: fetch's network failures
 * (socket and DNS codes, `TypeError('fetch failed')`) and aborts. Each provider's error mapping
 * (`gemini/errors.ts`, `ollama/errors.ts`) starts from these.
 */

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

/**
 * Errors from fetch (undici) are built in Node's own realm, so under jest's sandbox they
 * fail `instanceof Error`/`TypeError`: test them by shape (name, message, code, cause).
 */
export interface ErrorLike {
  name: string;
  message: string;
  code?: unknown;
  cause?: unknown;
}

export function isErrorLike(error: unknown): error is ErrorLike {
  const candidate = error as Partial<ErrorLike> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string';
}

function errorCode(error: unknown): string | undefined {
  return isErrorLike(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** fetch reports network failures as `TypeError('fetch failed')` with a coded `cause`. */
export function isNetworkError(error: unknown, depth = 0): boolean {
  if (!isErrorLike(error) || depth > 3) return false;
  if (NETWORK_CODES.has(errorCode(error) ?? '')) return true;
  if (error.name === 'TypeError' && error.message === 'fetch failed') return true;
  return isNetworkError(error.cause, depth + 1);
}

/** The first socket/DNS code along the `cause` chain (the SDK may wrap fetch's error). */
export function networkCode(error: unknown, depth = 0): string | undefined {
  if (!isErrorLike(error) || depth > 3) return undefined;
  const code = errorCode(error);
  return code !== undefined && NETWORK_CODES.has(code) ? code : networkCode(error.cause, depth + 1);
}

export function isAbort(error: unknown): boolean {
  return isErrorLike(error) && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
