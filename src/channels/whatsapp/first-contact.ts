import type { Redis } from 'ioredis';
import type { WhatsappKeys } from '../../core/redis-keys';

/**
 * "Reply only to chats that wrote first." Writing first to people is what gets WhatsApp numbers
 * banned (unsolicited messages are reported, and a number that starts many new chats is scored
 * as spam). Ingress marks a chat when a message from it is accepted; the sender refuses a chat
 * without a live marker. The TTL bounds how late a reply may go out (default 24 h, the same
 * window WhatsApp's official Business API gives for free-form replies).
 */
export class FirstContactMarkers {
  constructor(
    private readonly redis: Redis,
    private readonly keys: WhatsappKeys,
    private readonly ttlSec: number,
  ) {}

  async mark(chatId: string): Promise<void> {
    await this.redis.set(this.keys.contact(chatId), String(Date.now()), 'EX', this.ttlSec);
  }

  async has(chatId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.contact(chatId))) === 1;
  }
}
