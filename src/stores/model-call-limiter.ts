import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import type { ModelCallLimiter } from '../pipeline/ports';

export interface ModelCallLimits {
  perTenantPerMinute: number;
  perUserPerMinute: number;
}

/**
 * The AI gate's fifth check: model calls per calendar minute, per tenant and per user, counted
 * in Redis so every pipeline process shares the count (one MULTI per counter, both sent at once:
 * the two keys are in different slots on Redis Cluster, and nothing ties them). A call
 * over either limit is refused and still counted: someone sending a burst stays refused until
 * the minute turns, then starts afresh. Fixed windows let a burst straddling two minutes reach
 * twice a limit for a moment; for a cost guard in front of a monthly hard limit that is enough.
 */
export class RedisModelCallLimiter implements ModelCallLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly limits: ModelCallLimits,
  ) {}

  async take(tenantId: string, userId: string, now: Date): Promise<boolean> {
    const minute = Math.floor(now.getTime() / 60_000);
    const tenantKey = this.keys.modelCalls('tenant', tenantId, minute);
    const userKey = this.keys.modelCalls('user', userId, minute);
    const [tenantCalls, userCalls] = await Promise.all([this.count(tenantKey), this.count(userKey)]);
    return tenantCalls <= this.limits.perTenantPerMinute && userCalls <= this.limits.perUserPerMinute;
  }

  /** Adds one call to a minute's counter (kept two minutes) and returns the count. */
  private async count(key: string): Promise<number> {
    const replies = await this.redis.multi().incr(key).pexpire(key, 120_000).exec();
    if (replies === null) throw new Error('model call count not taken (transaction aborted)');
    const [error, value] = replies[0] ?? [];
    if (error) throw error;
    return Number(value);
  }
}
