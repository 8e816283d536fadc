import './compile-cache';
import './wasm-baseline';
import { loadConfig } from '../config';
import { CHANNEL_MODULES } from '../src/app/channels/registry';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';
import { buildWeb } from '../src/app/web';

const container = new Container(loadConfig(), { role: 'web' });
handleSignals(container);
const app = buildWeb(container);
container.onClose(() => app.close());

async function main(): Promise<void> {
  // Channels that receive by webhook mount their routes here (Telegram with TELEGRAM_WEBHOOK_URL).
  for (const module of CHANNEL_MODULES) await module.mountRoutes?.(container, app);
  const address = await app.listen({ host: container.config.HTTP_HOST, port: container.config.HTTP_PORT });
  container.logger.info({ address }, 'web listening');
}

main().catch((error: unknown) => {
  container.logger.fatal({ err: error }, 'web could not listen');
  process.exit(1);
});
