/**
 * The error hierarchy. Every error has a stable `code`, tells whether retrying may help
 * (`retryable`) and keeps its `cause`. A provider that answered with an error
 * (`ProviderResponseError`) is not the same as one that could not be reached
 * (`ProviderUnavailableError`): the first is usually final, the second is worth a retry.
 */
export class IrisError extends Error {
  readonly code: string;
  readonly retryable: boolean;

  constructor(code: string, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/** Bad configuration found at start; the message says how to fix it. */
export class ConfigError extends IrisError {
  constructor(message: string) {
    super('config_invalid', message);
  }
}

/** Input that can never be processed (wrong shape, too large); retrying will not help. */
export class InvalidInputError extends IrisError {
  constructor(message: string, cause?: unknown) {
    super('invalid_input', message, { cause });
  }
}

/** The provider answered, with an error (HTTP 4xx/5xx, a refusal, a malformed body). */
export class ProviderResponseError extends IrisError {
  readonly status: number | undefined;
  constructor(
    provider: string,
    message: string,
    options: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super('provider_response', `${provider}: ${message}`, {
      retryable: options.retryable ?? false,
      cause: options.cause,
    });
    this.status = options.status;
  }
}

/** The provider could not be reached (network, DNS, time-out) or its circuit is open. */
export class ProviderUnavailableError extends IrisError {
  constructor(provider: string, message: string, cause?: unknown) {
    super('provider_unavailable', `${provider}: ${message}`, { retryable: true, cause });
  }
}

/** A use case refused the operation for a business reason the user can understand. */
export class DomainError extends IrisError {
  /** Catalog key of the sentence that explains the refusal to the user. */
  readonly messageKey: string;
  readonly params: Record<string, string | number>;
  constructor(messageKey: string, params: Record<string, string | number> = {}) {
    super(`domain_${messageKey}`, messageKey);
    this.messageKey = messageKey;
    this.params = params;
  }
}

/**
 * The platform asked us to slow down (Telegram 429 `retry_after`, WhatsApp rate-overlimit).
 * The outbound worker pauses the whole channel queue for `retryAfterMs` and retries the reply.
 */
export class ChannelRateLimitedError extends IrisError {
  readonly retryAfterMs: number;
  constructor(channel: string, retryAfterMs: number, cause?: unknown) {
    super('channel_rate_limited', `${channel}: rate limited for ${retryAfterMs} ms`, {
      retryable: true,
      cause,
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A defect: something the code should never do (a sentence missing from a catalog, an
 * impossible state). Retrying cannot help, so a turn that meets one answers the generic error
 * at once and the conversation moves on.
 */
export class DefectError extends IrisError {
  constructor(message: string, cause?: unknown) {
    super('defect', message, { retryable: false, cause });
    this.name = 'DefectError';
  }
}

const PROGRAMMING_ERRORS = new Set([
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'ZodError',
  // A query Prisma refuses before sending it (a wrong field or type): a bug.
  'PrismaClientValidationError',
]);

/**
 * Whether retrying the work may succeed: an `IrisError` says so itself; a programming error
 * (TypeError…), a failed schema or a database refusal of the data never will; anything else (a
 * dropped Redis or PostgreSQL connection, a time-out, a unique key met by a concurrent twin) is
 * treated as transient.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof IrisError) return error.retryable;
  if (error instanceof Error && PROGRAMMING_ERRORS.has(error.name)) return false;
  return !isDatabaseRefusal(error);
}

/**
 * A database refusal that every retry meets again: a data exception (SQLSTATE class 22) or an
 * integrity violation (23: a check, a foreign key, a NULL), read from the PostgreSQL code that
 * Prisma's driver adapter passes on. A unique violation stays transient: a concurrent twin of the
 * same execution causes one, and the retry finds the twin's result.
 */
function isDatabaseRefusal(error: unknown): boolean {
  const sqlstate = (
    error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null
  )?.meta?.driverAdapterError?.cause?.originalCode;
  return typeof sqlstate === 'string' && /^2[23]/.test(sqlstate) && sqlstate !== '23505';
}
