import { createResilientCaller } from '../../src/providers/resilience';

/**
 * Many calls in flight at once (a pipeline process with many slots waiting on a model): no
 * signal carries more than a few abort listeners. Without a parent signal per call, cockatiel
 * hung every call's listener on one shared signal, and Node warned of a listener leak past ten.
 */
describe('resilient caller under concurrency', () => {
  it('keeps each signal’s abort listeners few with fifty calls in flight', async () => {
    const live = new Map<EventTarget, number>();
    let most = 0;
    const proto = AbortSignal.prototype as unknown as EventTarget;
    const add = jest.spyOn(proto, 'addEventListener').mockImplementation(function (
      this: EventTarget,
      type,
      ...rest
    ) {
      if (type === 'abort') {
        live.set(this, (live.get(this) ?? 0) + 1);
        most = Math.max(most, live.get(this)!);
      }
      return EventTarget.prototype.addEventListener.call(this, type, ...rest);
    });
    const remove = jest.spyOn(proto, 'removeEventListener').mockImplementation(function (
      this: EventTarget,
      type,
      ...rest
    ) {
      if (type === 'abort') live.set(this, (live.get(this) ?? 1) - 1);
      return EventTarget.prototype.removeEventListener.call(this, type, ...rest);
    });
    try {
      const caller = createResilientCaller({ name: 'test', timeoutMs: 2000 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      const calls = Array.from({ length: 50 }, (_, i) =>
        caller.call(async () => {
          started++;
          await held;
          return i;
        }),
      );
      while (started < 50) await new Promise((resolve) => setImmediate(resolve));
      release();
      expect(await Promise.all(calls)).toHaveLength(50);
      expect(most).toBeLessThanOrEqual(3);
    } finally {
      add.mockRestore();
      remove.mockRestore();
    }
  });
});
