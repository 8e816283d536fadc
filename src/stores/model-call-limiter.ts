import type { Redis } from 'ioredis';
import type { RedisKeys } from '../core/redis-keys';
import type { ModelCallLimiter } from '../pipeline/ports';

export interface ModelCallLimits {
  perTenantPerMinute: number;
  perUserPerMinute: number;
}

/**
 * The AI gate's fifth check: model calls per calendar minute, per tenant and per user, counted
 * in Redis so every pipeline process shares the count (one MULTI round trip per call). A call
 * over either limit is refused and still counted: someone sending a burst stays refused until
 * the minute turns, then starts afresh. Fixed windows let a burst straddling two minutes reach
 * twice a limit for a moment; for a cost guard in front of a monthly hard limit that is enough.
 */
export class RedisModelCallLimiter implements ModelCallLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly limits: ModelCallLimits,
  ) {}

  async take(tenantId: string, userId: string, now: Date): Promise<boolean> {
    const minute = Math.floor(now.getTime() / 60_000);
    const tenantKey = this.keys.modelCalls('tenant', tenantId, minute);
    const userKey = this.keys.modelCalls('user', userId, minute);
    const replies = await this.redis
      .multi()
      .incr(tenantKey)
      .pexpire(tenantKey, 120_000)
      .incr(userKey)
      .pexpire(userKey, 120_000)
      .exec();
    if (replies === null) throw new Error('model call count not taken (transaction aborted)');
    const count = (index: number) => {
      const [error, value] = replies[index] ?? [];
      if (error) throw error;
      return Number(value);
    };
    return count(0) <= this.limits.perTenantPerMinute && count(2) <= this.limits.perUserPerMinute;
  }
}
