/**
 * Runs `fn` on every item of `items` with at most `limit` running at once, and settles when all
 * have: the first failure is thrown then (never while others still run, so a caller that does
 * not overlap its passes stays that way).
 */
export async function eachConcurrently<T>(
  items: AsyncIterable<T>,
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  const failures: unknown[] = [];
  const worker = async () => {
    try {
      // An async generator queues concurrent `next()` calls: each item goes to one worker.
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        await fn(next.value).catch((error: unknown) => failures.push(error));
      }
    } catch (error) {
      failures.push(error); // the items themselves failed (a generator then says it is done)
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failures.length > 0) throw failures[0];
}
