import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';

/**
 * Audio bytes between a channel adapter and the transcriber: in Redis, with a bounded TTL, and
 * deleted as soon as they are transcribed. Nothing else keeps a copy.
 */
export class RedisAudioStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: { ttlSec: number; maxBytes: number },
  ) {}

  async put(bytes: Buffer, mimeType: string): Promise<string> {
    if (bytes.length > this.options.maxBytes)
      throw new Error(`audio of ${bytes.length} bytes is over the ${this.options.maxBytes} cap`);
    const key = randomUUID();
    const k = this.keys.audio(key);
    await this.redis.multi().hset(k, 'bytes', bytes, 'mime', mimeType).expire(k, this.options.ttlSec).exec();
    return key;
  }

  async get(key: string): Promise<{ bytes: Buffer; mimeType: string } | undefined> {
    const k = this.keys.audio(key);
    const [bytes, mime] = await Promise.all([this.redis.hgetBuffer(k, 'bytes'), this.redis.hget(k, 'mime')]);
    return bytes && mime ? { bytes, mimeType: mime } : undefined;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.keys.audio(key));
  }
}
