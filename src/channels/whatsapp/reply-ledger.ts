import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../core/redis-client';
import type { WhatsappKeys } from '../../core/redis-keys';
import { runLua } from '../../core/redis-script';

export type ReplyClaim =
  { status: 'claimed'; token: string } | { status: 'sent'; waMessageId: string } | { status: 'in_flight' };

/**
 * Idempotent sending. A reply id (deterministic per inbound message and reply index) is claimed
 * before sending (`SET NX` with a short TTL, so a crashed attempt frees it) and marked `sent`
 * afterwards (long TTL). A retried or duplicated job with the same id finds the mark and is
 * dropped. The one gap left is a crash between WhatsApp accepting the message and the mark:
 * the retry sends it again (at-least-once; a reply never carries an effect, so that is safe).
 */
export class ReplyLedger {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: WhatsappKeys,
    private readonly ttl: { sentTtlSec: number; inFlightTtlSec: number },
  ) {}

  async claim(replyId: string): Promise<ReplyClaim> {
    const key = this.keys.reply(replyId);
    const token = `sending:${randomUUID()}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if ((await this.redis.set(key, token, 'EX', this.ttl.inFlightTtlSec, 'NX')) === 'OK') {
        return { status: 'claimed', token };
      }
      const value = await this.redis.get(key);
      if (value?.startsWith('sent:')) return { status: 'sent', waMessageId: value.slice('sent:'.length) };
      if (value !== null) return { status: 'in_flight' };
      // Expired between the two calls: try once more.
    }
    return { status: 'in_flight' };
  }

  async markSent(replyId: string, waMessageId: string): Promise<void> {
    await this.redis.set(this.keys.reply(replyId), `sent:${waMessageId}`, 'EX', this.ttl.sentTtlSec);
  }

  /** Gives a failed attempt's claim back, so the retry can send. */
  async release(replyId: string, token: string): Promise<void> {
    await runLua(this.redis, 'delete-if-owner', [this.keys.reply(replyId)], [token]);
  }
}
