export interface BackoffOptions {
  /** Delay of the first retry before jitter. */
  baseDelayMs: number;
  /** Upper bound of any delay. */
  maxDelayMs: number;
}

/**
 * Exponential backoff with "equal jitter": the n-th consecutive failure waits between half and
 * all of `min(max, base * 2^(n-1))`. The jitter keeps several processes (or a restarted one)
 * from reconnecting in lockstep; the floor keeps a flapping link from reconnecting in a tight
 * loop, which WhatsApp reads as abuse.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempt));
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.min(n - 1, 30));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
