import type { RedisClient } from '../../core/redis-client';
import type { WhatsappKeys } from '../../core/redis-keys';
import { KeptInRedis } from './kept-in-redis';

/**
 * The messages we sent, kept for a while (default 24 h) so Baileys' `getMessage` can answer a
 * retry request. When a recipient's phone cannot decrypt a message (a new session, a new device)
 * it asks for it again; Baileys re-encrypts it only if `getMessage` returns the content, else the
 * person sees "Waiting for this message" forever (WhiskeySockets/Baileys#557, #1643). Baileys
 * keeps a short in-memory cache too, but it is lost on restart and on a standby takeover, so
 * the copy lives in Redis, in the same BufferJSON encoding as the auth state.
 */
export class SentMessageStore {
  private readonly kept: KeptInRedis<Record<string, unknown>>;

  constructor(redis: RedisClient, keys: WhatsappKeys, ttlSec: number) {
    this.kept = new KeptInRedis(redis, (id) => keys.sentMessage(id), ttlSec);
  }

  async save(waMessageId: string, content: unknown): Promise<void> {
    await this.kept.save(waMessageId, content as Record<string, unknown> | null | undefined);
  }

  /** The stored `proto.IMessage` as a plain object (bytes as Buffers), or undefined. */
  get(waMessageId: string): Promise<Record<string, unknown> | undefined> {
    return this.kept.get(waMessageId);
  }
}
