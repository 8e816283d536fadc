import type { RedisClient } from '../core/redis-client';
import { runLua } from '../core/redis-script';

/**
 * Adds one call to each of a time window's counters (created with `ttlMs`, which a later call
 * never extends) and returns their counts, in one round trip (`core/lua/count-calls.lua`). The
 * counters must share a hash slot on Redis Cluster.
 */
export async function countCalls(
  redis: RedisClient,
  counters: readonly string[],
  ttlMs: number,
): Promise<number[]> {
  const counts = (await runLua(redis, 'count-calls', counters, [ttlMs])) as unknown[];
  return counts.map(Number);
}
