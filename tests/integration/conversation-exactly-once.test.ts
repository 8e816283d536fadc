import { randomUUID } from 'node:crypto';
import { handleMessage } from '../../src/queues/turn-handler';
import type { AuditSink } from '../../src/pipeline/ports';
import type { InboundMessage } from '../../src/queues/payloads';
import { PrismaActionLedger } from '../../src/stores/action-ledger';
import { ConversationStore } from '../../src/stores/conversation-store';
import { Harness } from '../support/harness';
import {
  CONFIRM,
  NOTHING_PENDING,
  boletosPerson,
  deliver,
  repliesOf,
  savedConversation,
  say,
  send,
  waitFor,
  type Person,
} from '../support/conversation';

/**
 * At-least-once delivery, exactly-once effects (DESIGN.md "Guarantees"): a confirmed boleto is
 * written once whatever is retried, raced or killed half-way.
 */
describe('exactly-once effects', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());
  afterEach(() => jest.restoreAllMocks());

  const CREATE = 'cria um boleto de 150 pro João Silva pra dia 10/12/2099';
  const PROPOSAL = `Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`;
  const CREATED =
    /^Boleto nº 1 criado: R\$ 150,00 para João Silva, vencimento em 10\/12\/2099\.\nLinha digitável: /;

  const boletos = (who: Person) => h.db.boleto.findMany({ where: { tenantId: who.tenantId } });
  const auditEvents = async (correlationId: string) =>
    (await h.db.auditEvent.findMany({ where: { correlationId }, orderBy: { id: 'asc' } })).map(
      (a) => a.event,
    );

  async function proposed(who: Person): Promise<string> {
    expect(await say(h, who, CREATE)).toEqual([PROPOSAL]);
    return (await savedConversation(h, who)).pending!.nonce;
  }

  it('two "sim" pushed at once: one boleto, the other answer finds nothing pending', async () => {
    const who = await boletosPerson(h);
    await proposed(who);
    const [a, b] = await Promise.all([send(h, who, 'sim'), send(h, who, 'sim')]);
    const replies = [...a.replies, ...b.replies];
    expect(replies).toHaveLength(2);
    expect(replies.filter((r) => CREATED.test(r))).toHaveLength(1);
    expect(replies.filter((r) => r === NOTHING_PENDING)).toHaveLength(1);
    expect(await boletos(who)).toHaveLength(1);
  });

  it('two claims of one nonce raced through PrismaActionLedger: exactly one wins', async () => {
    const who = await boletosPerson(h);
    const nonce = await proposed(who);
    const ledger = new PrismaActionLedger(h.db);
    const binding = { tenantId: who.tenantId, conversationId: who.conversationId, userId: who.userId };
    const now = new Date();
    const results = await Promise.all(
      ['m1', 'm2', 'm3', 'm4', 'm5'].map((messageId) => ledger.claim(nonce, binding, messageId, now)),
    );
    expect(results.filter((r) => r.status === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'busy')).toHaveLength(4);
    const row = await h.db.action.findUniqueOrThrow({ where: { nonce } });
    expect(row.status).toBe('EXECUTING');
    const winner = ['m1', 'm2', 'm3', 'm4', 'm5'][results.findIndex((r) => r.status === 'claimed')]!;
    expect(row.claimedBy).toBe(winner);
    // The winner's retry resumes; anyone else stays out; a claim from another conversation is unknown.
    expect(await ledger.claim(nonce, binding, winner, now)).toEqual({ status: 'resume' });
    expect(await ledger.claim(nonce, binding, 'm9', now)).toEqual({ status: 'busy' });
    expect(await ledger.claim(nonce, { ...binding, conversationId: 'other' }, winner, now)).toEqual({
      status: 'unknown',
    });
  });

  it('two workers handling "sim" at the same moment (a lost lock): one boleto', async () => {
    const who = await boletosPerson(h);
    await proposed(who);
    const deps = h.container.turnHandlerDeps();
    const message = (): InboundMessage => {
      const id = randomUUID();
      return {
        id,
        correlationId: id,
        tenantId: who.tenantId,
        userId: who.userId,
        conversationId: who.conversationId,
        channel: 'console',
        account: who.chat.account,
        chatId: who.chat.chatId,
        platformMessageId: id,
        sentAt: new Date().toISOString(),
        receivedAt: new Date().toISOString(),
        content: { type: 'text', text: 'sim' },
      };
    };
    const results = await Promise.allSettled([
      handleMessage(message(), undefined, deps),
      handleMessage(message(), undefined, deps),
      handleMessage(message(), undefined, deps),
    ]);
    const texts = results.flatMap((r) =>
      r.status === 'fulfilled' ? r.value.replies.map((x) => x.text) : [],
    );
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).name] : []));
    // Each one either wrote it, replayed the stored result, or was told to retry later (busy).
    expect(texts.length + errors.length).toBe(3);
    expect(texts.length).toBeGreaterThanOrEqual(1);
    for (const text of texts) expect(text).toMatch(CREATED);
    for (const error of errors) expect(error).toBe('ActionBusyError');
    expect(await boletos(who)).toHaveLength(1);
  });

  it('a worker dying between the database write and the reply: the retry writes nothing and answers with the number', async () => {
    const who = await boletosPerson(h);
    const nonce = await proposed(who);
    const outbox = h.container.outbox;
    const realSend = outbox.send.bind(outbox);
    let crashes = 0;
    jest.spyOn(outbox, 'send').mockImplementation(async (messages) => {
      if (crashes === 0 && messages.some((m) => m.text?.startsWith('Boleto nº'))) {
        crashes += 1;
        throw new Error('killed after the transaction, before the reply');
      }
      return realSend(messages);
    });

    const sent = await send(h, who, 'sim');
    expect(crashes).toBe(1);
    expect(sent.replies).toHaveLength(1);
    expect(sent.replies[0]).toMatch(CREATED);
    expect(await boletos(who)).toHaveLength(1);
    expect(await h.db.action.findUniqueOrThrow({ where: { nonce } })).toMatchObject({
      status: 'COMPLETED',
      claimedBy: sent.correlationId,
    });
    const events = await waitFor('the audit of the retried turn', async () => {
      const found = await auditEvents(sent.correlationId!);
      return found.includes('tool_execution_replayed') ? found : undefined;
    });
    // The first attempt's audit died with it: one success in the record, as in the database.
    expect(events.filter((e) => e === 'tool_execution_success')).toHaveLength(1);
    expect((await savedConversation(h, who)).pending).toBeUndefined();
  });

  it('a worker dying after sending a proposal, before its commit: the button it sent still confirms', async () => {
    const who = await boletosPerson(h);
    const conversations = h.container.conversations;
    const realCommit = conversations.commit.bind(conversations);
    let crashes = 0;
    jest.spyOn(conversations, 'commit').mockImplementation(async (...args) => {
      if (crashes === 0) {
        crashes += 1;
        throw new Error('killed after the reply was queued, before the commit');
      }
      return realCommit(...args);
    });
    const proposal = await send(h, who, CREATE);
    expect(crashes).toBe(1);
    // The reply of the first attempt went out; the retry's reply has the same id and is dropped.
    expect(proposal.replies).toEqual([PROPOSAL]);
    const shown = proposal.messages[0]!.buttons!.nonce;
    const { pending } = await waitFor('the retry to commit', async () => {
      const saved = await savedConversation(h, who);
      return saved.state ? saved : undefined;
    });
    expect(pending?.nonce).toBe(shown);
    expect(await h.db.action.findMany({ where: { tenantId: who.tenantId } })).toEqual([
      expect.objectContaining({ nonce: shown, status: 'PROPOSED' }),
    ]);
    const [done] = (await send(h, who, { type: 'confirmation', nonce: shown, answer: 'yes' })).replies;
    expect(done).toMatch(CREATED);
    expect(await boletos(who)).toHaveLength(1);
  });

  it('a worker dying inside the transaction (action left EXECUTING): the retry resumes and writes once', async () => {
    const who = await boletosPerson(h);
    const nonce = await proposed(who);
    const complete = jest.spyOn(PrismaActionLedger.prototype, 'complete').mockImplementationOnce(async () => {
      throw new Error('killed inside the transaction');
    });

    const sent = await send(h, who, 'sim');
    expect(complete).toHaveBeenCalledTimes(2);
    expect(sent.replies).toHaveLength(1);
    expect(sent.replies[0]).toMatch(CREATED);
    const rows = await boletos(who);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdByNonce).toBe(nonce);
    expect(await h.db.action.findUniqueOrThrow({ where: { nonce } })).toMatchObject({ status: 'COMPLETED' });
    const events = await waitFor('the audit of the resumed turn', async () => {
      const found = await auditEvents(sent.correlationId!);
      return found.includes('tool_execution_success') ? found : undefined;
    });
    expect(events).toContain('tool_execution_resumed');
  });

  it('a turn failing on its last attempt still answers (generic error) and the conversation moves on', async () => {
    const who = await boletosPerson(h);
    const load = jest
      .spyOn(ConversationStore.prototype, 'load')
      .mockRejectedValueOnce(new Error('state store unreachable'));
    // Queued as ingress does, but with a single attempt (the real job has 8, a minute of back-off).
    const id = randomUUID();
    const message: InboundMessage = {
      id,
      correlationId: id,
      tenantId: who.tenantId,
      userId: who.userId,
      conversationId: who.conversationId,
      channel: 'console',
      account: who.chat.account,
      chatId: who.chat.chatId,
      platformMessageId: id,
      sentAt: new Date().toISOString(),
      receivedAt: new Date().toISOString(),
      content: { type: 'text', text: 'lista os boletos' },
    };
    const { conversations, keys, turns } = h.container;
    expect(
      await conversations.push(
        message,
        keys.conversationDedupe(who.conversationId, 'console', who.chat.account, id),
      ),
    ).toBe(true);
    await turns.add('turn', { conversationId: who.conversationId }, { jobId: id, attempts: 1 });

    const replies = await repliesOf(h, who, id);
    expect(replies.map((r) => r.text)).toEqual(['Ocorreu um erro inesperado. Por favor, tente novamente.']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await conversations.length(who.conversationId)).toBe(0);
    expect(await say(h, who, 'lista os boletos')).toEqual(['Nenhum boleto encontrado.']);
  });

  it('an audit store that is down never blocks or fails the reply', async () => {
    const who = await boletosPerson(h);
    const working = h.container.audit;
    const down: AuditSink = { write: jest.fn(async () => Promise.reject(new Error('audit store down'))) };
    h.container.audit = down;
    try {
      expect(await say(h, who, CREATE)).toEqual([PROPOSAL]);
      const [done] = await say(h, who, 'sim');
      expect(done).toMatch(CREATED);
      expect(down.write).toHaveBeenCalled();
    } finally {
      h.container.audit = working;
    }
    expect(await boletos(who)).toHaveLength(1);
    expect(await h.db.auditEvent.count({ where: { tenantId: who.tenantId } })).toBe(0);
  });

  it('a duplicate platform delivery is dropped: one turn, one reply', async () => {
    const who = await boletosPerson(h);
    const platformMessageId = `dup-${randomUUID()}`;
    const first = await deliver(h, who, 'lista os boletos', { platformMessageId });
    const second = await deliver(h, who, 'lista os boletos', { platformMessageId });
    expect(first.status).toBe('queued');
    expect(second).toEqual({ status: 'duplicate' });
    const replies = await repliesOf(h, who, (first as { correlationId: string }).correlationId);
    expect(replies.map((r) => r.text)).toEqual(['Nenhum boleto encontrado.']);
    expect(h.replies.filter((r) => r.chatId === who.chat.chatId)).toHaveLength(1);
    expect((await savedConversation(h, who)).state).toMatchObject({ turnCount: 1 });
  });

  describe('a backlog "sim" is not a confirmation', () => {
    it('sent before the proposal was made', async () => {
      const who = await boletosPerson(h);
      await proposed(who);
      const sent = await send(h, who, 'sim', { sentAt: new Date(Date.now() - 60_000) });
      expect(sent.replies).toEqual([CONFIRM]);
      await waitFor('the backlog audit row', async () =>
        (await auditEvents(sent.correlationId!)).includes('confirmation_backlog_ignored') ? true : undefined,
      );
      expect(await boletos(who)).toHaveLength(0);
      expect(await say(h, who, 'sim')).toEqual([expect.stringMatching(CREATED)]);
    });

    it('older than the 5-minute TTL', async () => {
      const who = await boletosPerson(h);
      const nonce = await proposed(who);
      // The proposal is moved 10 minutes back while still pending; the "sim" is 6 minutes old.
      const { pending } = await savedConversation(h, who);
      const key = h.container.keys.pendingConfirmation(who.tenantId, who.conversationId);
      await h.container.redis.set(
        key,
        JSON.stringify({ ...pending, proposedAt: new Date(Date.now() - 10 * 60_000).toISOString() }),
        'KEEPTTL',
      );
      const sent = await send(h, who, 'sim', { sentAt: new Date(Date.now() - 6 * 60_000) });
      expect(sent.replies).toEqual([CONFIRM]);
      expect(await boletos(who)).toHaveLength(0);
      expect(await h.db.action.findUniqueOrThrow({ where: { nonce } })).toMatchObject({ status: 'PROPOSED' });
    });
  });
});
