import { Pool } from 'pg';
import { startSender } from '../../src/app/channels/sender';
import { createWhatsappChannel, type WhatsappChannel } from '../../src/channels/whatsapp';
import { redisLeases } from '../../src/stores/redis-lease';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import type { Harness } from '../support/harness';
import { TEST_DATABASE_URL } from '../support/test-env';
import { fakeSocketFactory, PAIRED, TEST_SPOOL_DIR, waitFor, type FakeWaSocket } from './whatsapp-fakes';

/**
 * A paired WhatsApp channel around a fake Baileys socket, wired to a harness' Iris (ingress,
 * sender on its outbound queue) the way the whatsapp process wires it, and open. `close` stops
 * the channel and deletes the account's auth rows (close the harness after it).
 */
export async function openWhatsappThroughIris(
  h: Harness,
  account: string,
): Promise<{ channel: WhatsappChannel; socket: FakeWaSocket; close(): Promise<void> }> {
  const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
  const fake = fakeSocketFactory();
  await new PgWhatsappAuthStore(pool).writeCreds(account, structuredClone(PAIRED));
  const channel = createWhatsappChannel({
    options: { account, redisPrefix: h.prefix, spoolDir: TEST_SPOOL_DIR, pairing: { mode: 'none' } },
    ingress: h.container.ingress,
    audioStore: h.container.audio,
    redis: h.container.redis,
    authStore: new PgWhatsappAuthStore(pool),
    leases: redisLeases(h.container.redis),
    logger: h.container.logger,
    socketFactory: fake.factory,
  });
  startSender(h.container, 'whatsapp', account, channel.sender);
  await channel.start();
  await waitFor(() => fake.sockets.length > 0, 10_000);
  const socket = fake.last();
  socket.open();
  await waitFor(() => channel.status() === 'open', 10_000);
  return {
    channel,
    socket,
    async close() {
      await channel.stop();
      await pool.query('DELETE FROM whatsapp_auth WHERE account = $1', [account]);
      await pool.end();
    },
  };
}

/**
 * The suite around it: in `beforeAll` the harness' pipeline and the open channel, in `afterAll`
 * the channel closed and then the harness. `socket` is the fake socket once the suite runs.
 */
export function whatsappThroughIrisSuite(h: Harness, account: string): { readonly socket: FakeWaSocket } {
  let opened: Awaited<ReturnType<typeof openWhatsappThroughIris>> | undefined;
  beforeAll(async () => {
    h.startPipelines(1);
    opened = await openWhatsappThroughIris(h, account);
  });
  afterAll(async () => {
    await opened?.close();
    await h.close();
  });
  return {
    get socket() {
      if (!opened) throw new Error('the WhatsApp suite is not open yet');
      return opened.socket;
    },
  };
}
