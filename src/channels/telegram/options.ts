import { z } from 'zod';

/**
 * Options of the Telegram adapter, with their defaults. The composition root builds them from
 * the environment (TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT, TELEGRAM_WEBHOOK_SECRET, AUDIO_MAX_BYTES,
 * AUDIO_MAX_SECONDS, IRIS_PREFIX); this module never reads `process.env`.
 */
export const telegramOptionsSchema = z.object({
  /** The bot token from @BotFather. A secret: never logged and never part of a Redis key. */
  token: z.string().regex(/^\d+:[A-Za-z0-9_-]+$/, 'a bot token from @BotFather looks like 123456789:AAE...'),
  /** Bot API root. Default the official server; point it at a local emulator in tests. */
  apiRoot: z.url().default('https://api.telegram.org'),
  /** First segment of every Redis key the adapter writes (lease, pacing, sent marks). Default `iris`. */
  redisPrefix: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$/, 'letters, digits, _, - and : only')
    .default('iris'),
  /** Webhook mode. Leave unset to use long polling. */
  webhook: z
    .object({
      /** Sent back by Telegram in `X-Telegram-Bot-Api-Secret-Token`; Telegram allows 1-256 of [A-Za-z0-9_-]. */
      secretToken: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, '1-256 characters: letters, digits, _ and -'),
      /** Path of the route on the web process. Default `/telegram/webhook`. */
      path: z.string().startsWith('/').default('/telegram/webhook'),
    })
    .optional(),
  audio: z
    .object({
      /**
       * Voice notes are transcribed here. When not (no transcriber configured), a voice note is
       * never downloaded: ingress gets `unsupported: audio_disabled` and the person is told to
       * write instead. Default true.
       */
      enabled: z.boolean().default(true),
      /** Larger voice notes are refused before download (`audio_rejected: too_large`). Default 10 MiB. */
      maxBytes: z
        .number()
        .int()
        .min(1024)
        .max(20 * 1024 * 1024, 'the Bot API serves files up to 20 MB')
        .default(10 * 1024 * 1024),
      /** Longer voice notes are refused before download (`audio_rejected: too_long`). Default 180 s. */
      maxDurationSec: z.number().int().min(1).default(180),
      /** Time-out of one file download. Default 15 s. */
      downloadTimeoutMs: z.number().int().min(100).default(15_000),
    })
    .prefault({}),
  polling: z
    .object({
      /**
       * Lease TTL. The holder renews every third of it; a standby retries as often, so it takes
       * over at most TTL + TTL/3 after the poller dies (4.8 s with the default 3.6 s). The holder
       * stops polling on its own a little before its lease can lapse, so two never poll at once.
       */
      leaseTtlMs: z.number().int().min(100).default(3_600),
      /** Long-poll time-out of one `getUpdates`. Default 30 s (Telegram allows up to 50). */
      timeoutSec: z.number().int().min(0).max(50).default(30),
      /**
       * Pause after an empty batch. Telegram only answers empty after the long-poll time-out, so
       * this costs nothing there; it keeps a server that answers at once from spinning a core.
       * Default 250 ms.
       */
      emptyPollDelayMs: z.number().int().min(0).default(250),
      /** First delay after a failed poll or a failed update; doubles up to `retryMaxMs`. Default 1 s. */
      retryBaseMs: z.number().int().min(1).default(1_000),
      /** Longest delay between retries. Default 60 s. */
      retryMaxMs: z.number().int().min(1).default(60_000),
      /**
       * Attempts at one update whose handling keeps failing before it is given up (logged as an
       * error) and polling goes on: one bad update never holds every chat behind it. With the
       * default back-off, 6 attempts span about 30 s, longer than a Redis failover. Default 6.
       */
      maxUpdateAttempts: z.number().int().min(1).default(6),
      /**
       * First delay after a 409 Conflict (another process polls this token outside the lease, or a
       * webhook came back); doubles up to `conflictMaxMs`, so a conflict never becomes a hot loop.
       * Default 5 s.
       */
      conflictBaseMs: z.number().int().min(1).default(5_000),
      /** Longest delay after repeated conflicts. Default 5 min. */
      conflictMaxMs: z.number().int().min(1).default(300_000),
    })
    .prefault({}),
  pacing: z
    .object({
      /** Least time between two messages to one private chat, across processes. Default 1 s. */
      privateIntervalMs: z.number().int().min(0).default(1_000),
      /** Least time between two messages to one group (Telegram allows 20 a minute). Default 3 s. */
      groupIntervalMs: z.number().int().min(0).default(3_000),
    })
    .prefault({}),
  /** How long the sender remembers a sent reply id, to drop a retried send. Default 24 h. */
  sentMarkTtlSec: z
    .number()
    .int()
    .min(1)
    .default(24 * 3600),
});

export type TelegramOptionsInput = z.input<typeof telegramOptionsSchema>;
export type TelegramOptions = z.output<typeof telegramOptionsSchema>;
