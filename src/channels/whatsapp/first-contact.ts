import type { RedisClient } from '../../core/redis-client';
import type { WhatsappKeys } from '../../core/redis-keys';
import { isGroupJid } from './jid';

/**
 * "Reply only to chats that wrote first." Writing first to people is what gets WhatsApp numbers
 * banned (unsolicited messages are reported, and a number that starts many new chats is scored
 * as spam). Ingress marks a chat when a message from it is accepted; the sender refuses a chat
 * without a live marker. The TTL bounds how late a reply may go out (default 24 h, the same
 * window WhatsApp's official Business API gives for free-form replies).
 */
export class FirstContactMarkers {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: WhatsappKeys,
    private readonly ttlSec: number,
    /** A group's window: one mention does not open a group of many people for a whole day. */
    private readonly groupTtlSec: number = ttlSec,
  ) {}

  async mark(chatId: string): Promise<void> {
    const ttl = isGroupJid(chatId) ? this.groupTtlSec : this.ttlSec;
    await this.redis.set(this.keys.contact(chatId), String(Date.now()), 'EX', ttl);
  }

  async has(chatId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.contact(chatId))) === 1;
  }
}
