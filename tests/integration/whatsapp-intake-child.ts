import { Pool } from 'pg';
import { loadConfig } from '../../config';
import { Container } from '../../src/app/container';
import { startSender } from '../../src/app/channels/sender';
import { createWhatsappChannel } from '../../src/channels/whatsapp';
import { redisLeases } from '../../src/stores/redis-lease';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import { fakeSocketFactory } from './whatsapp-fakes';

/**
 * A whatsapp process for `whatsapp-intake-kill.test.ts`, run as its own OS process so the test
 * can SIGKILL it: the real channel (spool, ingress with its own Redis connection, sender) around
 * a fake Baileys socket. The parent drives it over IPC: `{ upsert }` makes the socket emit a
 * `messages.upsert`; it reports `{ open }` once connected and `{ sent }` for every reply sent.
 *
 * Env: REDIS_URL (the parent's TCP proxy, so it can cut Redis), DATABASE_URL, IRIS_PREFIX,
 * WA_ACCOUNT, WA_SPOOL_DIR.
 */
async function main(): Promise<void> {
  const env = process.env as Record<string, string>;
  const container = new Container(
    loadConfig({
      DATABASE_URL: env.DATABASE_URL!,
      REDIS_URL: env.REDIS_URL!,
      IRIS_PREFIX: env.IRIS_PREFIX!,
      LOG_LEVEL: env.LOG_LEVEL ?? 'silent',
      CHECK_REDIS_POLICY: 'false',
    }),
    { role: 'whatsapp' },
  );
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 2 });
  const fake = fakeSocketFactory();
  const account = env.WA_ACCOUNT!;
  // As the whatsapp process wires it (src/app/channels/whatsapp.ts): the sender runs only while
  // this process holds an open socket, so no reply burns its retries on a socket not yet open.
  const outbound: { worker?: ReturnType<typeof startSender> } = {};
  const channel = createWhatsappChannel({
    options: {
      account,
      redisPrefix: env.IRIS_PREFIX!,
      spoolDir: env.WA_SPOOL_DIR!,
      pairing: { mode: 'none' },
      // Short, so the restarted process takes the number over soon after the kill; not so short
      // that a busy start (compiling, loading the intent models while replaying the spool) on a
      // loaded 2-core CI machine misses a renewal and drops the lease it just took (seen once
      // with 1 s: the process lost its lease 0.9 s after taking it and never reconnected).
      lease: { ttlMs: 3_000 },
      ingressRetryMaxMs: 200,
      send: { chatMinIntervalMs: 0, chatJitterMs: 0, accountMaxPerMinute: 6_000 },
    },
    ingress: container.ingress,
    audioStore: container.audio,
    redis: container.redis,
    authStore: new PgWhatsappAuthStore(pool),
    leases: redisLeases(container.redis),
    logger: container.logger,
    socketFactory: fake.factory,
    onStatusChange: (status) => {
      if (!outbound.worker) return;
      if (status === 'open') outbound.worker.resume();
      else void outbound.worker.pause(true);
    },
  });
  outbound.worker = startSender(container, 'whatsapp', account, channel.sender);
  if (channel.status() !== 'open') void outbound.worker.pause(true);
  await channel.start();
  while (fake.sockets.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const socket = fake.last();
  const send = socket.sendMessage.bind(socket);
  socket.sendMessage = async (jid, content, options) => {
    const sent = await send(jid, content, options);
    process.send?.({ sent: { jid, text: 'text' in content ? content.text : content.caption } });
    return sent;
  };
  socket.open();
  while (channel.status() !== 'open') await new Promise((resolve) => setTimeout(resolve, 10));
  process.on('message', (message: { upsert?: unknown }) => {
    if (message.upsert) socket.upsert(message.upsert as never);
  });
  process.send?.({ open: true });
}

void main();
