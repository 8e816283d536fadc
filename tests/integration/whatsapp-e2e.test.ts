import { redisLeases } from '../../src/stores/redis-lease';
import type { AuthenticationCreds } from '@whiskeysockets/baileys' with { 'resolution-mode': 'import' };
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startSender } from '../../src/app/channels/sender';
import { createWhatsappChannel, type WhatsappChannel } from '../../src/channels/whatsapp';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL } from '../support/test-env';
import { fakeSocketFactory, TEST_SPOOL_DIR, waitFor, type FakeWaSocket } from './whatsapp-fakes';

const PAIRED = {
  me: { id: '5511900000000:7@s.whatsapp.net', lid: '98765432101234:7@lid', name: 'Iris' },
  account: { details: Buffer.from('adv-details'), accountSignature: Buffer.from('sig') },
  registrationId: 42,
} as unknown as AuthenticationCreds;

/**
 * WhatsApp end to end: the adapter around a fake Baileys socket, wired to the real engine
 * (ingress, queues, pipeline, PostgreSQL) the way the whatsapp process wires it.
 */
describe('WhatsApp through the whole of Iris', () => {
  const h = new Harness();
  const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
  const account = `e2e${randomUUID().slice(0, 8)}`;
  const fake = fakeSocketFactory();
  let channel: WhatsappChannel;
  let socket: FakeWaSocket;

  beforeAll(async () => {
    h.startPipelines(1);
    await new PgWhatsappAuthStore(pool).writeCreds(account, structuredClone(PAIRED));
    channel = createWhatsappChannel({
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
    socket = fake.last();
    socket.open();
    await waitFor(() => channel.status() === 'open', 10_000);
  });

  afterAll(async () => {
    await channel.stop();
    await h.close();
    await pool.query('DELETE FROM whatsapp_auth WHERE account = $1', [account]);
    await pool.end();
  });

  let seq = 0;
  function write(fromJid: string, text: string): void {
    socket.upsert({
      type: 'notify',
      messages: [
        {
          key: { remoteJid: fromJid, fromMe: false, id: `3EB0E2E${Date.now()}${++seq}` },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Ana',
          message: { conversation: text },
        },
      ],
    } as never);
  }

  async function waitForSent(jid: string, pattern: RegExp): Promise<string> {
    let text: string | undefined;
    await waitFor(() => {
      text = socket.sent.find((m) => m.jid === jid && pattern.test(m.text))?.text;
      return text !== undefined;
    }, 20_000);
    return text!;
  }

  it('a user registered by phone creates a boleto and confirms with "sim" (old 8-digit JID matched by the ninth digit)', async () => {
    const { tenant } = await h.boletosTenant();
    // An old 8-digit mobile number (mobiles start with 6-9); WhatsApp may still send this form.
    const local = String(Math.floor(90_000_000 + Math.random() * 9_999_999));
    await h.db.user.create({
      data: { tenantId: tenant.id, name: 'Ana', role: 'owner', phone: `55119${local}` },
    });
    const jid = `5511${local}@s.whatsapp.net`; // the legacy form without the ninth digit

    write(jid, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099');
    expect(await waitForSent(jid, /Confirma\? \(Sim\/Não\)$/)).toBe(
      'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)',
    );
    write(jid, 'sim');
    await waitForSent(jid, /^Boleto nº 1 criado: R\$ 150,00 para João Silva/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(socket.presences.some((p) => p.type === 'composing' && p.jid === jid)).toBe(true);
  }, 60_000);

  it('an unknown number gets one polite refusal', async () => {
    const jid = `55219${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}@s.whatsapp.net`;
    write(jid, 'oi');
    await waitForSent(jid, /^Olá! Esta conta ainda não está autorizada a usar a Iris\./);
    // Ingress queues a refusal (or not) before it returns: once it has answered the second
    // message, what was queued for this chat is final.
    const handle = jest.spyOn(h.container.ingress, 'handle');
    const send = jest.spyOn(h.container.outbox, 'send');
    write(jid, 'oi de novo');
    await waitFor(() => handle.mock.results.length === 1);
    expect(await handle.mock.results[0]!.value).toEqual({ status: 'unknown_user' });
    expect(send.mock.calls.flat(2).filter((m) => m.chatId === jid)).toEqual([]);
    handle.mockRestore();
    send.mockRestore();
    expect(socket.sent.filter((m) => m.jid === jid)).toHaveLength(1);
  }, 30_000);
});
