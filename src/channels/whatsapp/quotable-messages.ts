import type { RedisClient } from '../../core/redis-client';
import type { WhatsappKeys } from '../../core/redis-keys';
import { KeptInRedis } from './kept-in-redis';
import type { QuotableMessage } from './ports';
import type { WaMessage } from './wa-types';

/**
 * The group messages Iris answers, kept until the group's reply window closes: a reply in a
 * group quotes the message it answers, so the group sees whose request it is (several people may
 * ask at once). Kept in Redis because the reply may be sent by another process.
 */
export class QuotableMessages {
  private readonly kept: KeptInRedis<QuotableMessage>;

  constructor(redis: RedisClient, keys: WhatsappKeys, ttlSec: number) {
    this.kept = new KeptInRedis(redis, (id) => keys.quotable(id), ttlSec);
  }

  async save(message: WaMessage): Promise<void> {
    if (message.key.id) await this.kept.save(message.key.id, { key: message.key, message: message.message });
  }

  async get(waMessageId: string): Promise<QuotableMessage | undefined> {
    const value = await this.kept.get(waMessageId);
    return value?.key ? value : undefined;
  }
}
