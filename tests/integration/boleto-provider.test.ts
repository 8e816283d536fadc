import { randomBytes, randomUUID } from 'node:crypto';
import { recordProviderEvent } from '../../src/app/provider-webhooks';
import { buildWeb } from '../../src/app/web';
import { startBoletoReconciler } from '../../src/app/boleto-reconciler';
import pino from 'pino';
import { waitFor } from '../support/conversation';
import { readAsaasEvent } from '../../src/providers/asaas/events';
import { FakeAsaas, TEST_CPF } from '../support/fake-asaas';
import { Harness } from '../support/harness';
import { pdfText } from '../support/pdf-text';

const SECRET_KEY = randomBytes(32).toString('hex');

/**
 * Boletos registered through Asaas: the real use cases, AsaasIssuer and AsaasClient over HTTP
 * to a local server speaking Asaas' wire format (tests/support/fake-asaas.ts), which checks each
 * request field by field. The web process' webhook route is called over HTTP on loopback.
 */
describe('boletos registered through Asaas', () => {
  // Notices on here only: test files share the database (see tests/setup-env.ts).
  const h = new Harness({
    IRIS_SECRET_KEY: SECRET_KEY,
    BOLETO_NOTICES: 'true',
    BOLETO_NOTICES_EVERY_MS: '200',
  });
  const asaas = new FakeAsaas();

  beforeAll(async () => {
    await asaas.start();
    h.startPipelines(1);
  });
  afterAll(async () => {
    await h.close();
    await asaas.stop();
  });
  afterEach(() => expect(asaas.violations).toEqual([]));

  async function connectedTenant() {
    const { tenant, chat } = await h.boletosTenant();
    await h.db.contact.updateMany({
      where: { tenantId: tenant.id, name: 'João Silva' },
      data: { document: TEST_CPF, email: 'joao@example.com' },
    });
    const { webhookToken } = await asaas.connect(h.db, SECRET_KEY, tenant.slug, {
      finePercent: 2,
      interestPercentPerMonth: 1,
    });
    return { tenant, chat, webhookToken };
  }

  /** A reconciler of this test's own, on the harness' database and issuers. */
  const reconcilerEvery = (everyMs: number) =>
    startBoletoReconciler({
      db: h.db,
      issuers: h.container.boletoIssuers,
      everyMs,
      logger: pino({ level: 'silent' }),
    });

  /** Another action of `tenantId` made from a real one, with its own nonce and the fields given. */
  const actionLike = (
    template: Awaited<ReturnType<typeof h.db.action.findFirstOrThrow>>,
    tenantId: string,
    fields: { status: 'FAILED' | 'EXECUTING'; error?: string; completedAt?: Date; decidedAt?: Date },
  ) =>
    h.db.action.create({
      data: { ...template, tenantId, nonce: randomUUID(), params: {}, result: {}, ...fields },
    });

  /** A registered boleto created through the chat, paid at Asaas, its last answer two minutes old. */
  async function paidBehindIris(reais: number, day: string) {
    const connected = await connectedTenant();
    await h.say(connected.chat, `cria um boleto de R$ ${reais} pro João Silva pra dia 10/12/2099`);
    await h.say(connected.chat, 'sim');
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: connected.tenant.id } });
    asaas.pay(boleto.providerRef!, day);
    await h.db.boleto.update({
      where: { id: boleto.id },
      data: { syncedAt: new Date(Date.now() - 120_000) },
    });
    return { ...connected, boleto };
  }

  it('creates the charge once, with the confirmation as its reference, and replies with the bank line and PDF', async () => {
    const { tenant, chat } = await connectedTenant();
    const proposal = await h.say(chat, 'cria um boleto de R$ 150,35 pro João Silva pra dia 10/12/2099');
    expect(proposal[0]).toContain('Vou criar um boleto de R$ 150,35 para João Silva');
    const before = asaas.requests.length;
    const done = await h.say(chat, 'sim');
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const charge = asaas.payments.get(boleto.providerRef!)!;
    expect(charge).toMatchObject({
      billingType: 'BOLETO',
      value: 150.35,
      dueDate: '2099-12-10',
      fine: { value: 2 },
      interest: { value: 1 },
    });
    const action = await h.db.action.findFirstOrThrow({
      where: { tenantId: tenant.id, tool: 'create_boleto' },
    });
    expect(charge.externalReference).toBe(action.nonce);
    expect(boleto).toMatchObject({
      provider: 'asaas',
      amountCents: 15035,
      status: 'PENDING',
      pdfUrl: charge.bankSlipUrl,
    });
    expect(done[0]).toContain('Boleto nº 1 criado: R$ 150,35 para João Silva');
    expect(done[0]).toContain(`Boleto para imprimir: ${charge.bankSlipUrl}`);
    expect(done[0]).not.toContain('demonstração');
    // The customer was created once with the contact's CPF; the calls in Asaas' order.
    expect(asaas.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v3/customers',
      'POST /v3/customers',
      'GET /v3/payments',
      'POST /v3/payments',
      `GET /v3/payments/${charge.id}/identificationField`,
    ]);
    expect(asaas.calls('POST', /\/customers$/).at(-1)!.body).toMatchObject({
      name: 'João Silva',
      cpfCnpj: TEST_CPF,
      notificationDisabled: true,
    });
    const contact = await h.db.contact.findFirstOrThrow({
      where: { tenantId: tenant.id, name: 'João Silva' },
    });
    expect(contact.providerCustomerRef).toBe(charge.customer);

    // A second "sim" replays the result: nothing more is asked of Asaas.
    const count = asaas.requests.length;
    await h.say(chat, 'sim');
    expect(asaas.requests.length).toBe(count);
  });

  it('sends the registered boleto to the customer where the proposal said, and only there', async () => {
    const { tenant, chat } = await connectedTenant();
    await h.db.tenant.update({ where: { id: tenant.id }, data: { messageDelivery: 'email' } });
    const proposal = await h.say(chat, 'cria um boleto de R$ 99,90 pro João Silva pra dia 10/12/2099');
    expect(proposal[0]).toContain(
      'Vou criar um boleto de R$ 99,90 para João Silva, com vencimento em 10/12/2099, e enviá-lo por e-mail para joao@example.com.',
    );
    const done = await h.say(chat, 'sim');
    expect(done[0]).toContain('Enviei o boleto a João Silva por e-mail (joao@example.com).');
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const [message] = await h.db.queuedMessage.findMany({ where: { tenantId: tenant.id } });
    expect(message).toMatchObject({ channel: 'email', address: 'joao@example.com' });
    // Queued to send (a deliverer of another test file sharing the database may already have sent it).
    expect(['pending', 'sending', 'sent']).toContain(message!.status);
    expect(message!.content).toContain(
      'Olá, João Silva! Segue seu boleto de R$ 99,90, com vencimento em 10/12/2099.',
    );
    expect(message!.content).toContain(`Boleto para imprimir: ${boleto.pdfUrl}`);

    // The address changed between the proposal and the "sim": nothing is sent, and the reply says so.
    await h.say(chat, 'cria um boleto de R$ 50 pro João Silva pra dia 11/12/2099');
    await h.db.contact.updateMany({
      where: { tenantId: tenant.id, name: 'João Silva' },
      data: { email: 'joao.novo@example.com' },
    });
    expect((await h.say(chat, 'sim'))[0]).toContain('não enviei o boleto');
    expect(await h.db.queuedMessage.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('asks for the CPF/CNPJ before proposing when the contact has none', async () => {
    const { tenant, chat } = await connectedTenant();
    const reply = await h.say(chat, 'cria um boleto de R$ 80 pra Maria Oliveira pra dia 10/12/2099');
    expect(reply[0]).toContain('Maria Oliveira não tem CPF ou CNPJ cadastrado');
    expect(reply.join('\n')).not.toContain('Confirma?');
    expect(await h.db.action.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it('a local tenant still issues demo boletos and says they are not registered', async () => {
    const { tenant, chat } = await h.boletosTenant();
    await h.say(chat, 'cria um boleto de R$ 90 pro Pedro Santos pra dia 10/12/2099');
    const done = await h.say(chat, 'sim');
    expect(done[0]).toContain('boleto de demonstração, não registrado em nenhum banco');
    expect(await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id } })).toMatchObject({
      provider: 'local',
      providerRef: null,
    });
    // Sent to nobody: the owner gets its PDF to forward, marked as a demo.
    const pdf = await waitFor('the PDF for the owner', async () =>
      h.replies.find((r) => r.chatId === chat.chatId && r.document),
    );
    expect(pdf.text).toContain(
      'Segue o PDF do boleto nº 1 de Pedro Santos (R$ 90,00, vencimento em 10/12/2099)',
    );
    expect(pdf.document!.fileName).toBe('boleto-1.pdf');
    expect((await pdfText(Buffer.from(pdf.document!.base64, 'base64')))[0]).toContain(
      'BOLETO DE DEMONSTRAÇÃO',
    );
  });

  it('cancels at Asaas before the row, and refuses when the charge was paid meanwhile', async () => {
    const { tenant, chat } = await connectedTenant();
    await h.say(chat, 'cria um boleto de R$ 200 pro João Silva pra dia 10/12/2099');
    await h.say(chat, 'sim');
    await h.say(chat, 'cria um boleto de R$ 300 pro João Silva pra dia 11/12/2099');
    await h.say(chat, 'sim');
    const [first, second] = await h.db.boleto.findMany({
      where: { tenantId: tenant.id },
      orderBy: { number: 'asc' },
    });

    expect((await h.say(chat, 'cancela o boleto 1'))[0]).toContain('Vou cancelar o boleto nº 1');
    expect((await h.say(chat, 'sim'))[0]).toContain('Boleto nº 1 cancelado.');
    expect(asaas.payments.get(first!.providerRef!)!.deleted).toBe(true);
    expect(await h.db.boleto.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({
      status: 'CANCELLED',
    });

    await h.say(chat, 'cancela o boleto 2');
    asaas.pay(second!.providerRef!, '2099-12-01');
    const refused = await h.say(chat, 'sim');
    expect(refused[0]).toContain('O boleto nº 2 está pago e não pode ser cancelado');
    expect(asaas.payments.get(second!.providerRef!)!.deleted).toBe(false);
    expect(asaas.violations).toEqual([]);
  });

  it('answers a status question from the provider when the stored answer is old', async () => {
    const { chat, boleto } = await paidBehindIris(120, '2099-12-02');
    const answer = await h.say(chat, 'o boleto 1 foi pago?');
    expect(answer[0]).toContain('Boleto nº 1: R$ 120,00 para João Silva');
    expect(answer[0]).toContain('pago');
    expect(await h.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } })).toMatchObject({
      status: 'PAID',
      paidCents: 12000,
    });
  });

  it('the webhook needs the token, applies an event once, and acknowledges charges it does not know', async () => {
    const { tenant, chat, webhookToken } = await connectedTenant();
    await h.say(chat, 'cria um boleto de R$ 75 pro João Silva pra dia 10/12/2099');
    await h.say(chat, 'sim');
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const paid = asaas.pay(boleto.providerRef!, '2099-12-03');
    const app = buildWeb(h.container);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const postTo = async (slug: string, body: unknown, token?: string) => {
        const response = await fetch(`${base}/webhooks/asaas/${slug}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token === undefined ? {} : { 'asaas-access-token': token }),
          },
          body: JSON.stringify(body),
        });
        return { statusCode: response.status };
      };
      const post = (body: unknown, token?: string) => postTo(tenant.slug, body, token);
      const event = {
        id: `evt_${boleto.id}&1`,
        event: 'PAYMENT_RECEIVED',
        dateCreated: '2099-12-03 10:00:00',
        payment: paid,
      };
      expect((await post(event)).statusCode).toBe(401);
      expect((await post(event, 'x'.repeat(43))).statusCode).toBe(401);
      expect(await h.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } })).toMatchObject({
        status: 'PENDING',
      });
      expect((await post({ hello: 'world' }, webhookToken)).statusCode).toBe(400);
      expect((await post(event, webhookToken)).statusCode).toBe(200);
      expect(await h.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } })).toMatchObject({
        status: 'PAID',
        paidCents: 7500,
      });
      // Delivered again: recorded once, nothing changes.
      expect((await post(event, webhookToken)).statusCode).toBe(200);
      expect(await h.db.providerEvent.count({ where: { tenantId: tenant.id } })).toBe(1);
      // A late "overdue" for the paid charge does not un-pay it.
      const late = {
        id: `evt_${boleto.id}&2`,
        event: 'PAYMENT_OVERDUE',
        payment: { ...paid, status: 'OVERDUE' },
      };
      expect((await post(late, webhookToken)).statusCode).toBe(200);
      expect(await h.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } })).toMatchObject({
        status: 'PAID',
      });
      // The owner is told once, in the chat they use (a late event or a second delivery adds none).
      const notice = 'O boleto nº 1 de João Silva foi pago: R$ 75,00.';
      await waitFor('the owner to be told', async () =>
        h.replies.some((r) => r.chatId === chat.chatId && r.text === notice) ? true : undefined,
      );
      // Before it: the boleto's PDF for the owner to forward (this tenant sends nothing to customers).
      // The notice is marked sent after the channel took it, so the reply can be seen first.
      const notices = await waitFor('both notices marked sent', async () => {
        const rows = await h.db.boletoNotice.findMany({
          where: { boletoId: boleto.id },
          orderBy: { createdAt: 'asc' },
        });
        return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
      });
      expect(notices).toMatchObject([
        { kind: 'issued', status: 'sent' },
        { kind: 'paid', status: 'sent' },
      ]);
      await waitFor('the owner chat queue to drain', async () => {
        const counts = await h.outboundQueue(chat.account).getJobCounts('waiting', 'active', 'delayed');
        return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0 ? true : undefined;
      });
      expect(h.replies.filter((r) => r.text === notice)).toHaveLength(1);
      // Someone else's charge in the same Asaas account: acknowledged, nothing written.
      const foreign = {
        id: 'evt_foreign&1',
        event: 'PAYMENT_RECEIVED',
        payment: { ...paid, id: 'pay_not_ours' },
      };
      expect((await post(foreign, webhookToken)).statusCode).toBe(200);
      expect((await postTo('no-such-tenant', event, webhookToken)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('a payment whose webhook never came is found by the reconciler', async () => {
    const { boleto } = await paidBehindIris(45, '2099-12-05');
    const reconciler = reconcilerEvery(1_000);
    try {
      const paid = await waitFor('the reconciler to record the payment', async () => {
        const row = await h.db.boleto.findUniqueOrThrow({ where: { id: boleto.id } });
        return row.status === 'PAID' ? row : undefined;
      });
      expect(paid).toMatchObject({ paidCents: 4500 });
    } finally {
      await reconciler.stop();
    }
  });

  it('a charge left by a failed creation is cancelled at Asaas; a paid one is left and reported', async () => {
    const { tenant, chat } = await connectedTenant();
    await h.say(chat, 'cria um boleto de R$ 30 pro João Silva pra dia 10/12/2099');
    await h.say(chat, 'sim');
    const [customer] = [...asaas.customers.values()].filter((c) => c.cpfCnpj === TEST_CPF);
    const failedAction = async (paid: boolean) => {
      const nonce = randomUUID();
      const created = await h.db.action.findFirstOrThrow({ where: { tenantId: tenant.id } });
      await h.db.action.create({
        data: {
          ...created,
          nonce,
          params: {},
          result: {},
          status: 'FAILED',
          error: 'execution_timeout',
          completedAt: new Date(Date.now() - 120_000),
        },
      });
      const id = `pay_orphan_${nonce.slice(0, 8)}`;
      asaas.payments.set(id, {
        object: 'payment',
        id,
        customer: customer!.id,
        billingType: 'BOLETO',
        status: paid ? 'RECEIVED' : 'PENDING',
        value: 30,
        dueDate: '2099-12-10',
        externalReference: nonce,
        bankSlipUrl: '',
        invoiceUrl: '',
        deleted: false,
        paymentDate: paid ? '2099-12-01' : null,
      });
      return { nonce, id };
    };
    const open = await failedAction(false);
    const paid = await failedAction(true);
    const reconciler = reconcilerEvery(3_600_000);
    try {
      await waitFor('both failed creations to be checked', async () => {
        const swept = await h.db.action.count({
          where: { nonce: { in: [open.nonce, paid.nonce] }, providerSweptAt: { not: null } },
        });
        return swept === 2 ? true : undefined;
      });
    } finally {
      await reconciler.stop();
    }
    expect(asaas.payments.get(open.id)!.deleted).toBe(true);
    expect(asaas.payments.get(paid.id)!.deleted).toBe(false);
    // The boleto that was created stays.
    const [boleto] = await h.db.boleto.findMany({ where: { tenantId: tenant.id } });
    expect(asaas.payments.get(boleto!.providerRef!)!.deleted).toBe(false);
  });

  it("a provider that cannot be asked keeps no other tenant's failed creation waiting", async () => {
    const down = await connectedTenant();
    const up = await connectedTenant();
    await h.say(up.chat, 'cria um boleto de R$ 30 pro João Silva pra dia 10/12/2099');
    await h.say(up.chat, 'sim');
    await asaas.connect(h.db, SECRET_KEY, down.tenant.slug, { baseUrl: 'http://127.0.0.1:1/v3' });
    const created = await h.db.action.findFirstOrThrow({ where: { tenantId: up.tenant.id } });
    const failed = (tenantId: string, secondsAgo: number) =>
      actionLike(created, tenantId, {
        status: 'FAILED',
        error: 'execution_timeout',
        completedAt: new Date(Date.now() - secondsAgo * 1_000),
      });
    // Three older failures behind a provider that refuses connections, a batch of two.
    for (const secondsAgo of [300, 290, 280]) await failed(down.tenant.id, secondsAgo);
    const reachable = await failed(up.tenant.id, 120);
    const reconciler = startBoletoReconciler({
      db: h.db,
      issuers: h.container.boletoIssuers,
      everyMs: 3_600_000,
      batch: 2,
      logger: pino({ level: 'silent' }),
      onlyTenants: () => [down.tenant.id, up.tenant.id],
    });
    try {
      // The reconciler's first round starts at once and the next is an hour away: only that round
      // can check it (calling the sweep here as well raced that round, which could take it first).
      await waitFor("the reachable tenant's failed creation to be checked", async () => {
        const row = await h.db.action.findUniqueOrThrow({ where: { nonce: reachable.nonce } });
        return row.providerSweptAt ? row : undefined;
      });
    } finally {
      await reconciler.stop();
    }
    expect(await h.db.action.count({ where: { tenantId: down.tenant.id, providerSweptAt: null } })).toBe(3);
  });

  it('a reconciler told to serve some tenants fails no stuck creation of another', async () => {
    const { tenant } = await connectedTenant();
    const other = await connectedTenant();
    await h.say(other.chat, 'cria um boleto de R$ 30 pro João Silva pra dia 10/12/2099');
    await h.say(other.chat, 'sim');
    const created = await h.db.action.findFirstOrThrow({ where: { tenantId: other.tenant.id } });
    const stuck = (tenantId: string) =>
      actionLike(created, tenantId, { status: 'EXECUTING', decidedAt: new Date(Date.now() - 3_600_000) });
    const mine = await stuck(tenant.id);
    const theirs = await stuck(other.tenant.id);
    const reconciler = startBoletoReconciler({
      db: h.db,
      issuers: h.container.boletoIssuers,
      everyMs: 3_600_000,
      logger: pino({ level: 'silent' }),
      onlyTenants: () => [tenant.id],
    });
    try {
      await reconciler.sweepFailedCreations();
    } finally {
      await reconciler.stop();
    }
    const statuses = await h.db.action.findMany({ where: { nonce: { in: [mine.nonce, theirs.nonce] } } });
    expect(
      Object.fromEntries(statuses.map((a) => [a.nonce === mine.nonce ? 'mine' : 'theirs', a.status])),
    ).toEqual({
      mine: 'FAILED',
      theirs: 'EXECUTING',
    });
  });

  it('a webhook and a status check landing together apply the payment once', async () => {
    const { tenant, chat } = await connectedTenant();
    await h.say(chat, 'cria um boleto de R$ 60 pro João Silva pra dia 10/12/2099');
    await h.say(chat, 'sim');
    const boleto = await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const paid = asaas.pay(boleto.providerRef!, '2099-12-04');
    const report = readAsaasEvent({
      id: `evt_${boleto.id}&race`,
      event: 'PAYMENT_CONFIRMED',
      payment: paid,
    })!;
    const outcomes = await Promise.all([
      recordProviderEvent(h.db, tenant.id, 'asaas', report, new Date()),
      recordProviderEvent(h.db, tenant.id, 'asaas', report, new Date()),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', 'duplicate']);
  });
});
