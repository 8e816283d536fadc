import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  SamplingBreaker,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  type IBreaker,
  type IRetryBackoffContext,
} from 'cockatiel';
import { IrisError, ProviderUnavailableError } from '../core/errors';

/**
 * Timeouts, retries and a circuit breaker around calls to a remote provider (Gemini
 * transcription today, Gemini understanding next), built on cockatiel.
 *
 * Policies, from the outside in:
 *
 *   retry (only `IrisError.retryable`: 429, 5xx, network, time-out)
 *     -> circuit breaker (counts retryable failures only)
 *       -> timeout (per attempt; aborts the attempt's `AbortSignal`)
 *         -> fn(signal)
 *
 * Every attempt is one sample for the breaker, so a provider that keeps failing opens the
 * circuit even in the middle of one call's retries. While the circuit is open, calls fail
 * at once with `ProviderUnavailableError('circuit open')` and no request leaves the
 * process; after `halfOpenAfterMs` one trial call goes through, and its outcome closes or
 * re-opens the circuit (calls arriving meanwhile wait for that outcome). Answers that are final (400, 403: `retryable` false) are neither
 * retried nor counted against the provider's health: the provider is up, our request was
 * wrong.
 *
 * Worst-case latency of one `call` is about
 * `(retries + 1) * timeoutMs + retries * maxDelayMs`; size the job's own deadline on it.
 */

export type CircuitStateName = 'closed' | 'open' | 'half-open';

/** When the breaker opens. */
export type BreakerOptions =
  | {
      /** Open after this many failed attempts in a row. */
      kind: 'consecutive';
      /** Default 5. */
      threshold?: number;
      /** Default 30 000 ms: how long the circuit stays open before one trial call. */
      halfOpenAfterMs?: number;
    }
  | {
      /** Open when the failure ratio over a sliding time window passes `threshold`. */
      kind: 'sampling';
      /** Failure ratio, 0..1. Default 0.5. */
      threshold?: number;
      /** Window length. Default 60 000 ms. */
      durationMs?: number;
      /**
       * Below this request rate (per second, over the window) the breaker never opens: too
       * few samples. Default cockatiel's: enough for 5 failures at `threshold`.
       */
      minimumRps?: number;
      /** Default 30 000 ms. */
      halfOpenAfterMs?: number;
    };

export interface ResilienceOptions {
  /** Provider name: prefixes error messages and log lines ("gemini-transcriber: circuit open"). */
  name: string;
  /** Deadline of one attempt. Default 15 000 ms. */
  timeoutMs?: number;
  /** Extra attempts after the first, for retryable errors only. Default 2 (three attempts). */
  retries?: number;
  /** First backoff delay; doubles per retry, with jitter. Default 250 ms. */
  baseDelayMs?: number;
  /** Ceiling of one backoff delay. Default 4 000 ms. */
  maxDelayMs?: number;
  /** Default `{ kind: 'consecutive', threshold: 5, halfOpenAfterMs: 30 000 }`. */
  breaker?: BreakerOptions;
  /**
   * Turns whatever `fn` threw into the project's error hierarchy, so that the policies can
   * read `retryable`. `IrisError`s pass through untouched; anything this function does not
   * know should come back as a non-retryable error. Default: errors pass through unchanged
   * (and, not being `IrisError`s, are never retried).
   */
  classifyError?: (error: unknown) => unknown;
  /** Receives breaker transitions and retries, for logs and metrics. */
  logger?: Pick<ResilienceLogger, 'warn' | 'info'>;
  /** Source of randomness for jitter (tests pin it). Default `Math.random`. */
  random?: () => number;
}

/** The subset of a pino logger this module uses. */
export interface ResilienceLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ResilientCaller {
  /**
   * Runs `fn` under the policies. `fn` must pass `signal` to its I/O so that a time-out
   * cancels the request rather than leaving it running. Throws `IrisError`s (as classified),
   * or `ProviderUnavailableError` for a time-out or an open circuit.
   */
  call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Current breaker state, for health checks, metrics and logs. */
  state(): CircuitStateName;
  /** Subscribes to breaker transitions; returns the unsubscribe function. */
  onStateChange(listener: (state: CircuitStateName) => void): () => void;
}

export const RESILIENCE_DEFAULTS = {
  timeoutMs: 15_000,
  retries: 2,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  breaker: { kind: 'consecutive', threshold: 5, halfOpenAfterMs: 30_000 },
} as const satisfies Omit<Required<ResilienceOptions>, 'name' | 'classifyError' | 'logger' | 'random'>;

/**
 * An error may carry the provider's own "retry after" hint (Gemini's `RetryInfo`,
 * HTTP `Retry-After`) in `retryAfterMs`; the backoff then waits at least that long.
 */
