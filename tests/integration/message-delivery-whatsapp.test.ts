import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startMessageDeliverer, type ContactChatTransport } from '../../src/queues/message-deliverer';
import { PrismaMessageOutbox } from '../../src/stores/queued-message-store';
import { boletosPerson, send, waitFor, type Person } from '../support/conversation';
import { Harness } from '../support/harness';
import { whatsappThroughIrisSuite } from './whatsapp-through-iris';

/**
 * Messages to contacts through the tenant's WhatsApp number: the queue_message use case in the
 * pipeline, the deliverer the pipeline role starts with WHATSAPP_CONTACT_MESSAGES, the WhatsApp
 * process' sender and a fake Baileys socket that records what it was asked to send.
 */
describe('messages to contacts by WhatsApp', () => {
  const account = `cm${randomUUID().slice(0, 8)}`;
  const h = new Harness({
    WHATSAPP_CONTACT_MESSAGES: 'true',
    WHATSAPP_ACCOUNT: account,
    WHATSAPP_CONTACT_SPACING_MS: '0',
  });
  const wa = whatsappThroughIrisSuite(h, account);

  /** A boletos tenant sending by WhatsApp: João opted in, Pedro has a phone but did not. */
  async function whatsappTenant(): Promise<{ who: Person; phone: string }> {
    const who = await boletosPerson(h, { contacts: ['João Silva', 'Pedro Santos', 'Maria Oliveira'] });
    await h.db.tenant.update({ where: { id: who.tenantId }, data: { messageDelivery: 'whatsapp' } });
    const phone = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await h.db.contact.updateMany({
      where: { tenantId: who.tenantId, name: 'João Silva' },
      data: { phone, whatsappOptInAt: new Date() },
    });
    await h.db.contact.updateMany({
      where: { tenantId: who.tenantId, name: 'Pedro Santos' },
      data: { phone: '5511900001111' },
    });
    return { who, phone };
  }

  it("a contact who opted in gets the message from the tenant's number, once", async () => {
    const { who, phone } = await whatsappTenant();
    const sent = await send(h, who, 'avisa o João Silva que o boleto vence amanhã');
    expect(sent.replies).toEqual([`Mensagem para João Silva na fila de envio pelo WhatsApp (+${phone}).`]);
    const jid = `${phone}@s.whatsapp.net`;
    const tenant = await h.db.tenant.findUniqueOrThrow({ where: { id: who.tenantId } });
    await waitFor('the WhatsApp message', async () =>
      wa.socket.sent.some((m) => m.jid === jid) ? true : undefined,
    );
    expect(wa.socket.sent.filter((m) => m.jid === jid)).toEqual([
      { jid, text: `o boleto vence amanhã\n\n— ${tenant.name} (enviada pela assistente Iris)` },
    ]);
    const row = await waitFor('the row marked sent', async () => {
      const r = await h.db.queuedMessage.findFirstOrThrow({ where: { tenantId: who.tenantId } });
      return r.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ channel: 'whatsapp', address: phone, attempts: 1 });
  });

  it('no consent or no phone: the owner is told, nothing is sent', async () => {
    const { who } = await whatsappTenant();
    expect((await send(h, who, 'avisa o Pedro Santos que o boleto vence amanhã')).replies).toEqual([
      'Pedro Santos ainda não autorizou receber mensagens pelo seu WhatsApp: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
    ]);
    expect((await send(h, who, 'avisa a Maria Oliveira que o boleto vence amanhã')).replies).toEqual([
      'Maria Oliveira não tem WhatsApp cadastrado: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
    ]);
    const rows = await h.db.queuedMessage.findMany({ where: { tenantId: who.tenantId } });
    expect(rows.map((r) => r.status)).toEqual(['kept', 'kept']);
    expect(wa.socket.sent.some((m) => m.jid === '5511900001111@s.whatsapp.net')).toBe(false);
  });
});

/**
 * The WhatsApp sending limits, on the real outbox: a deliverer of its own (no pipeline runs
 * here, so no other deliverer takes these messages) with a transport that records what it was
 * handed.
 */
describe('messages to contacts by WhatsApp: sending limits (unsolicited messages get a number banned)', () => {
  const h = new Harness();
  afterAll(() => h.close());

  /** Two messages due now for one tenant, and a deliverer with `limits` that records sends. */
  async function twoPending(limits: { whatsappDailyCap?: number; whatsappSpacingMs?: number }) {
    const who = await boletosPerson(h, { contacts: ['João Silva'] });
    const phone = '5511987650001';
    const contact = await h.db.contact.findFirstOrThrow({ where: { tenantId: who.tenantId } });
    await h.db.queuedMessage.createMany({
      data: ['primeira', 'segunda'].map((content, i) => ({
        tenantId: who.tenantId,
        contactId: contact.id,
        content,
        correlationId: `limits-${i}`,
        status: 'pending',
        channel: 'whatsapp',
        address: phone,
        nextAttemptAt: new Date(Date.now() - 1000 + i),
      })),
    });
    const handed: string[] = [];
    const transport: ContactChatTransport = { send: async (m) => void handed.push(m.text.split('\n')[0]!) };
    const deliverer = startMessageDeliverer({
      outbox: new PrismaMessageOutbox(h.db, () => [...h.tenantIds]),
      transports: { whatsapp: transport },
      logger: pino({ level: 'silent' }),
      options: { everyMs: 50, ...limits },
    });
    const rows = async () =>
      h.db.queuedMessage.findMany({ where: { tenantId: who.tenantId }, orderBy: { correlationId: 'asc' } });
    return { handed, deliverer, rows };
  }

  it('over the daily cap, the next message waits (attempt not counted) instead of going out', async () => {
    const { handed, deliverer, rows } = await twoPending({ whatsappDailyCap: 1, whatsappSpacingMs: 0 });
    try {
      const [first, second] = await waitFor('one sent, one held', async () => {
        const [a, b] = await rows();
        return a?.status === 'sent' &&
          b?.status === 'pending' &&
          b.nextAttemptAt.getTime() > Date.now() + 30 * 60_000
          ? [a, b]
          : undefined;
      });
      expect(first!.attempts).toBe(1);
      expect(second!.attempts).toBe(0);
      expect(handed).toEqual(['primeira']);
    } finally {
      await deliverer.stop();
      await h.db.queuedMessage.deleteMany({ where: { correlationId: { startsWith: 'limits-' } } });
    }
  });

  it('two messages of one tenant go out at least the spacing apart', async () => {
    const { handed, deliverer, rows } = await twoPending({ whatsappSpacingMs: 60_000 });
    try {
      const [first, second] = await waitFor('one sent, one spaced', async () => {
        const [a, b] = await rows();
        return a?.status === 'sent' && b?.status === 'pending' && b.nextAttemptAt > new Date()
          ? [a, b]
          : undefined;
      });
      expect(second!.nextAttemptAt.getTime() - first!.sentAt!.getTime()).toBeGreaterThanOrEqual(59_000);
      expect(handed).toEqual(['primeira']);
    } finally {
      await deliverer.stop();
      await h.db.queuedMessage.deleteMany({ where: { correlationId: { startsWith: 'limits-' } } });
    }
  });
});
