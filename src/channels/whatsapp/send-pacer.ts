import type { RedisClient } from '../../core/redis-client';
import { ChannelRateLimitedError } from '../../core/errors';
import { runLua } from '../../core/redis-script';
import type { WhatsappKeys } from '../../core/redis-keys';

/**
 * Paces outgoing messages: at least `chatMinIntervalMs` (+ random jitter) between two messages
 * to the same chat, and at most `accountMaxPerMinute` for the whole number, evenly spaced.
 *
 * Why these numbers (defaults in options.ts): there is no published limit; community experience
 * is the guide. Senders report WhatsApp answering 429 / `rate-overlimit` at about three messages
 * a second (WhiskeySockets/Baileys#1248), bans after bursts of identical messages and a rule of
 * thumb that more than ~5 *unsolicited* messages a minute is risky (tulir/whatsmeow#506), and the
 * standing advice to put a delay between messages (adiwajshing/Baileys#1383). Iris only
 * replies, to chats that wrote first, so 20 a minute per number with 1.5 s + jitter per chat is
 * well inside what human-looking conversations produce. Regular gaps look robotic; the jitter
 * breaks the rhythm.
 *
 * The schedule lives in Redis (one Lua call, `core/lua/reserve-slot.lua`, reserves the next slot
 * for the chat and the account together, on Redis' clock), so it holds across a restart or a standby takeover. A slot
 * further away than `maxWaitMs` is not reserved: the sender throws `ChannelRateLimitedError`
 * and the outbound worker pauses the channel instead of holding a job that long.
 */

export interface PacerOptions {
  chatMinIntervalMs: number;
  chatJitterMs: number;
  accountMaxPerMinute: number;
  maxWaitMs: number;
}

export class SendPacer {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: WhatsappKeys,
    private readonly options: PacerOptions,
    private readonly random: () => number = Math.random,
  ) {}

  /** Reserves the next slot for `chatId`; resolves with how long to wait before sending. */
  async reserve(chatId: string): Promise<number> {
    const chatGap = Math.round(this.options.chatMinIntervalMs + this.random() * this.options.chatJitterMs);
    const accountGap = Math.ceil(60_000 / this.options.accountMaxPerMinute);
    const [reserved, wait] = (await runLua(
      this.redis,
      'reserve-slot',
      [this.keys.chatSlot(chatId), this.keys.accountSlot()],
      [chatGap, accountGap, this.options.maxWaitMs],
    )) as [number, number, number];
    if (reserved !== 1) throw new ChannelRateLimitedError('whatsapp', wait);
    return wait;
  }
}
