/**
 * Why a lease tenure (the time this process holds the number) ended. `halted`: WhatsApp closed
 * the connection for good (replaced by another client, account refused): the lease is handed
 * over and this process waits out a cool-down before standing by again.
 */
export type TenureEnd = 'stop' | 'lost' | 'unpaired' | 'halted';

export interface Tenure {
  promise: Promise<TenureEnd>;
  end(why: TenureEnd): void;
  ended: boolean;
}

export function newTenure(): Tenure {
  let resolve: (why: TenureEnd) => void = () => undefined;
  const tenure: Tenure = {
    promise: new Promise<TenureEnd>((r) => (resolve = r)),
    ended: false,
    end(why) {
      if (tenure.ended) return;
      tenure.ended = true;
      resolve(why);
    },
  };
  return tenure;
}

/** Sleeps `ms`, or less if `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
