import type { Redis } from 'ioredis';
import { fromBufferJson, toBufferJson } from '../../core/buffer-json';
import type { WhatsappKeys } from '../../core/redis-keys';

/**
 * The messages we sent, kept for a while (default 24 h) so Baileys' `getMessage` can answer a
 * retry request. When a recipient's phone cannot decrypt a message (a new session, a new device)
 * it asks for it again; Baileys re-encrypts it only if `getMessage` returns the content, else the
 * person sees "Waiting for this message" forever (WhiskeySockets/Baileys#557, #1643). Baileys
 * keeps a short in-memory cache too, but it is lost on restart and on a standby takeover, so
 * the copy lives in Redis, in the same BufferJSON encoding as the auth state.
 */
export class SentMessageStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: WhatsappKeys,
    private readonly ttlSec: number,
  ) {}

  async save(waMessageId: string, content: unknown): Promise<void> {
    if (content === undefined || content === null) return;
    await this.redis.set(this.keys.sentMessage(waMessageId), toBufferJson(content), 'EX', this.ttlSec);
  }

  /** The stored `proto.IMessage` as a plain object (bytes as Buffers), or undefined. */
  async get(waMessageId: string): Promise<Record<string, unknown> | undefined> {
    const text = await this.redis.get(this.keys.sentMessage(waMessageId));
    if (text === null) return undefined;
    const value = fromBufferJson(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  }
}
