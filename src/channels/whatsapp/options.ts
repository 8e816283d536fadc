import { z } from 'zod';

/**
 * Options of the WhatsApp channel, with their defaults. The composition root builds them from
 * config (WHATSAPP_ACCOUNT, WHATSAPP_PAIRING_PHONE, AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS,
 * IRIS_PREFIX); everything else has a default that is safe for one number.
 */
export const whatsappOptionsSchema = z
  .object({
    /** Name of the WhatsApp number in Iris (keys, lease, auth rows); not the phone itself. */
    account: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
      .default('default'),
    /** First segment of every Redis key (`<prefix>:wa:<account>:...`). */
    redisPrefix: z.string().min(1).default('iris'),
    pairing: z
      .object({
        /**
         * How an unpaired process pairs: `qr` prints a QR code in the terminal, `code` asks
         * WhatsApp for an 8-character code for `phoneNumber` (Linked devices > Link with phone
         * number), `none` never pairs and waits for credentials (use `npm run whatsapp:pair`).
         * After a logout the process never re-pairs by itself, whatever the mode.
         */
        mode: z.enum(['qr', 'code', 'none']).default('qr'),
        phoneNumber: z
          .string()
          .regex(/^\d{10,15}$/, 'digits only, with country code')
          .optional(),
      })
      .prefault({}),
    /** How often an unpaired or logged-out process checks whether credentials appeared. */
    unpairedRecheckMs: z.number().int().min(50).default(30_000),
    lease: z
      .object({
        /** A standby takes over at most this long after the owner died. */
        ttlMs: z.number().int().min(300).default(15_000),
      })
      .prefault({}),
    /**
     * After WhatsApp closes the connection for good, the lease is released at once so that a
     * standby can try, and this process waits this long before standing by again: another
     * client replaced the connection (440), or WhatsApp refused the account (403, 411, 419).
     */
    handover: z
      .object({
        afterReplacedMs: z.number().int().min(0).default(60_000),
        afterRefusedMs: z
          .number()
          .int()
          .min(0)
          .default(15 * 60_000),
      })
      .prefault({}),
    reconnect: z
      .object({
        baseDelayMs: z.number().int().min(0).default(2_000),
        maxDelayMs: z.number().int().min(0).default(120_000),
        /** Consecutive failed attempts after which each new failure is logged as an error. */
        alertAfterAttempts: z.number().int().min(1).default(5),
      })
      .prefault({}),
    watchdog: z
      .object({
        /**
         * A socket with no event and no frame (WhatsApp answers Baileys' keep-alive ping every
         * 30 s) for this long is recycled. 0 disables the watchdog.
         */
        silenceMs: z.number().int().min(0).default(180_000),
      })
      .prefault({}),
    audio: z
      .object({
        /** Voice notes are transcribed; when not, they are never downloaded (see Telegram's). */
        enabled: z.boolean().default(true),
        maxBytes: z
          .number()
          .int()
          .min(1024)
          .default(10 * 1024 * 1024),
        maxDurationSec: z.number().int().min(1).default(180),
        /** Base MIME types accepted (WhatsApp voice notes are `audio/ogg; codecs=opus`). */
        mimeTypes: z
          .array(z.string())
          .default([
            'audio/ogg',
            'audio/opus',
            'audio/mpeg',
            'audio/mp3',
            'audio/mp4',
            'audio/aac',
            'audio/x-m4a',
            'audio/wav',
            'audio/x-wav',
            'audio/flac',
            'audio/webm',
            'audio/amr',
          ]),
        downloadTimeoutMs: z.number().int().min(100).default(30_000),
      })
      .prefault({}),
    /**
     * A group may receive replies this long after someone mentioned Iris there (a group is many
     * people: its window is short), and the message answered is kept this long to be quoted.
     */
    groupContactTtlSec: z
      .number()
      .int()
      .min(1)
      .default(10 * 60),
    /**
     * Amounts in replies to a group: `full`, or `masked` ("R$ •••") except in confirmation
     * prompts, where the person must see what they confirm (see `group-amounts.ts`).
     */
    groupAmounts: z.enum(['full', 'masked']).default('full'),
    /** A chat may receive replies this long after it last wrote (the first-contact marker). */
    firstContactTtlSec: z
      .number()
      .int()
      .min(1)
      .default(24 * 60 * 60),
    /** On stop or lease loss, how long to wait for in-flight messages and auth writes. */
    stopDrainMs: z.number().int().min(0).default(8_000),
    /** Failed attempts at ingress after which each further failure is logged as an error. */
    ingressAttempts: z.number().int().min(1).default(3),
    /** Longest pause between two attempts at ingress (they go on until it accepts). Default 10 s. */
    ingressRetryMaxMs: z.number().int().min(1).default(10_000),
    /**
     * Where a message waits, on this process' disk, until ingress accepts it (one folder per
     * account below it). Must survive a restart: a persistent volume where disks are fresh at
     * each start. Default `.iris/whatsapp-spool` under the working directory.
     */
    spoolDir: z.string().min(1).default('.iris/whatsapp-spool'),
    send: z
      .object({
        chatMinIntervalMs: z.number().int().min(0).default(1_500),
        chatJitterMs: z.number().int().min(0).default(1_500),
        accountMaxPerMinute: z.number().int().min(1).default(20),
        /** A slot further away than this makes the sender throw `ChannelRateLimitedError`. */
        maxWaitMs: z.number().int().min(0).default(20_000),
        /** How long a sent reply id is remembered (drops a retried reply). */
        sentTtlSec: z
          .number()
          .int()
          .min(1)
          .default(48 * 60 * 60),
        /** How long a reply being sent blocks a concurrent attempt of the same id. */
        inFlightTtlSec: z.number().int().min(1).default(120),
        /** How long sent messages are kept for Baileys' retry requests. */
        messageStoreTtlSec: z
          .number()
          .int()
          .min(1)
          .default(24 * 60 * 60),
      })
      .prefault({}),
    /**
     * What the person sees of Iris besides its replies: "typing…" while a turn runs (back to
     * paused once the reply is out), and blue ticks on the messages it received. Read receipts
     * are off by default: a tick says "seen" before Iris has answered anything.
     */
    presence: z
      .object({
        typing: z.boolean().default(true),
        readReceipts: z.boolean().default(false),
      })
      .prefault({}),
    /** Level of Baileys' own logs (it is chatty at info). */
    baileysLogLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  })
  .refine((o) => o.pairing.mode !== 'code' || o.pairing.phoneNumber !== undefined, {
    message: 'pairing.mode "code" needs pairing.phoneNumber (WHATSAPP_PAIRING_PHONE)',
    path: ['pairing', 'phoneNumber'],
  });

export type WhatsappOptions = z.output<typeof whatsappOptionsSchema>;
export type WhatsappOptionsInput = z.input<typeof whatsappOptionsSchema>;
