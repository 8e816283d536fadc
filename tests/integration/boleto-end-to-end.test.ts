import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { buildWeb } from '../../src/app/web';
import { startMessageDeliverer } from '../../src/queues/message-deliverer';
import { WhatsappContactTransport } from '../../src/queues/whatsapp-contact-transport';
import { SmtpMailTransport } from '../../src/providers/smtp-mail';
import { PrismaMessageOutbox } from '../../src/stores/queued-message-store';
import { waitFor } from '../support/conversation';
import { FakeAsaas, TEST_CPF } from '../support/fake-asaas';
import { Harness } from '../support/harness';
import { openWhatsappThroughIris } from './whatsapp-through-iris';

const SECRET_KEY = randomBytes(32).toString('hex');

/**
 * A registered boleto from the owner's message to the payment, through every real part: the
 * pipeline and its confirmation, the Asaas issuer over HTTP to a server speaking Asaas' wire
 * format, the deliverer with the provider's PDF attached — by e-mail to an SMTP server on
 * loopback, and through the WhatsApp process' sender to a fake Baileys socket — the web
 * process' webhook, and the owner's notice. (A kill at the worst moment of the creation is
 * boleto-provider-kill.test.ts.)
 */
describe('a registered boleto, end to end', () => {
  // Notices on (the harness' notifier serves only its own tenants: test files share the database).
  const h = new Harness({
    IRIS_SECRET_KEY: SECRET_KEY,
    BOLETO_NOTICES: 'true',
    BOLETO_NOTICES_EVERY_MS: '200',
  });
  const asaas = new FakeAsaas();
  const account = `e2e${randomUUID().slice(0, 8)}`;
  const mails: ParsedMail[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;

  beforeAll(async () => {
    await asaas.start();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => mails.push(mail))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?tls=off`;
    h.startPipelines(1);
  });
  afterAll(async () => {
    await h.close();
    await asaas.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  afterEach(() => expect(asaas.violations).toEqual([]));

  it('charged once, its PDF delivered by e-mail and WhatsApp, paid, the owner told once', async () => {
    const { tenant, chat } = await h.boletosTenant();
    const phone = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await h.db.contact.updateMany({
      where: { tenantId: tenant.id, name: 'João Silva' },
      data: { document: TEST_CPF, email: 'joao@example.com', phone, whatsappOptInAt: new Date() },
    });
    const { webhookToken } = await asaas.connect(h.db, SECRET_KEY, tenant.slug);
    const whatsapp = await openWhatsappThroughIris(h, account);
    const mail = new SmtpMailTransport({ url: smtpUrl, from: 'iris@example.com', timeoutMs: 2_000 });
    const deliverer = startMessageDeliverer({
      outbox: new PrismaMessageOutbox(h.db, () => [tenant.id]),
      transports: { email: mail, whatsapp: new WhatsappContactTransport(h.container.outbox, account) },
      pdfs: h.container.boletoPdfs,
      logger: pino({ level: 'silent' }),
      options: { everyMs: 50, whatsappSpacingMs: 0 },
    });
    const app = buildWeb(h.container);
    const web = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // By e-mail: proposed with where it goes, confirmed, charged once, the bank's PDF attached.
      await h.db.tenant.update({ where: { id: tenant.id }, data: { messageDelivery: 'email' } });
      const proposal = await h.say(chat, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099');
      expect(proposal[0]).toContain('e enviá-lo por e-mail para joao@example.com');
      expect((await h.say(chat, 'sim'))[0]).toContain('Enviei o boleto a João Silva por e-mail');
      const first = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id, number: 1 } });
      const mailed = await waitFor('the e-mail', async () =>
        mails.find((m) => JSON.stringify(m.to).includes('joao@example.com')),
      );
      expect(mailed.text).toContain('Olá, João Silva! Segue seu boleto de R$ 150,00');
      expect(mailed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['boleto-1.pdf', 'application/pdf'],
      ]);
      expect(mailed.attachments[0]!.content).toEqual(asaas.pdfOf(first.providerRef!));
      expect(asaas.slipDownloads).toContain(first.providerRef);

      // By WhatsApp: the same, as a document from the tenant's number.
      await h.db.tenant.update({ where: { id: tenant.id }, data: { messageDelivery: 'whatsapp' } });
      await h.say(chat, 'cria um boleto de R$ 80 pro João Silva pra dia 11/12/2099');
      expect((await h.say(chat, 'sim'))[0]).toContain('Enviei o boleto a João Silva pelo WhatsApp');
      const second = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id, number: 2 } });
      const jid = `${phone}@s.whatsapp.net`;
      const sent = await waitFor('the WhatsApp document', async () =>
        whatsapp.socket.sent.find((m) => m.jid === jid),
      );
      expect(sent.text).toContain('Segue seu boleto de R$ 80,00');
      expect(sent.document).toEqual({
        bytes: asaas.pdfOf(second.providerRef!),
        mimetype: 'application/pdf',
        fileName: 'boleto-2.pdf',
      });
      expect(asaas.calls('POST', /^\/v3\/payments$/)).toHaveLength(2);

      // Paid at the bank: the webhook marks it PAID and the owner is told once.
      const event = {
        id: `evt_${first.id}&1`,
        event: 'PAYMENT_RECEIVED',
        payment: asaas.pay(first.providerRef!, '2099-12-03'),
      };
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${web}/webhooks/asaas/${tenant.slug}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'asaas-access-token': webhookToken },
          body: JSON.stringify(event),
        });
        expect(response.status).toBe(200);
      }
      expect(await h.db.boleto.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
        status: 'PAID',
      });
      const notice = 'O boleto nº 1 de João Silva foi pago: R$ 150,00.';
      await waitFor('the owner to be told', async () =>
        h.replies.some((r) => r.chatId === chat.chatId && r.text === notice) ? true : undefined,
      );
      await waitFor('the owner chat queue to drain', async () => {
        const counts = await h.outboundQueue(chat.account).getJobCounts('waiting', 'active', 'delayed');
        return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0 ? true : undefined;
      });
      expect(h.replies.filter((r) => r.text === notice)).toHaveLength(1);
      // Both reached the customer: no PDF was left for the owner to forward.
      expect(await h.db.boletoNotice.count({ where: { tenantId: tenant.id, kind: 'issued' } })).toBe(0);
      expect(
        await h.db.queuedMessage.findMany({ where: { tenantId: tenant.id }, orderBy: { createdAt: 'asc' } }),
      ).toMatchObject([
        { channel: 'email', status: 'sent', boletoId: first.id },
        { channel: 'whatsapp', status: 'sent', boletoId: second.id },
      ]);
    } finally {
      await app.close();
      await deliverer.stop();
      await mail.close();
      await whatsapp.close();
    }
  });
});
