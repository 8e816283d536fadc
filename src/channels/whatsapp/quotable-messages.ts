import type { Redis } from 'ioredis';
import { fromBufferJson, toBufferJson } from '../../core/buffer-json';
import type { WhatsappKeys } from '../../core/redis-keys';
import type { QuotableMessage } from './ports';
import type { WaMessage } from './wa-types';

/**
 * The group messages Iris answers, kept until the group's reply window closes: a reply in a
 * group quotes the message it answers, so the group sees whose request it is (several people may
 * ask at once). Kept in Redis because the reply may be sent by another process.
 */
export class QuotableMessages {
  constructor(
    private readonly redis: Redis,
    private readonly keys: WhatsappKeys,
    private readonly ttlSec: number,
  ) {}

  async save(message: WaMessage): Promise<void> {
    const id = message.key.id;
    if (!id) return;
    const quotable: QuotableMessage = { key: message.key, message: message.message };
    await this.redis.set(this.keys.quotable(id), toBufferJson(quotable), 'EX', this.ttlSec);
  }

  async get(waMessageId: string): Promise<QuotableMessage | undefined> {
    const text = await this.redis.get(this.keys.quotable(waMessageId));
    if (text === null) return undefined;
    const value = fromBufferJson(text) as QuotableMessage | null;
    return value && typeof value === 'object' && value.key ? value : undefined;
  }
}
