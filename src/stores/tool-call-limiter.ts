import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import type { ToolCallLimiter } from '../pipeline/ports';
import { countCalls } from './call-counters';

/**
 * A tool's calls per calendar minute by one person (its `rateLimitPerMinute`), counted in Redis
 * so every pipeline process shares the count: one round trip per call. A call over the
 * limit is refused and still counted, so a burst stays refused until the minute turns. Fixed
 * windows, as for the model calls: a burst straddling two minutes may reach twice the limit.
 */
export class RedisToolCallLimiter implements ToolCallLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async take(userId: string, tool: string, perMinute: number, now: Date): Promise<boolean> {
    const key = this.keys.toolCalls(userId, tool, Math.floor(now.getTime() / 60_000));
    const [count] = await countCalls(this.redis, [key], 120_000);
    return (count ?? Infinity) <= perMinute;
  }
}
