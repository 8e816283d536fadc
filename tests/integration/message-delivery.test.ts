import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { startMessageDeliverer, type DeliveryOutcome } from '../../src/queues/message-deliverer';
import { SmtpMailTransport } from '../../src/providers/smtp-mail';
import { PrismaMessageOutbox } from '../../src/stores/queued-message-store';
import { Harness } from '../support/harness';
import { boletosPerson, send, waitFor, type Person } from '../support/conversation';

/**
 * Messages to contacts leave by e-mail: the real queue_message use case through the pipeline,
 * the real deliverer on PostgreSQL, nodemailer talking SMTP to a local SMTP server
 * (smtp-server, the same project's server side) that records what it accepted.
 */
describe('messages to contacts by e-mail', () => {
  const h = new Harness();
  const received: ParsedMail[] = [];
  /** Recipients refused at RCPT TO, with the SMTP code to answer; consumed once each. */
  const refuse = new Map<string, number[]>();
  let server: SMTPServer;
  let smtpUrl: string;
  const outbox = () => new PrismaMessageOutbox(h.db, () => [...h.tenantIds]);
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    await h.startPipelines(1);
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        const code = refuse.get(address.address)?.shift();
        if (code === undefined) return callback();
        const error = Object.assign(new Error(`refused for the test (${code})`), { responseCode: code });
        return callback(error);
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?tls=off`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
  });

  /** A boletos tenant that sends by e-mail, with contacts that have (or lack) an address. */
  async function emailTenant(): Promise<{ who: Person; address: string }> {
    const who = await boletosPerson(h, { contacts: ['João Silva', 'Pedro Santos'] });
    await h.db.tenant.update({ where: { id: who.tenantId }, data: { messageDelivery: 'email' } });
    const address = `joao.${who.tenantId.slice(0, 8)}@example.com`;
    ours.add(who.tenantId);
    await h.db.contact.updateMany({
      where: { tenantId: who.tenantId, name: 'João Silva' },
      data: { email: address },
    });
    return { who, address };
  }

  const ours = new Set<string>();

  function deliverer(options: { leaseMs?: number; url?: string } = {}) {
    const outcomes: DeliveryOutcome[] = [];
    const mail = new SmtpMailTransport({
      url: options.url ?? smtpUrl,
      from: 'iris@example.com',
      timeoutMs: 2_000,
    });
    const running = startMessageDeliverer({
      outbox: outbox(),
      transports: { email: mail },
      logger,
      options: { everyMs: 50, leaseMs: options.leaseMs ?? 60_000 },
      // Other test files share the database: only this file's tenants' messages are counted.
      onOutcome: (outcome, _channel, message) => {
        if (ours.has(message.tenantId)) outcomes.push(outcome);
      },
    });
    return {
      outcomes,
      async stop() {
        await running.stop();
        await mail.close();
      },
    };
  }

  const mailsTo = (address: string) =>
    received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
  const row = (tenantId: string) => h.db.queuedMessage.findFirstOrThrow({ where: { tenantId } });

  it('"avisa o João" is queued by e-mail, said so, and sent once with the tenant as the sender', async () => {
    const { who, address } = await emailTenant();
    const sent = await send(h, who, 'avisa o João Silva que o boleto vence amanhã');
    expect(sent.replies).toEqual([`Mensagem para João Silva na fila de envio por e-mail (${address}).`]);
    expect(await row(who.tenantId)).toMatchObject({
      status: 'pending',
      channel: 'email',
      address,
      attempts: 0,
    });

    const running = deliverer();
    try {
      const [mail] = await waitFor('the e-mail', async () =>
        mailsTo(address).length > 0 ? mailsTo(address) : undefined,
      );
      const tenant = await h.db.tenant.findUniqueOrThrow({ where: { id: who.tenantId } });
      expect(mail!.subject).toBe(`Mensagem de ${tenant.name}`);
      expect(mail!.from?.value).toEqual([{ name: tenant.name, address: 'iris@example.com' }]);
      expect(mail!.text?.trim()).toBe(
        `o boleto vence amanhã\n\n— ${tenant.name} (enviada pela assistente Iris)`,
      );
      // The outcome is reported after the row is written: waiting on it means the row is final.
      await waitFor('the outcome', async () => (running.outcomes.length > 0 ? true : undefined));
      expect(running.outcomes).toEqual(['sent']);
      const stored = await row(who.tenantId);
      expect(stored.status).toBe('sent');
      expect(mail!.messageId).toBe(`<${stored.id}@iris.local>`);
      expect(stored).toMatchObject({ attempts: 1, lastError: null, claimedUntil: null });
      expect(stored.sentAt).toBeInstanceOf(Date);
    } finally {
      await running.stop();
    }
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('a contact without an address: the owner is told, nothing is queued to send', async () => {
    const { who } = await emailTenant();
    const sent = await send(h, who, 'avisa o Pedro Santos que o boleto vence amanhã');
    expect(sent.replies).toEqual([
      'Pedro Santos não tem e-mail cadastrado: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
    ]);
    expect(await row(who.tenantId)).toMatchObject({ status: 'kept', channel: null, address: null });
  });

  it('a temporary refusal is retried later (attempt recorded); a permanent one fails at once', async () => {
    const { who, address } = await emailTenant();
    refuse.set(address, [451, 550]);
    await send(h, who, 'avisa o João Silva que o boleto vence amanhã');
    const running = deliverer();
    try {
      const retried = await waitFor('the retry to be scheduled', async () => {
        const r = await row(who.tenantId);
        return r.status === 'pending' && r.attempts === 1 ? r : undefined;
      });
      expect(retried.lastError).toMatch(/451/);
      expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Due now instead of in 30 s: the second attempt meets the 550.
      await h.db.queuedMessage.update({ where: { id: retried.id }, data: { nextAttemptAt: new Date() } });
      const failed = await waitFor('the permanent refusal', async () => {
        const r = await row(who.tenantId);
        return r.status === 'failed' ? r : undefined;
      });
      expect(failed).toMatchObject({ attempts: 2, lastError: expect.stringMatching(/550/) });
      await waitFor('both outcomes', async () => (running.outcomes.length >= 2 ? true : undefined));
      expect(running.outcomes).toEqual(['retry', 'failed']);
    } finally {
      await running.stop();
    }
    expect(mailsTo(address)).toHaveLength(0);
  });

  it('an unreachable SMTP server is a retry, never a loss', async () => {
    const { who } = await emailTenant();
    await send(h, who, 'avisa o João Silva que o boleto vence amanhã');
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const running = deliverer({ url: `smtp://127.0.0.1:${port}?tls=off` });
    try {
      const retried = await waitFor('the retry', async () => {
        const r = await row(who.tenantId);
        return r.status === 'pending' && r.attempts === 1 ? r : undefined;
      });
      expect(retried.lastError).toMatch(/ECONNECTION|ECONNREFUSED|ESOCKET/);
    } finally {
      await running.stop();
      // Out of the way of the next tests' deliverers once its retry falls due.
      await h.db.queuedMessage.updateMany({ where: { tenantId: who.tenantId }, data: { status: 'failed' } });
    }
  });

  it('two deliverers at once send each of 20 messages exactly once', async () => {
    const { who, address } = await emailTenant();
    const contact = await h.db.contact.findFirstOrThrow({
      where: { tenantId: who.tenantId, email: address },
    });
    await h.db.queuedMessage.createMany({
      data: Array.from({ length: 20 }, (_, i) => ({
        tenantId: who.tenantId,
        contactId: contact.id,
        content: `mensagem ${i}`,
        correlationId: `bulk-${i}`,
        status: 'pending',
        channel: 'email',
        address,
      })),
    });
    const [a, b] = [deliverer(), deliverer()];
    try {
      await waitFor('20 rows sent', async () =>
        (await h.db.queuedMessage.count({ where: { tenantId: who.tenantId, status: 'sent' } })) === 20
          ? true
          : undefined,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const ids = mailsTo(address).map((mail) => mail.messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(a.outcomes.length + b.outcomes.length).toBe(20);
  });

  it('a message claimed by a deliverer that died is sent by another once its lease ends', async () => {
    const { who, address } = await emailTenant();
    await send(h, who, 'avisa o João Silva que o boleto vence amanhã');
    // The dead one: claimed it for 300 ms, never sent, never recorded.
    const [claimed] = await outbox().claimDue(10, 300, ['email']);
    expect(claimed).toMatchObject({ address, attempts: 1 });
    const running = deliverer();
    try {
      await waitFor('the e-mail after the lease', async () =>
        mailsTo(address).length > 0 ? true : undefined,
      );
      const sent = await waitFor('the row marked sent', async () => {
        const r = await row(who.tenantId);
        return r.status === 'sent' ? r : undefined;
      });
      expect(sent.attempts).toBe(2);
    } finally {
      await running.stop();
    }
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('a pipeline process started with SMTP_URL delivers on its own (the production wiring)', async () => {
    const { who, address } = await emailTenant();
    const withSmtp = new Harness({ SMTP_URL: smtpUrl, MAIL_FROM: 'cobranca@example.com' });
    try {
      // Its pipeline delivers for this tenant (made by the other harness).
      withSmtp.tenantIds.add(who.tenantId);
      withSmtp.startPipelines(1);
      await send(h, who, 'avisa o João Silva que o pagamento caiu');
      const [mail] = await waitFor('the e-mail', async () =>
        mailsTo(address).length > 0 ? mailsTo(address) : undefined,
      );
      expect(mail!.text).toContain('o pagamento caiu');
      expect(mail!.from?.value[0]?.address).toBe('cobranca@example.com');
    } finally {
      await withSmtp.close();
    }
  });
});
