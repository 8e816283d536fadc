import { randomUUID } from 'node:crypto';
import { PrismaActionLedger } from '../../src/stores/action-ledger';
import { Harness } from '../support/harness';
import {
  CONFIRM,
  EXPIRED,
  NOTHING_PENDING,
  boletosPerson,
  otherUser,
  repliesOf,
  savedConversation,
  say,
  seedBoleto,
  send,
  waitFor,
  type Person,
} from '../support/conversation';

/**
 * Who may confirm what: a confirmation binds to the tenant, conversation and user that were
 * asked (conversation = tenant + channel + chat + user); tenants never see each other.
 */
describe('confirmations, users and tenants', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());
  afterEach(() => jest.restoreAllMocks());

  const CREATE = 'cria um boleto de 150 pro João Silva pra dia 10/12/2099';
  const PROPOSAL = `Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`;
  const CREATED = /^Boleto nº \d+ criado: R\$ 150,00 para João Silva, vencimento em 10\/12\/2099\./;

  const boletoCount = (who: Person) => h.db.boleto.count({ where: { tenantId: who.tenantId } });
  const button = (nonce: string, answer: 'yes' | 'no' = 'yes') => ({
    type: 'confirmation' as const,
    nonce,
    answer,
  });

  async function propose(who: Person): Promise<string> {
    const sent = await send(h, who, CREATE);
    expect(sent.replies).toEqual([PROPOSAL]);
    return sent.messages[0]!.buttons!.nonce;
  }

  describe('confirmation buttons through ingress', () => {
    it("the prompt's button with its nonce executes", async () => {
      const who = await boletosPerson(h);
      const nonce = await propose(who);
      const [done] = (await send(h, who, button(nonce))).replies;
      expect(done).toMatch(CREATED);
      expect(await h.db.boleto.findFirstOrThrow({ where: { tenantId: who.tenantId } })).toMatchObject({
        createdByNonce: nonce,
      });
    });

    it('"Não" on the button cancels', async () => {
      const who = await boletosPerson(h);
      const nonce = await propose(who);
      expect((await send(h, who, button(nonce, 'no'))).replies).toEqual(['Operação cancelada.']);
      expect(await h.db.action.findUniqueOrThrow({ where: { nonce } })).toMatchObject({
        status: 'CANCELLED',
      });
      expect(await boletoCount(who)).toBe(0);
    });

    it('the button of a replaced proposal says it was cancelled, a foreign nonce gets the expiry sentence; neither executes', async () => {
      const who = await boletosPerson(h);
      const stale = await propose(who);
      // The turn's parts, in order (one message or several, as the turn worker sends them).
      expect(
        (await say(h, who, 'cria um boleto de 300 pra Maria Oliveira pra dia 10/12/2099')).join('\n'),
      ).toBe(
        `A proposta anterior foi cancelada.\nVou criar um boleto de R$ 300,00 para Maria Oliveira, com vencimento em 10/12/2099.\n${CONFIRM}`,
      );
      expect((await send(h, who, button(stale))).replies).toEqual(['Essa proposta já foi cancelada.']);
      expect((await send(h, who, button(randomUUID()))).replies).toEqual([EXPIRED]);
      expect(await boletoCount(who)).toBe(0);
      // The current proposal is untouched and still confirms.
      const [done] = await say(h, who, 'sim');
      expect(done).toMatch(/^Boleto nº 1 criado: R\$ 300,00 para Maria Oliveira/);
      expect(await h.db.action.findUniqueOrThrow({ where: { nonce: stale } })).toMatchObject({
        status: 'CANCELLED',
        error: 'superseded',
      });
    });
  });

  describe('another person in the same chat', () => {
    it('can neither confirm by word nor by pressing the button of a proposal made to someone else', async () => {
      const asker = await boletosPerson(h);
      const neighbour = await otherUser(h, asker.tenantId, { inChat: asker.chat });
      expect(neighbour.conversationId).not.toBe(asker.conversationId);
      const nonce = await propose(asker);

      expect(await say(h, neighbour, 'sim')).toEqual([NOTHING_PENDING]);
      expect((await send(h, neighbour, button(nonce))).replies).toEqual([
        'Essa proposta não é sua: só quem pediu pode confirmar.',
      ]);
      expect((await send(h, neighbour, button(nonce, 'no'))).replies).toEqual([
        'Essa proposta não é sua: só quem pediu pode confirmar.',
      ]);
      expect(await boletoCount(asker)).toBe(0);
      expect(await h.db.action.findUniqueOrThrow({ where: { nonce } })).toMatchObject({ status: 'PROPOSED' });
      // The ledger refuses the neighbour's claim too, whatever reached it.
      const claim = await new PrismaActionLedger(h.db).claim(
        nonce,
        { tenantId: neighbour.tenantId, conversationId: neighbour.conversationId, userId: neighbour.userId },
        'neighbour-message',
        new Date(),
      );
      expect(claim).toEqual({ status: 'unknown' });

      const [done] = await say(h, asker, 'sim');
      expect(done).toMatch(CREATED);
      expect(await boletoCount(asker)).toBe(1);
    });
  });

  describe('tenant isolation', () => {
    it("tenant B cannot see, list, cancel or confirm tenant A's boletos", async () => {
      const a = await boletosPerson(h);
      const b = await boletosPerson(h, { contacts: ['Ana Lima'] });
      await seedBoleto(h, a.tenantId, { contact: 'João Silva', amountCents: 15_000, dueDate: '2099-12-10' });
      const nonceOfA = await propose(a);

      expect(await say(h, b, 'qual o status do boleto 1')).toEqual([
        'Não encontrei o boleto nº 1. Qual é o número do boleto?',
      ]);
      expect(await say(h, b, 'cancela o boleto 1')).toEqual([
        'Não encontrei o boleto nº 1. Qual é o número do boleto?',
      ]);
      expect(await say(h, b, 'não')).toEqual(['Operação cancelada.']);
      expect(await say(h, b, 'lista os boletos')).toEqual(['Nenhum boleto encontrado.']);
      expect(await say(h, b, 'cria um boleto de 150 pro João Silva pra dia 10/12/2099')).toEqual([
        'Não encontrei nenhum contato chamado "João Silva". Qual é o nome do contato?',
      ]);
      expect((await send(h, b, button(nonceOfA))).replies).toEqual([EXPIRED]);

      expect(await h.db.boleto.findMany({ where: { tenantId: a.tenantId } })).toEqual([
        expect.objectContaining({ number: 1, status: 'PENDING' }),
      ]);
      expect(await boletoCount(b)).toBe(0);
      expect(await h.db.action.findUniqueOrThrow({ where: { nonce: nonceOfA } })).toMatchObject({
        status: 'PROPOSED',
      });
      expect(await h.db.action.count({ where: { tenantId: b.tenantId } })).toBe(0);
    });
  });

  describe('people Iris does not know', () => {
    it('get one polite refusal, and nothing reaches a mailbox', async () => {
      const stranger = h.chat(`stranger-${randomUUID()}`);
      const send = jest.spyOn(h.container.outbox, 'send');
      const outcomes = [];
      for (const text of ['oi', 'cria um boleto de 150 pro João Silva pra dia 10/12/2099', 'sim']) {
        outcomes.push((await stranger.say(text)).outcome);
      }
      expect(outcomes).toEqual([
        { status: 'unknown_user' },
        { status: 'unknown_user' },
        { status: 'unknown_user' },
      ]);
      const refusals = send.mock.calls.flat(2).filter((m) => m.chatId === stranger.chatId);
      expect(refusals.map((m) => m.text)).toEqual([
        'Olá! Esta conta ainda não está autorizada a usar a Iris. Peça um convite ao responsável pela sua empresa.',
      ]);
      await waitFor('the refusal to be delivered', async () =>
        h.replies.some((r) => r.chatId === stranger.chatId) ? true : undefined,
      );
      expect(await h.container.redis.zcard(h.container.keys.activeMailboxes())).toBe(0);
    });

    it('in a group, the refusal is said once for the group, not once per stranger', async () => {
      const group = `group-${randomUUID()}`;
      const send = jest.spyOn(h.container.outbox, 'send');
      for (const stranger of ['s1', 's2', 's3']) {
        const outcome = await h.container.ingress.handle({
          channel: 'console',
          account: 'default',
          platformMessageId: randomUUID(),
          externalUserId: `${group}-${stranger}`,
          chatId: group,
          sentAt: new Date().toISOString(),
          inGroup: true,
          content: { type: 'text', text: 'oi' },
        });
        expect(outcome).toEqual({ status: 'unknown_user' });
      }
      const refusals = send.mock.calls.flat(2).filter((m) => m.chatId === group);
      expect(refusals).toHaveLength(1);
      send.mockRestore();
    });
  });

  describe('audit', () => {
    it("writes every gate decision with seed 000's event names and the turn's correlation id", async () => {
      const who = await boletosPerson(h);
      const proposal = await send(h, who, CREATE);
      const confirm = await send(h, who, 'sim');
      const tooHigh = await send(h, who, 'cria um boleto de R$ 150.000,00 pro João Silva pra dia 10/12/2099');
      const rejected = await send(h, who, 'não');
      const rows = await waitFor('the audit rows', async () => {
        const found = await h.db.auditEvent.findMany({
          where: { tenantId: who.tenantId },
          orderBy: { id: 'asc' },
        });
        // Each turn's rows are written in one statement, after its reply: wait for all four turns.
        const turns = [proposal, confirm, tooHigh, rejected].map((sent) => sent.correlationId);
        return turns.every((id) => found.some((row) => row.correlationId === id)) ? found : undefined;
      });
      const turn = (correlationId: string | undefined) =>
        rows.filter((r) => r.correlationId === correlationId).map((r) => [r.event, r.intent]);

      expect(turn(proposal.correlationId)).toEqual([
        ['input_gate_pass', null],
        ['intent_gate_pass', 'CREATE_BOLETO'],
        ['validation_gate_pass', 'CREATE_BOLETO'],
        ['confirmation_pending', 'CREATE_BOLETO'],
      ]);
      expect(turn(confirm.correlationId)).toEqual([
        ['input_gate_pass', null],
        ['confirmation_confirmed', 'CREATE_BOLETO'],
        ['validation_gate_pass', 'CREATE_BOLETO'],
        ['tool_execution_success', 'CREATE_BOLETO'],
      ]);
      expect(turn(tooHigh.correlationId)).toEqual([
        ['input_gate_pass', null],
        ['intent_gate_pass', 'CREATE_BOLETO'],
        ['validation_gate_fail', 'CREATE_BOLETO'],
        ['clarification_requested', 'CREATE_BOLETO'],
      ]);
      expect(turn(rejected.correlationId)).toEqual([
        ['input_gate_pass', null],
        ['clarification_cancelled', 'CREATE_BOLETO'],
      ]);
      for (const row of rows) expect(row.conversationId).toBe(who.conversationId);
      const { pending } = await savedConversation(h, who);
      expect(pending).toBeUndefined();
      const pendingRow = rows.find((r) => r.event === 'confirmation_pending')!;
      const successRow = rows.find((r) => r.event === 'tool_execution_success')!;
      expect(pendingRow.data).toEqual({ nonce: expect.any(String), tool: 'create_boleto' });
      expect(successRow.data).toMatchObject({
        tool: 'create_boleto',
        nonce: (pendingRow.data as { nonce: string }).nonce,
      });
    });

    it('records rejections and blocked tools by their seed names', async () => {
      const owner = await boletosPerson(h);
      const viewer = await otherUser(h, owner.tenantId, { role: 'viewer' });
      await propose(owner);
      const rejected = await send(h, owner, 'cancela');
      const blocked = await send(h, viewer, CREATE);
      const events = async (correlationId: string | undefined) =>
        (await h.db.auditEvent.findMany({ where: { correlationId }, orderBy: { id: 'asc' } })).map(
          (r) => r.event,
        );
      await waitFor('both turns audited', async () =>
        (await events(rejected.correlationId)).length > 0 && (await events(blocked.correlationId)).length > 0
          ? true
          : undefined,
      );
      expect(await events(rejected.correlationId)).toEqual(['input_gate_pass', 'confirmation_rejected']);
      expect(await events(blocked.correlationId)).toEqual([
        'input_gate_pass',
        'intent_gate_pass',
        'validation_gate_pass',
        'tool_execution_blocked',
      ]);
    });
  });

  it('a reply carries its turn: every reply of a chat has the correlation id of the message it answers', async () => {
    const who = await boletosPerson(h);
    const sent = await send(h, who, 'ajuda');
    const replies = await repliesOf(h, who, sent.correlationId!);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      chatId: who.chat.chatId,
      tenantId: who.tenantId,
      conversationId: who.conversationId,
      id: `${sent.correlationId}:0`,
    });
  });
});
