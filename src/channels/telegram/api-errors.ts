import { GrammyError, HttpError } from 'grammy';
import {
  ChannelRateLimitedError,
  IrisError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../core/errors';
import { redact } from './secrets';

/**
 * Turns what grammY throws into the project's errors, so the outbound worker can steer retries
 * without knowing Telegram. grammY already separates the two cases that matter (its
 * `core/error.ts`): `GrammyError` means the Bot API answered with an error, `HttpError` means it
 * could not be reached.
 *
 * - 429 -> `ChannelRateLimitedError` with `retry_after` in ms (the worker pauses the channel);
 * - other API errors -> `ProviderResponseError`, retryable only for 5xx (a 400 or a 403 "bot was
 *   blocked by the user" will fail the same way every time);
 * - network failures -> `ProviderUnavailableError` (retryable).
 *
 * The original error is not kept as `cause`: `HttpError.error` holds the failed URL, which
 * contains the token, and `GrammyError.payload` holds the message text. The cause is a plain
 * error with the redacted message instead.
 */
export function toChannelError(err: unknown, token: string): Error {
  if (err instanceof IrisError) return err;
  if (err instanceof GrammyError) {
    const cause = safeCause(err, token);
    if (err.error_code === 429) {
      const retryAfterSec = err.parameters.retry_after ?? 1;
      return new ChannelRateLimitedError('telegram', retryAfterSec * 1000, cause);
    }
    return new ProviderResponseError('telegram', `${err.method}: ${redact(err.description, token)}`, {
      status: err.error_code,
      retryable: err.error_code >= 500,
      cause,
    });
  }
  if (err instanceof HttpError) {
    return new ProviderUnavailableError('telegram', redact(err.message, token), safeCause(err.error, token));
  }
  return err instanceof Error ? err : new Error(redact(String(err), token));
}

function safeCause(err: unknown, token: string): Error {
  const cause = new Error(redact(err instanceof Error ? err.message : String(err), token));
  cause.name = err instanceof Error ? err.name : 'Error';
  return cause;
}
