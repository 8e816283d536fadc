import { eachConcurrently } from '../../src/core/each-concurrently';

async function* numbers(n: number): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) yield i;
}

describe('eachConcurrently', () => {
  it('runs every item once, never more than the limit at a time, and reaches the limit', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const releases: Array<() => void> = [];
    const done = eachConcurrently(numbers(10), 3, async (i) => {
      running++;
      peak = Math.max(peak, running);
      seen.push(i);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
    });
    // Release the items one by one as they arrive: the others stay held meanwhile.
    for (let released = 0; released < 10; released++) {
      while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(3);
      releases.shift()!();
    }
    await done;
    expect(peak).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('finishes the other items before it throws the first failure', async () => {
    const finished: number[] = [];
    await expect(
      eachConcurrently(numbers(6), 2, async (i) => {
        await new Promise((resolve) => setImmediate(resolve));
        if (i === 1) throw new Error('item 1 failed');
        finished.push(i);
      }),
    ).rejects.toThrow('item 1 failed');
    expect(finished.sort()).toEqual([0, 2, 3, 4, 5]);
  });

  it('waits for the items already running when the items themselves fail', async () => {
    let finished = 0;
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      yield 2;
      throw new Error('no more items');
    }
    await expect(
      eachConcurrently(failing(), 2, async () => {
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        finished++;
      }),
    ).rejects.toThrow('no more items');
    expect(finished).toBe(2);
  });

  it('handles no items', async () => {
    await expect(eachConcurrently(numbers(0), 4, () => Promise.resolve())).resolves.toBeUndefined();
  });
});
