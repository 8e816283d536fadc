/**
 * `npm start`: every role in one process, for a single machine. Channels start when configured
 * (Telegram when TELEGRAM_BOT_TOKEN is set; WhatsApp runs as its own process). Scale out with
 * the Procfile instead.
 */
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { startPipeline, startTranscriber } from '../src/app/roles';
import { createTelegram, startTelegramSender } from '../src/app/telegram';
import { buildWeb } from '../src/app/web';
import { applyMigrations } from '../src/stores/prisma/migrations';

async function main(): Promise<void> {
  const config = loadConfig();
  await applyMigrations(config.DATABASE_URL);
  const container = new Container(config, { role: 'iris' });
  handleSignals(container);
  startPipeline(container);
  startTranscriber(container);
  const app = buildWeb(container);
  container.onClose(() => app.close());
  if (config.TELEGRAM_BOT_TOKEN) {
    const telegram = createTelegram(container);
    startTelegramSender(container, telegram);
    if (config.TELEGRAM_WEBHOOK_URL) {
      app.route(telegram.webhookRoute());
      await telegram.init();
      await telegram.registerWebhook(config.TELEGRAM_WEBHOOK_URL);
    } else {
      telegram
        .startPolling()
        .catch((error: unknown) => container.logger.fatal({ err: error }, 'telegram polling stopped'));
    }
  }
  const address = await app.listen({ host: config.HTTP_HOST, port: config.HTTP_PORT });
  container.logger.info(
    { address, voice: container.transcriber ? 'gemini' : 'disabled' },
    'Iris is running (web, pipeline, transcriber)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
