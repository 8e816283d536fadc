/**
 * The Telegram channel: updates in (long polling or webhook), replies out. It talks to the engine
 * only through the ports in `src/core` (`Ingress` in, `ChannelSender` out) and never imports it.
 *
 * Wiring, in the composition root (`src/app`):
 *
 * ```ts
 * const telegram = createTelegramChannel({
 *   options: {
 *     token: env.TELEGRAM_BOT_TOKEN,
 *     apiRoot: env.TELEGRAM_API_ROOT,                    // optional
 *     redisPrefix: env.IRIS_PREFIX,
 *     webhook: env.TELEGRAM_WEBHOOK_SECRET ? { secretToken: env.TELEGRAM_WEBHOOK_SECRET } : undefined,
 *     audio: { maxBytes: env.AUDIO_MAX_BYTES, maxDurationSec: env.AUDIO_MAX_SECONDS },
 *   },
 *   ingress, audioStore, redis, logger,
 * });
 * // `telegram` process, long polling (one poller per token in the cluster, others stand by):
 * telegram.startPolling().catch(fatal);                 // settles only when stopped
 * // `web` process, webhook mode instead:
 * app.route(telegram.webhookRoute());
 * await telegram.registerWebhook(env.TELEGRAM_WEBHOOK_URL);
 * // the outbound worker of `outbound:telegram`:
 * await telegram.sender.send(message);
 * // shutdown:
 * await telegram.stop();
 * ```
 *
 * Nothing here reads the environment or does I/O until a method is called.
 */
import { RedisKeys } from '../../core/redis-keys';
import { BotError, type Bot } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { RedisClient } from '../../core/redis-client';
import type { RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import type { ChannelSender, Ingress } from '../../core/channel';
import { ConfigError } from '../../core/errors';
import { ALLOWED_UPDATES, buildTelegramBot } from './bot';
import { telegramOptionsSchema, type TelegramOptions, type TelegramOptionsInput } from './options';
import { ChatPacer } from './pacer';
import { TelegramPoller, type PollerState } from './polling';
import type { AudioStore } from './ports';
import { tokenId as hashToken } from './secrets';
import { TelegramSender } from './sender';
import { createTelegramWebhookRoute } from './webhook';
import type { LeaseFactory } from '../../core/lease';

export type { AudioStore } from './ports';
export type { TelegramOptions, TelegramOptionsInput } from './options';
export type { PollerState } from './polling';
export { telegramOptionsSchema } from './options';

export interface TelegramChannelDeps {
  options: TelegramOptionsInput;
  ingress: Ingress;
  audioStore: AudioStore;
  /** Used for per-chat pacing and sent marks; keys start with `options.redisPrefix`. */
  redis: RedisClient;
  /** The poll lease (one poller per token in the cluster): `redisLeases(redis)` in the app. */
  leases: LeaseFactory;
  logger: Logger;
  /** Skip `getMe` by giving the bot's identity (tests; optional). */
  botInfo?: UserFromGetMe;
  /** Told of every poller state change (tests, health checks; optional). */
  onPollerState?: (state: PollerState) => void;
}

export interface TelegramChannel {
  /** The grammY bot (its `api` is what the sender uses; tests may install transformers on it). */
  readonly bot: Bot;
  /** The `ChannelSender` for the outbound worker. */
  readonly sender: ChannelSender;
  /** Hash of the token: the bot's name in logs and Redis keys. */
  readonly tokenId: string;
  readonly options: TelegramOptions;
  /** Fetches the bot's identity (`getMe`) if not known yet. */
  init(): Promise<void>;
  /** Long polling under the cluster lease; settles only when stopped (rejects if the token is refused). */
  startPolling(): Promise<void>;
  /** Runs one update through the bot (what the webhook route calls). */
  handleUpdate(update: Update): Promise<void>;
  /** The fastify route for webhook mode; needs `options.webhook`. */
  webhookRoute(): RouteOptions;
  /** Points Telegram at `url` with the secret token and the update kinds Iris reads. */
  registerWebhook(url: string): Promise<void>;
  /** Stops polling and releases the lease (a standby takes over at once). */
  stop(): Promise<void>;
}

export function createTelegramChannel(deps: TelegramChannelDeps): TelegramChannel {
  const options = parseOptions(deps.options);
  const id = hashToken(options.token);
  const logger = deps.logger.child({ channel: 'telegram', bot: id });
  const bot = buildTelegramBot({
    options,
    ingress: deps.ingress,
    audioStore: deps.audioStore,
    logger,
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const keys = new RedisKeys(options.redisPrefix).telegramBot(id);
  const sender = new TelegramSender({
    api: bot.api,
    redis: deps.redis,
    pacer: new ChatPacer(deps.redis, `${keys}:pace`, options.pacing),
    options,
    sentKeyPrefix: `${keys}:sent`,
    promptKeyPrefix: `${keys}:prompt`,
    logger,
  });
  let poller: TelegramPoller | undefined;

  const handleUpdate = async (update: Update): Promise<void> => {
    await bot.init();
    try {
      await bot.handleUpdate(update);
    } catch (err) {
      throw err instanceof BotError ? err.error : err;
    }
  };

  return {
    bot,
    sender,
    tokenId: id,
    options,
    init: () => bot.init(),
    startPolling() {
      if (options.webhook) {
        return Promise.reject(new ConfigError('telegram: webhook mode is configured; do not start polling'));
      }
      poller ??= new TelegramPoller({
        bot,
        redis: deps.redis,
        leases: deps.leases,
        options,
        logger,
        ...(deps.onPollerState ? { onStateChange: deps.onPollerState } : {}),
      });
      return poller.start();
    },
    handleUpdate,
    webhookRoute() {
      if (!options.webhook) {
        throw new ConfigError('telegram: set TELEGRAM_WEBHOOK_SECRET to serve the webhook route');
      }
      return createTelegramWebhookRoute({
        path: options.webhook.path,
        secretToken: options.webhook.secretToken,
        handleUpdate,
        logger,
        token: options.token,
      });
    },
    async registerWebhook(url: string) {
      if (!options.webhook)
        throw new ConfigError('telegram: set TELEGRAM_WEBHOOK_SECRET before registering a webhook');
      await bot.api.setWebhook(url, {
        secret_token: options.webhook.secretToken,
        allowed_updates: [...ALLOWED_UPDATES],
      });
    },
    async stop() {
      await poller?.stop();
    },
  };
}

/** Parses the options; the error names the wrong fields and never echoes the token. */
function parseOptions(input: TelegramOptionsInput): TelegramOptions {
  const parsed = telegramOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ConfigError(`telegram options are invalid: ${problems.join('; ')}`);
}
