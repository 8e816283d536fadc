import { createHash } from 'node:crypto';

/**
 * The bot token grants full control of the bot, and it appears in every Bot API URL. This file
 * keeps it out of Redis keys and logs: keys and log lines use `tokenId` (a short hash), and any
 * error text is passed through `redact` before it is logged or attached to an error we throw.
 */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

const TOKEN_IN_TEXT = /\d{3,}:[A-Za-z0-9_-]{20,}/g;

/**
 * Replaces the token (and anything shaped like a bot token) in a text. Anything that is not a
 * string (an error body without `description`) becomes its string form first: redacting must
 * never be what throws.
 */
export function redact(value: unknown, token?: string): string {
  const text = typeof value === 'string' ? value : value === undefined ? '(no description)' : String(value);
  const withoutToken = token ? text.split(token).join('<token>') : text;
  return withoutToken.replace(TOKEN_IN_TEXT, '<token>');
}

/** A log-safe summary of any thrown value: name, redacted message, Bot API code if any. */
export function describeError(err: unknown, token?: string): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: redact(String(err), token) };
  const info: Record<string, unknown> = { name: err.name, message: redact(err.message, token) };
  const coded = err as Error & { code?: unknown; error_code?: unknown; description?: unknown };
  if (typeof coded.code === 'string' || typeof coded.code === 'number') info.code = coded.code;
  if (typeof coded.error_code === 'number') info.errorCode = coded.error_code;
  if (err.cause instanceof Error) info.cause = redact(err.cause.message, token);
  return info;
}
