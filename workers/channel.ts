/**
 * A channel's own process: `node dist/workers/channel.js <id>` once built (the Procfile's
 * `telegram` and `whatsapp` lines), `tsx workers/channel.ts <id>` in development. What it runs
 * is the channel's module in `src/app/channels/`: Telegram polls (one poller per bot token in the
 * cluster, others stand by) and sends; WhatsApp holds one live socket per number (others stand
 * by) and sends.
 */
import './compile-cache';
import './wasm-baseline';
import { loadConfig } from '../config';
import { CHANNEL_MODULES, channelModule } from '../src/app/channels/registry';
import { Container } from '../src/app/container';
import { handleSignals } from '../src/app/lifecycle';

const id = process.argv[2] ?? '';
const channel = channelModule(id);
if (!channel?.runProcess) {
  const ids = CHANNEL_MODULES.filter((m) => m.runProcess).map((m) => m.id);
  console.error(`usage: workers/channel <${ids.join('|')}>${id ? ` (no channel process "${id}")` : ''}`);
  process.exit(2);
}
const container = new Container(loadConfig(), { role: id });
handleSignals(container);
channel.runProcess(container).catch((error: unknown) => {
  container.logger.fatal({ err: error }, `${id} channel stopped`);
  process.exit(1);
});
