import type { Redis } from 'ioredis';
import type { RedisKeys } from '../core/redis-keys';

/** Reads a conversation's saved state and pending confirmation in one round trip. */
export class ConversationStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async load(
    tenantId: string,
    conversationId: string,
  ): Promise<{ state: string | null; pending: string | null }> {
    const [state, pending] = await this.redis.mget(
      this.keys.conversationState(conversationId),
      this.keys.pendingConfirmation(tenantId, conversationId),
    );
    return { state: state ?? null, pending: pending ?? null };
  }
}
