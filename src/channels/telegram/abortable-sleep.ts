/** Waits `ms`, or less if `signal` aborts: a stopping poller must not sit out a 5-minute back-off. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `base`, doubled for each earlier failure, at most `max`. */
export function backoff(base: number, max: number, failures: number): number {
  return Math.min(max, base * 2 ** Math.max(0, failures - 1));
}
