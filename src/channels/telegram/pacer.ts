import type { RedisClient } from '../../core/redis-client';
import { runLua } from '../../core/redis-script';

/**
 * Per-chat pacing that holds across processes: Telegram asks bots not to send more than about
 * one message a second to a chat (20 a minute to a group) and answers 429 otherwise.
 *
 * Each send reserves the next free slot of its chat in one Lua call (`core/lua/reserve-slot.lua`,
 * on Redis' clock so that processes with skewed clocks agree) and then sleeps until that slot.
 */

export interface PacingIntervals {
  privateIntervalMs: number;
  groupIntervalMs: number;
}

export class ChatPacer {
  constructor(
    private readonly redis: RedisClient,
    /** e.g. `iris:telegram:<tokenId>:pace` */
    private readonly keyPrefix: string,
    private readonly intervals: PacingIntervals,
  ) {}

  /** Resolves when a message to `chatId` may be sent. */
  async waitTurn(chatId: string): Promise<void> {
    const { waitMs } = await this.reserve(chatId);
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }

  /**
   * Takes the next free slot of `chatId`: `slotAtMs` on Redis' clock, and how long to wait for it.
   * Slots of one chat are at least one interval apart, whichever process took them.
   */
  async reserve(chatId: string): Promise<{ slotAtMs: number; waitMs: number }> {
    // Telegram group and supergroup ids are negative; private chats are the user's positive id.
    const interval = chatId.startsWith('-')
      ? this.intervals.groupIntervalMs
      : this.intervals.privateIntervalMs;
    if (interval <= 0) return { slotAtMs: 0, waitMs: 0 };
    const [, wait, now] = (await runLua(
      this.redis,
      'reserve-slot',
      [`${this.keyPrefix}:${chatId}`],
      [interval, Number.MAX_SAFE_INTEGER],
    )) as [number, number, number];
    return { slotAtMs: now + wait, waitMs: wait };
  }
}
