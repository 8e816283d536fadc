import { ReadCache } from '../../src/core/read-cache';

describe('ReadCache', () => {
  it('reads a key once for callers at the same moment, and again after a failed read', async () => {
    const cache = new ReadCache<number>(60_000);
    let reads = 0;
    const values = await Promise.all([1, 2, 3].map(() => cache.get('a', async () => ++reads)));
    expect(values).toEqual([1, 1, 1]);
    await expect(cache.get('b', () => Promise.reject(new Error('store away')))).rejects.toThrow('store away');
    expect(await cache.get('b', async () => 7)).toBe(7);
    cache.forget('a');
    expect(await cache.get('a', async () => ++reads)).toBe(2);
  });

  it('keeps at most maxEntries keys, dropping the oldest read first', async () => {
    const cache = new ReadCache<string>(60_000, 2);
    const reads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        reads.push(key);
        return key;
      });
    await get('a');
    await get('b');
    await get('a'); // kept: no read
    await get('c'); // a third key: 'a', the oldest read, goes
    await get('b'); // kept
    await get('a'); // read again
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
