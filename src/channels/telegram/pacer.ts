import type { Redis } from 'ioredis';

/**
 * Per-chat pacing that holds across processes: Telegram asks bots not to send more than about
 * one message a second to a chat (20 a minute to a group) and answers 429 otherwise.
 *
 * Each send reserves the next free slot of its chat in one Lua call, using Redis' clock so that
 * processes with skewed clocks agree, and then sleeps until that slot. Reserving (instead of
 * checking and then sending) keeps concurrent senders from picking the same slot.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextFree = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextFree)
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], slot + interval, 'PX', slot + interval - now + 1000)
return { slot, now }`;

export interface PacingIntervals {
  privateIntervalMs: number;
  groupIntervalMs: number;
}

export class ChatPacer {
  constructor(
    private readonly redis: Redis,
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
    const [slot, now] = (await this.redis.eval(
      RESERVE,
      1,
      `${this.keyPrefix}:${chatId}`,
      String(interval),
    )) as [number, number];
    return { slotAtMs: slot, waitMs: slot - now };
  }
}
