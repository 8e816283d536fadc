import type { ChannelModule } from './channel-module';
import { ConfigError } from '../../core/errors';
import type { TelegramChannel, TelegramOptionsInput } from '../../channels/telegram';
import type { Container } from '../container';
import { startSender } from './sender';
import { redisLeases } from '../../stores/redis-lease';

/**
 * Builds the Telegram channel from configuration and starts its sender (the outbound queue's
 * consumer, at most ~30 messages/s per bot; per-chat pacing is the sender's own). Polling or
 * the webhook route is started by the caller.
 */
export function createTelegram(c: Container, overrides: Partial<TelegramOptionsInput> = {}): TelegramChannel {
  const token = c.config.TELEGRAM_BOT_TOKEN;
  if (!token)
    throw new ConfigError('TELEGRAM_BOT_TOKEN is not set: create a bot with @BotFather and set its token.');
  if (c.config.TELEGRAM_WEBHOOK_URL && !c.config.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError(
      'TELEGRAM_WEBHOOK_URL needs TELEGRAM_WEBHOOK_SECRET (1-256 letters, digits, _ or -).',
    );
  }
  // Required here: grammy (~17 MB, ~90 ms to load) is loaded only by a process that runs the bot,
  // not by every process that reads this channel list.
  const { createTelegramChannel } =
    require('../../channels/telegram') as typeof import('../../channels/telegram');
  const telegram = createTelegramChannel({
    options: {
      token,
      ...(c.config.TELEGRAM_API_ROOT ? { apiRoot: c.config.TELEGRAM_API_ROOT } : {}),
      redisPrefix: c.config.IRIS_PREFIX,
      ...(c.config.TELEGRAM_WEBHOOK_URL && c.config.TELEGRAM_WEBHOOK_SECRET
        ? { webhook: { secretToken: c.config.TELEGRAM_WEBHOOK_SECRET } }
        : {}),
      audio: {
        enabled: c.transcriber !== undefined,
        maxBytes: c.config.AUDIO_MAX_BYTES,
        maxDurationSec: c.config.AUDIO_MAX_SECONDS,
      },
      ...overrides,
    },
    ingress: c.ingress,
    audioStore: c.audio,
    redis: c.redis,
    leases: redisLeases(c.redis),
    logger: c.logger,
  });
  c.onClose(() => telegram.stop());
  return telegram;
}

/** The sender side: consumes `outbound-telegram` (in the `telegram` process or all-in-one). */
export function startTelegramSender(c: Container, telegram: TelegramChannel): void {
  startSender(c, 'telegram', 'default', telegram.sender, { max: 30, duration: 1_000 });
}

/** Telegram in the channel registry (see `registry.ts`). */
export const telegramModule: ChannelModule = {
  id: 'telegram',
  typing: true,
  ownProcess: true,
  served: true,
  configured: (config) => Boolean(config.TELEGRAM_BOT_TOKEN),

  // Long polling (one poller per bot token in the cluster; a second process waits as a standby)
  // and the sender. With TELEGRAM_WEBHOOK_URL, updates arrive on the web process instead.
  async runProcess(c) {
    const telegram = createTelegram(c);
    startTelegramSender(c, telegram);
    if (c.config.TELEGRAM_WEBHOOK_URL) {
      c.logger.info('telegram: webhook mode, this process sends replies only');
      return;
    }
    startPolling(c, telegram);
  },

  async mountRoutes(c, web) {
    const url = c.config.TELEGRAM_WEBHOOK_URL;
    if (!c.config.TELEGRAM_BOT_TOKEN || !url) return;
    // Webhook mode: Telegram posts updates here; the route only hands them to ingress.
    const telegram = createTelegram(c);
    web.route(telegram.webhookRoute());
    // init() first: the first update must not wait for getMe.
    Promise.all([telegram.init(), telegram.registerWebhook(url)]).then(
      () => c.logger.info('telegram webhook registered'),
      (error: unknown) => c.logger.error({ err: error }, 'telegram webhook registration failed'),
    );
  },

  async runAllInOne(c, web) {
    const telegram = createTelegram(c);
    startTelegramSender(c, telegram);
    const url = c.config.TELEGRAM_WEBHOOK_URL;
    if (url) {
      web.route(telegram.webhookRoute());
      await telegram.init();
      await telegram.registerWebhook(url);
    } else {
      // The other roles of this process keep running (the console, the web) if polling stops.
      telegram
        .startPolling()
        .catch((error: unknown) => c.logger.fatal({ err: error }, 'telegram polling stopped'));
    }
  },
};

/** In the channel's own process, polling that stops ends the process (the supervisor restarts it). */
function startPolling(c: Container, telegram: TelegramChannel): void {
  telegram.startPolling().catch((error: unknown) => {
    c.logger.fatal({ err: error }, 'telegram polling stopped');
    process.exit(1);
  });
}
