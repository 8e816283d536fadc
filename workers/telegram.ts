/**
 * The `telegram` process: long polling (one poller per bot token in the whole cluster; a second
 * process waits as a standby) and the sender of Telegram replies. With TELEGRAM_WEBHOOK_URL set,
 * updates arrive on the web process instead, and this process only sends.
 */
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { createTelegram, startTelegramSender } from '../src/app/telegram';

const container = new Container(loadConfig(), { role: 'telegram' });
handleSignals(container);
const telegram = createTelegram(container);
startTelegramSender(container, telegram);
if (container.config.TELEGRAM_WEBHOOK_URL) {
  container.logger.info('telegram: webhook mode, this process sends replies only');
} else {
  telegram.startPolling().catch((error: unknown) => {
    container.logger.fatal({ err: error }, 'telegram polling stopped');
    process.exit(1);
  });
}
