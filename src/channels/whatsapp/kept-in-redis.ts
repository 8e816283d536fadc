import type { RedisClient } from '../../core/redis-client';
import { fromBufferJson, toBufferJson } from '../../core/buffer-json';

/**
 * WhatsApp message parts kept in Redis for a while, by message id, in the BufferJSON encoding
 * of the auth state (bytes survive as Buffers): what several processes must share about a
 * message (see `sent-message-store.ts`, `quotable-messages.ts`).
 */
export class KeptInRedis<T extends object> {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyOf: (waMessageId: string) => string,
    private readonly ttlSec: number,
  ) {}

  async save(waMessageId: string, value: T | null | undefined): Promise<void> {
    if (value === undefined || value === null) return;
    await this.redis.set(this.keyOf(waMessageId), toBufferJson(value), 'EX', this.ttlSec);
  }

  async get(waMessageId: string): Promise<T | undefined> {
    const text = await this.redis.get(this.keyOf(waMessageId));
    if (text === null) return undefined;
    const value = fromBufferJson(text);
    return value && typeof value === 'object' ? (value as T) : undefined;
  }
}
