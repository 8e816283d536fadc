import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { Harness } from '../support/harness';
import {
  CONFIRM,
  EXPIRED,
  NOT_UNDERSTOOD,
  boletosPerson,
  brDate,
  expireProposal,
  nextDayOfMonth,
  savedConversation,
  say,
  send,
  type Person,
} from '../support/conversation';

/** Seed 003 §11.5's six end-to-end flows, adapted to boletos, through queues, Redis and PostgreSQL. */
describe('end-to-end conversations (seed 003 §11.5)', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const CREATE = 'cria um boleto de R$ 1.500,00 pro João Silva pra dia 10/12/2099';
  const PROPOSAL = `Vou criar um boleto de R$ 1.500,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`;

  async function boletos(who: Person) {
    return h.db.boleto.findMany({ where: { tenantId: who.tenantId }, include: { contact: true } });
  }
  async function actions(who: Person) {
    return h.db.action.findMany({ where: { tenantId: who.tenantId }, orderBy: { proposedAt: 'asc' } });
  }

  it("a reply says when the earlier prompt's buttons are stale: not while it is open, yes once answered", async () => {
    const who = await boletosPerson(h);
    const proposal = await send(h, who, CREATE);
    expect(proposal.messages[0]!.buttons).toBeDefined();
    const unclear = await send(h, who, 'hmm talvez');
    expect(unclear.messages[0]!.closesPrompt).toBeUndefined();
    const done = await send(h, who, 'sim');
    expect(done.messages[0]!.text).toMatch(/^Boleto nº \d+ criado/);
    expect(done.messages[0]!.closesPrompt).toBe(true);
  });

  it('simple: request -> proposal -> "sim" -> executed -> reply with the tool\'s numbers', async () => {
    const who = await boletosPerson(h);
    const proposal = await send(h, who, CREATE);
    expect(proposal.replies).toEqual([PROPOSAL]);
    const { pending } = await savedConversation(h, who);
    expect(proposal.messages[0]!.buttons).toEqual({ nonce: pending!.nonce, yesLabel: 'Sim', noLabel: 'Não' });
    expect(await boletos(who)).toEqual([]);
    expect(await actions(who)).toEqual([
      expect.objectContaining({ nonce: pending!.nonce, status: 'PROPOSED', tool: 'create_boleto' }),
    ]);

    const done = await say(h, who, 'sim');
    const rows = await boletos(who);
    expect(rows).toHaveLength(1);
    const boleto = rows[0]!;
    expect(boleto).toMatchObject({
      number: 1,
      amountCents: 150_000,
      dueDate: new Date('2099-12-10T00:00:00Z'),
      status: 'PENDING',
      createdByNonce: pending!.nonce,
      contact: expect.objectContaining({ name: 'João Silva' }),
    });
    expect(isValidBoleto(boleto.digitableLine)).toBe(true);
    const line = boleto.digitableLine;
    const printed = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
    expect(done).toEqual([
      `Boleto nº 1 criado: R$ 1.500,00 para João Silva, vencimento em 10/12/2099.\nLinha digitável: ${printed}\n` +
        'Atenção: boleto de demonstração, não registrado em nenhum banco — não pode ser pago.',
    ]);
    expect(await actions(who)).toEqual([
      expect.objectContaining({
        nonce: pending!.nonce,
        status: 'COMPLETED',
        result: expect.objectContaining({ number: 1, amount_cents: 150_000, due_date: '2099-12-10' }),
      }),
    ]);
    expect(await savedConversation(h, who)).toEqual({
      state: expect.objectContaining({ state: 'IDLE' }),
      pending: undefined,
    });
  });

  it('rejected: "não" -> "Operação cancelada.", nothing written, action CANCELLED', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, CREATE)).toEqual([PROPOSAL]);
    expect(await say(h, who, 'não')).toEqual(['Operação cancelada.']);
    expect(await boletos(who)).toEqual([]);
    expect(await actions(who)).toEqual([expect.objectContaining({ status: 'CANCELLED', error: 'rejected' })]);
    expect((await savedConversation(h, who)).pending).toBeUndefined();
  });

  it('expired: after 5 minutes "sim" gets the expiry sentence; "sim" again re-proposes with a new nonce', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, CREATE)).toEqual([PROPOSAL]);
    const first = await expireProposal(h, who);

    expect(await say(h, who, 'sim')).toEqual([EXPIRED]);
    expect(await boletos(who)).toEqual([]);
    expect(await actions(who)).toEqual([
      expect.objectContaining({ nonce: first, status: 'CANCELLED', error: 'expired' }),
    ]);

    const redo = await send(h, who, 'sim');
    expect(redo.replies).toEqual([PROPOSAL]);
    const { pending } = await savedConversation(h, who);
    expect(pending!.nonce).not.toBe(first);
    expect(redo.messages[0]!.buttons?.nonce).toBe(pending!.nonce);
    expect(await boletos(who)).toEqual([]);
    expect(await actions(who)).toEqual([
      expect.objectContaining({ nonce: first, status: 'CANCELLED' }),
      expect.objectContaining({ nonce: pending!.nonce, status: 'PROPOSED' }),
    ]);
  });

  it('fallback: gibberish -> "Desculpe, não entendi sua solicitação. Pode reformular?"', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, 'asdkj qwe zzz')).toEqual([NOT_UNDERSTOOD]);
    expect(await say(h, who, '🙂🙂🙂')).toEqual([NOT_UNDERSTOOD]);
    expect(await actions(who)).toEqual([]);
  });

  it('multi-turn: clarification in patch mode asks only what is missing, then proposes all values', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, 'cria um boleto pro João Silva')).toEqual([
      'Preciso saber: o valor, a data de vencimento',
    ]);
    expect((await savedConversation(h, who)).state).toMatchObject({
      state: 'AWAITING_INPUT',
      draft: { intent: 'CREATE_BOLETO', entities: { contact_name: 'João Silva' } },
    });
    expect(await say(h, who, '150')).toEqual(['Preciso saber: a data de vencimento']);
    const due = nextDayOfMonth(10);
    expect(await say(h, who, 'dia 10')).toEqual([
      `Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em ${brDate(due)}.\n${CONFIRM}`,
    ]);
    const [created] = await say(h, who, 'sim');
    expect(created).toMatch(
      new RegExp(`^Boleto nº 1 criado: R\\$ 150,00 para João Silva, vencimento em ${brDate(due)}\\.\n`),
    );
    expect(await boletos(who)).toEqual([
      expect.objectContaining({ amountCents: 15_000, dueDate: new Date(`${due}T00:00:00Z`) }),
    ]);
  });

  it('status query: no confirmation, numbers from the database', async () => {
    const who = await boletosPerson(h);
    await say(h, who, CREATE);
    await say(h, who, 'sim');
    expect(await say(h, who, 'qual o status do boleto 1')).toEqual([
      'Boleto nº 1: R$ 1.500,00 para João Silva, vencimento em 10/12/2099 — pendente.',
    ]);
    expect(await say(h, who, 'status do boleto 2')).toEqual([
      'Não encontrei o boleto nº 2. Qual é o número do boleto?',
    ]);
    expect(await actions(who)).toHaveLength(1);
  });
});
