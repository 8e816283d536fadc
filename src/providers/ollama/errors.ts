import { IrisError, ProviderResponseError, ProviderUnavailableError } from '../../core/errors';
import { isAbort, isErrorLike, isNetworkError, networkCode } from '../network-errors';

/** What `ollama` throws for an answer that is not 2xx: `ResponseError` with the body's `error`. */
interface OllamaResponseErrorLike {
  name: string;
  error: string;
  status_code: number;
}

function isResponseError(error: unknown): error is OllamaResponseErrorLike {
  const candidate = error as Partial<OllamaResponseErrorLike> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.name === 'ResponseError' &&
    typeof candidate.status_code === 'number'
  );
}

/**
 * Maps what the `ollama` client throws onto the project's error hierarchy, like Gemini's:
 * 429, 408 and 5xx (a model still loading, an overloaded server) are retryable; other 4xx
 * (an unknown model: 404) are final; a refused connection or a time-out is "unavailable".
 */
export function toOllamaError(provider: string, error: unknown): IrisError {
  if (error instanceof IrisError) return error;
  if (isResponseError(error)) {
    const status = error.status_code;
    const retryable = status === 408 || status === 429 || status >= 500;
    return new ProviderResponseError(provider, `HTTP ${status}: ${error.error}`.slice(0, 500), {
      status,
      retryable,
      cause: error,
    });
  }
  if (isAbort(error)) return new ProviderUnavailableError(provider, 'request aborted', error);
  if (isNetworkError(error)) {
    return new ProviderUnavailableError(provider, `unreachable (${networkCode(error) ?? 'network'})`, error);
  }
  const detail = isErrorLike(error) ? error.message : String(error);
  return new ProviderResponseError(provider, `unexpected failure: ${detail}`.slice(0, 500), { cause: error });
}