function retryAfterHint(error: unknown): number | undefined {
  const hint = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof hint === 'number' && Number.isFinite(hint) && hint >= 0 ? hint : undefined;
}

function isRetryable(error: unknown): boolean {
  return error instanceof IrisError && error.retryable;
}

function stateName(state: CircuitState): CircuitStateName {
  switch (state) {
    case CircuitState.Closed:
      return 'closed';
    case CircuitState.HalfOpen:
      return 'half-open';
    default:
      return 'open'; // Open and Isolated (held open by hand) look the same to callers.
  }
}

function makeBreaker(options: BreakerOptions): IBreaker {
  if (options.kind === 'sampling') {
    return new SamplingBreaker({
      threshold: options.threshold ?? 0.5,
      duration: options.durationMs ?? 60_000,
      ...(options.minimumRps === undefined ? {} : { minimumRps: options.minimumRps }),
    });
  }
  return new ConsecutiveBreaker(options.threshold ?? RESILIENCE_DEFAULTS.breaker.threshold);
}

export function createResilientCaller(options: ResilienceOptions): ResilientCaller {
  const name = options.name;
  const timeoutMs = options.timeoutMs ?? RESILIENCE_DEFAULTS.timeoutMs;
  const retries = options.retries ?? RESILIENCE_DEFAULTS.retries;
  const baseDelayMs = options.baseDelayMs ?? RESILIENCE_DEFAULTS.baseDelayMs;
  const maxDelayMs = Math.max(baseDelayMs, options.maxDelayMs ?? RESILIENCE_DEFAULTS.maxDelayMs);
  const breakerOptions = options.breaker ?? RESILIENCE_DEFAULTS.breaker;
  const classify = options.classifyError ?? ((error: unknown) => error);
  const random = options.random ?? Math.random;
  const logger = options.logger;

  // "Equal jitter": half of the exponential delay is fixed, half random, so retries from
  // many workers spread out but never collapse to zero. A provider hint wins when longer.
  const backoff = new DelegateBackoff<IRetryBackoffContext<unknown>>((context) => {
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (context.attempt - 1));
    const jittered = exponential / 2 + random() * (exponential / 2);
    const hint = 'error' in context.result ? retryAfterHint(context.result.error) : undefined;
    return Math.round(Math.max(jittered, hint ?? 0));
  });

  // A hint longer than `maxDelayMs` ("quota resets in 40 s") is not worth waiting for
  // in-process: give up now and let the caller's job queue reschedule.
  const retryPolicy = retry(
    handleWhen((error) => isRetryable(error) && (retryAfterHint(error) ?? 0) <= maxDelayMs),
    { maxAttempts: retries, backoff },
  );
  const breakerPolicy = circuitBreaker(handleWhen(isRetryable), {
    breaker: makeBreaker(breakerOptions),
    halfOpenAfter: breakerOptions.halfOpenAfterMs ?? RESILIENCE_DEFAULTS.breaker.halfOpenAfterMs,
  });
  const timeoutPolicy = timeout(timeoutMs, TimeoutStrategy.Aggressive);

  retryPolicy.onRetry((event) => {
    const error = 'error' in event ? (event.error as { code?: string; status?: number }) : undefined;
    logger?.warn(
      {
        provider: name,
        attempt: event.attempt,
        delayMs: event.delay,
        code: error?.code,
        status: error?.status,
      },
      'provider retry',
    );
  });
  breakerPolicy.onBreak(() => logger?.warn({ provider: name, circuit: 'open' }, 'provider circuit opened'));
  breakerPolicy.onHalfOpen(() =>
    logger?.info({ provider: name, circuit: 'half-open' }, 'provider circuit trial'),
  );
  breakerPolicy.onReset(() => logger?.info({ provider: name, circuit: 'closed' }, 'provider circuit closed'));

  async function attempt<T>(fn: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await timeoutPolicy.execute((context) => fn(context.signal), signal);
    } catch (error) {
      if (error instanceof TaskCancelledError) {
        throw new ProviderUnavailableError(name, `timed out after ${timeoutMs} ms`, error);
      }
      throw classify(error);
    }
  }

  return {
    async call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
      try {
        // Each call its own parent signal: without one, cockatiel hangs every call's listener on
        // one shared never-aborted signal, and a process with more than ten calls in flight (a
        // pipeline waiting on a model with many slots) warns of a listener leak.
        return await retryPolicy.execute(
          (retryContext) =>
            breakerPolicy.execute((context) => attempt(fn, context.signal), retryContext.signal),
          new AbortController().signal,
        );
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          throw new ProviderUnavailableError(name, 'circuit open', error);
        }
        throw error;
      }
    },
    state: () => stateName(breakerPolicy.state),
    onStateChange(listener) {
      const subscription = breakerPolicy.onStateChange((state) => listener(stateName(state)));
      return () => subscription.dispose();
    },
  };
}
