import { ConfigError } from '../core/errors';
import { createTelegramChannel, type TelegramChannel, type TelegramOptionsInput } from '../channels/telegram';
import type { Container } from './container';
import { startSender } from './roles';
import { redisLeases } from '../stores/redis-lease';

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
  const telegram = createTelegramChannel({
    options: {
      token,
      ...(c.config.TELEGRAM_API_ROOT ? { apiRoot: c.config.TELEGRAM_API_ROOT } : {}),
      redisPrefix: c.config.IRIS_PREFIX,
      ...(c.config.TELEGRAM_WEBHOOK_URL && c.config.TELEGRAM_WEBHOOK_SECRET
        ? { webhook: { secretToken: c.config.TELEGRAM_WEBHOOK_SECRET } }
        : {}),
      audio: { maxBytes: c.config.AUDIO_MAX_BYTES, maxDurationSec: c.config.AUDIO_MAX_SECONDS },
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
