/**
 * `npm start`: every role in one process, for a single machine. The channels of the registry
 * (`src/app/channels/`) start when configured (Telegram when TELEGRAM_BOT_TOKEN is set; WhatsApp
 * runs as its own process). Scale out with the Procfile instead.
 */
import './compile-cache';
import './wasm-baseline';
import { loadConfig } from '../config';
import { CHANNEL_MODULES } from '../src/app/channels/registry';
import { demoSignInOn } from '../src/app/channels/web-chat';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { startPipeline, startTranscriber } from '../src/app/roles';
import { buildWeb } from '../src/app/web';
import { applyMigrations } from '../src/stores/prisma/migrations';
import { runSeed } from '../prisma/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  await applyMigrations(config.DATABASE_URL);
  // The demo tenants and users the web chat's demo sign-in offers (idempotent; never in production).
  if (config.WEB_CHAT && demoSignInOn(config)) await runSeed(config, { quiet: true });
  const container = new Container(config, { role: 'iris' });
  handleSignals(container);
  startPipeline(container);
  startTranscriber(container);
  const app = buildWeb(container);
  container.onClose(() => app.close());
  for (const module of CHANNEL_MODULES) {
    if (module.configured(config)) await module.runAllInOne?.(container, app);
  }
  const address = await app.listen({ host: config.HTTP_HOST, port: config.HTTP_PORT });
  container.logger.info(
    { address, voice: container.transcriber ? 'gemini' : 'disabled' },
    'Iris is running (web, pipeline, transcriber)',
  );
  if (config.WEB_CHAT) {
    const host = config.HTTP_HOST === '0.0.0.0' || config.HTTP_HOST === '::' ? '127.0.0.1' : config.HTTP_HOST;
    process.stdout.write(`Iris is running: open http://${host}:${config.HTTP_PORT}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
