import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import type { ModelCallLimiter } from '../pipeline/ports';
import { countCalls } from './call-counters';

export interface ModelCallLimits {
  perTenantPerMinute: number;
  perUserPerMinute: number;
}

/**
 * The AI gate's fifth check: model calls per calendar minute, per tenant and per user, counted
 * in Redis so every pipeline process shares the count. Both counters live under the tenant's
 * hash tag and one script adds the call to both (one round trip, one slot on Redis Cluster). A
 * call over either limit is refused and still counted: someone sending a burst stays refused
 * until the minute turns, then starts afresh. Fixed windows let a burst straddling two minutes
 * reach twice a limit for a moment; for a cost guard in front of a monthly hard limit that is
 * enough.
 */
export class RedisModelCallLimiter implements ModelCallLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly limits: ModelCallLimits,
  ) {}

  async take(tenantId: string, userId: string, now: Date): Promise<boolean> {
    const minute = Math.floor(now.getTime() / 60_000);
    const [tenantCalls, userCalls] = await countCalls(
      this.redis,
      [this.keys.modelCalls(tenantId, minute), this.keys.modelCalls(tenantId, minute, userId)],
      120_000,
    );
    return (
      (tenantCalls ?? Infinity) <= this.limits.perTenantPerMinute &&
      (userCalls ?? Infinity) <= this.limits.perUserPerMinute
    );
  }
}
