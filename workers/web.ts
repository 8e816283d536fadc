import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { createTelegram } from '../src/app/telegram';
import { buildWeb } from '../src/app/web';

const container = new Container(loadConfig(), { role: 'web' });
handleSignals(container);
const app = buildWeb(container);
container.onClose(() => app.close());
if (container.config.TELEGRAM_BOT_TOKEN && container.config.TELEGRAM_WEBHOOK_URL) {
  // Webhook mode: Telegram posts updates here; the route only hands them to ingress.
  const telegram = createTelegram(container);
  app.route(telegram.webhookRoute());
  const url = container.config.TELEGRAM_WEBHOOK_URL;
  // init() first: the first update must not wait for getMe.
  Promise.all([telegram.init(), telegram.registerWebhook(url)]).then(
    () => container.logger.info('telegram webhook registered'),
    (error: unknown) => container.logger.error({ err: error }, 'telegram webhook registration failed'),
  );
}
app.listen({ host: container.config.HTTP_HOST, port: container.config.HTTP_PORT }).then(
  (address) => container.logger.info({ address }, 'web listening'),
  (error: unknown) => {
    container.logger.fatal({ err: error }, 'web could not listen');
    process.exit(1);
  },
);
