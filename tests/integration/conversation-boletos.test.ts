import { nameKey } from '../../src/domains/contacts';
import { Harness } from '../support/harness';
import {
  CONFIRM,
  boletosPerson,
  brDate,
  savedConversation,
  say,
  seedBoleto,
  send,
  todaySp,
  waitFor,
  type Person,
} from '../support/conversation';

/** The boletos pack's rules and tools, through the whole pipeline on Redis and PostgreSQL. */
describe('boletos conversations: references, value rules, tools and roles', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const boletoCount = (who: Person) => h.db.boleto.count({ where: { tenantId: who.tenantId } });
  const actionCount = (who: Person) => h.db.action.count({ where: { tenantId: who.tenantId } });

  describe('contacts', () => {
    it('an ambiguous name lists the candidates; "o João Silva" completes the proposal', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de 200 pro João pra dia 10/12/2099')).toEqual([
        'Encontrei mais de um contato com esse nome: João Silva, João Souza. Qual deles?',
      ]);
      expect(await say(h, who, 'o João Silva')).toEqual([
        `Vou criar um boleto de R$ 200,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
      expect(await actionCount(who)).toBe(1);
      expect(await boletoCount(who)).toBe(0);
    });

    it('two amounts in one message: the conflict is asked, and the answer completes the proposal', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de 150 ou 200 pra Maria Oliveira pra dia 10/12/2099')).toEqual(
        ['Você mencionou mais de um valor (R$ 150,00, R$ 200,00). Qual é o valor do boleto?'],
      );
      expect(await say(h, who, '200')).toEqual([
        `Vou criar um boleto de R$ 200,00 para Maria Oliveira, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
    });

    it('an unknown contact is said so and asked again; nothing is proposed', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de 150 pro Fulano de Tal pra dia 10/12/2099')).toEqual([
        'Não encontrei nenhum contato chamado "Fulano de Tal". Qual é o nome do contato?',
      ]);
      expect(await say(h, who, 'Maria Oliveira')).toEqual([
        `Vou criar um boleto de R$ 150,00 para Maria Oliveira, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
    });

    it('a name said with a courtesy title finds the contact saved without it', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de 90 pra dona Maria Oliveira pra dia 10/12/2099')).toEqual([
        `Vou criar um boleto de R$ 90,00 para Maria Oliveira, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
    });

    it('a contact saved with a courtesy title is found by the name said with or without it', async () => {
      const who = await boletosPerson(h, { contacts: ['Dona Cida'] });
      expect(await say(h, who, 'cria um boleto de 90 pra Cida pra dia 10/12/2099')).toEqual([
        `Vou criar um boleto de R$ 90,00 para Dona Cida, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
      expect(await say(h, who, 'não')).toHaveLength(1);
      expect(await say(h, who, 'cria um boleto de 90 pra dona Cida pra dia 10/12/2099')).toEqual([
        `Vou criar um boleto de R$ 90,00 para Dona Cida, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
    });

    it('the confirmed proposal names the contact that gets the boleto, even if the name now matches another', async () => {
      const who = await boletosPerson(h, { contacts: ['João Silva', 'Maria Oliveira'] });
      expect(await say(h, who, 'cria um boleto de 200 pro João pra dia 10/12/2099')).toEqual([
        `Vou criar um boleto de R$ 200,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
      // Someone adds a contact called just "João" before the "sim": "João" now matches it exactly.
      await h.db.contact.create({ data: { tenantId: who.tenantId, name: 'João', nameKey: nameKey('João') } });
      const [done] = await say(h, who, 'sim');
      expect(done).toMatch(/^Boleto nº 1 criado: R\$ 200,00 para João Silva, vencimento em 10\/12\/2099\./);
      const boleto = await h.db.boleto.findFirstOrThrow({
        where: { tenantId: who.tenantId },
        include: { contact: true },
      });
      expect(boleto.contact.name).toBe('João Silva');
    });
  });

  describe("Gate 3's value rules, with the seed's sentences", () => {
    it('a past due date', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de 150 pro João Silva pra dia 10/01/2020')).toEqual([
        'A data de vencimento não pode ser no passado. Preciso saber: a data de vencimento',
      ]);
      expect(await say(h, who, 'dia 10/12/2099')).toEqual([
        `Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
    });

    it('today is not in the past', async () => {
      const who = await boletosPerson(h);
      const today = todaySp();
      expect(await say(h, who, `cria um boleto de 150 pro João Silva pra dia ${brDate(today)}`)).toEqual([
        `Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em ${brDate(today)}.\n${CONFIRM}`,
      ]);
    });

    it('an amount over R$ 100.000,00; exactly R$ 100.000,00 passes', async () => {
      const who = await boletosPerson(h);
      expect(await say(h, who, 'cria um boleto de R$ 150.000,00 pro João Silva pra dia 10/12/2099')).toEqual([
        'O valor máximo permitido é R$ 100.000,00. Preciso saber: o valor',
      ]);
      expect(await say(h, who, 'R$ 100.000,00')).toEqual([
        `Vou criar um boleto de R$ 100.000,00 para João Silva, com vencimento em 10/12/2099.\n${CONFIRM}`,
      ]);
      expect(await actionCount(who)).toBe(1);
    });
  });

  describe('tools', () => {
    it('cancel: proposal with the boleto\'s values, "sim", status CANCELLED; a second cancel is refused', async () => {
      const who = await boletosPerson(h);
      await seedBoleto(h, who.tenantId, {
        contact: 'Maria Oliveira',
        amountCents: 4_990,
        dueDate: '2099-01-31',
      });
      expect(await say(h, who, 'cancela o boleto 1')).toEqual([
        `Vou cancelar o boleto nº 1 de R$ 49,90 para Maria Oliveira, com vencimento em 31/01/2099.\n${CONFIRM}`,
      ]);
      expect(await h.db.boleto.findFirst({ where: { tenantId: who.tenantId } })).toMatchObject({
        status: 'PENDING',
      });
      expect(await say(h, who, 'sim')).toEqual(['Boleto nº 1 cancelado.']);
      const row = await h.db.boleto.findFirstOrThrow({ where: { tenantId: who.tenantId } });
      expect(row.status).toBe('CANCELLED');
      expect(row.cancelledAt).toBeInstanceOf(Date);
      expect(await say(h, who, 'cancela o boleto 1')).toEqual([
        'O boleto nº 1 está cancelado e não pode ser cancelado. Preciso saber: o número do boleto',
      ]);
    });

    it('list by status and by contact (overdue computed from the due date)', async () => {
      const who = await boletosPerson(h);
      await seedBoleto(h, who.tenantId, {
        contact: 'João Silva',
        amountCents: 15_000,
        dueDate: '2099-12-10',
      });
      await seedBoleto(h, who.tenantId, {
        contact: 'Maria Oliveira',
        amountCents: 2_550,
        dueDate: '2099-01-05',
      });
      await seedBoleto(h, who.tenantId, {
        contact: 'João Silva',
        amountCents: 99_999,
        dueDate: '2098-03-01',
        status: 'CANCELLED',
      });
      await seedBoleto(h, who.tenantId, {
        contact: 'Pedro Santos',
        amountCents: 1_000,
        dueDate: '2020-01-10',
      });

      expect(await say(h, who, 'lista os boletos pendentes')).toEqual([
        [
          'Boletos pendentes (2):',
          '• nº 2 — R$ 25,50 — Maria Oliveira — vence 05/01/2099 — pendente',
          '• nº 1 — R$ 150,00 — João Silva — vence 10/12/2099 — pendente',
        ].join('\n'),
      ]);
      expect(await say(h, who, 'lista os boletos cancelados')).toEqual([
        'Boletos cancelados (1):\n• nº 3 — R$ 999,99 — João Silva — vence 01/03/2098 — cancelado',
      ]);
      expect(await say(h, who, 'lista os boletos vencidos')).toEqual([
        'Boletos vencidos (1):\n• nº 4 — R$ 10,00 — Pedro Santos — vence 10/01/2020 — vencido',
      ]);
      expect(await say(h, who, 'lista os boletos do João Silva')).toEqual([
        [
          'Boletos de João Silva (2):',
          '• nº 3 — R$ 999,99 — João Silva — vence 01/03/2098 — cancelado',
          '• nº 1 — R$ 150,00 — João Silva — vence 10/12/2099 — pendente',
        ].join('\n'),
      ]);
      expect(await say(h, who, 'lista os boletos pagos')).toEqual(['Nenhum boleto encontrado.']);
      expect(await actionCount(who)).toBe(0);
    });

    it('a list longer than its page shows the first ten and counts the rest; a page just full has no rest', async () => {
      const who = await boletosPerson(h);
      for (let day = 1; day <= 12; day++)
        await seedBoleto(h, who.tenantId, {
          contact: 'Maria Oliveira',
          amountCents: 1_000 * day,
          dueDate: `2099-01-${String(day).padStart(2, '0')}`,
        });
      const [twelve] = await say(h, who, 'lista meus boletos');
      const lines = twelve!.split('\n');
      expect(lines[0]).toBe('Boletos (12):');
      expect(lines.filter((line) => line.startsWith('• '))).toHaveLength(10);
      expect(lines.at(-1)).toBe('… e mais 2.');
      await h.db.boleto.deleteMany({ where: { tenantId: who.tenantId, number: { in: [11, 12] } } });
      const [ten] = await say(h, who, 'lista meus boletos');
      expect(ten!.split('\n')[0]).toBe('Boletos (10):');
      expect(ten).not.toContain('e mais');
    });

    it('queue_message: recorded without confirmation, with the words the person wrote; delivery off says so', async () => {
      const who = await boletosPerson(h);
      const sent = await send(h, who, 'manda uma mensagem pro João Silva dizendo que o boleto vence amanhã');
      expect(sent.replies).toEqual([
        'Mensagem para João Silva registrada. O envio automático está desligado nesta conta: encaminhe você mesmo.',
      ]);
      const rows = await h.db.queuedMessage.findMany({
        where: { tenantId: who.tenantId },
        include: { contact: true },
      });
      expect(rows).toEqual([
        expect.objectContaining({
          content: 'o boleto vence amanhã',
          status: 'kept',
          correlationId: sent.correlationId,
          contact: expect.objectContaining({ name: 'João Silva' }),
        }),
      ]);
      expect(await actionCount(who)).toBe(0);
    });
  });

  describe('one pending proposal per conversation', () => {
    it('a new request cancels the pending proposal (ledger and audit) and proposes the new one', async () => {
      const who = await boletosPerson(h);
      await say(h, who, 'cria um boleto de 150 pro João Silva pra dia 10/12/2099');
      const first = (await savedConversation(h, who)).pending!.nonce;
      const sent = await send(h, who, 'cria um boleto de 300 pra Maria Oliveira pra dia 11/12/2099');
      // The turn's parts, in order (one message or several, as the turn worker sends them).
      expect(sent.replies.join('\n')).toBe(
        `A proposta anterior foi cancelada.\nVou criar um boleto de R$ 300,00 para Maria Oliveira, com vencimento em 11/12/2099.\n${CONFIRM}`,
      );
      const second = (await savedConversation(h, who)).pending!.nonce;
      expect(second).not.toBe(first);
      expect(sent.messages.at(-1)!.buttons?.nonce).toBe(second);
      const actions = await h.db.action.findMany({ where: { tenantId: who.tenantId } });
      expect(actions.map((a) => [a.nonce, a.status, a.error]).sort()).toEqual(
        [
          [first, 'CANCELLED', 'superseded'],
          [second, 'PROPOSED', null],
        ].sort(),
      );
      const superseded = await waitFor(
        'the audit row',
        async () =>
          (
            await h.db.auditEvent.findMany({
              where: { correlationId: sent.correlationId!, event: 'proposal_superseded' },
            })
          )[0] ?? undefined,
      );
      expect(superseded.data).toEqual({ nonce: first });
      const [done] = await say(h, who, 'sim');
      expect(done).toMatch(
        /^Boleto nº 1 criado: R\$ 300,00 para Maria Oliveira, vencimento em 11\/12\/2099\./,
      );
      expect(await boletoCount(who)).toBe(1);
    });
  });

  describe('roles', () => {
    it('a viewer cannot create a boleto nor queue a message, but can read', async () => {
      const who = await boletosPerson(h, { role: 'viewer' });
      await seedBoleto(h, who.tenantId, {
        contact: 'João Silva',
        amountCents: 15_000,
        dueDate: '2099-12-10',
      });
      expect(await say(h, who, 'cria um boleto de 150 pro João Silva pra dia 10/12/2099')).toEqual([
        'Seu perfil não tem permissão para essa ação.',
      ]);
      expect(await say(h, who, 'sim')).toEqual([
        'Não há nenhuma ação aguardando confirmação. O que você deseja?',
      ]);
      expect(await say(h, who, 'cancela o boleto 1')).toEqual([
        'Seu perfil não tem permissão para essa ação.',
      ]);
      expect(await say(h, who, 'manda uma mensagem pro João Silva dizendo oi')).toEqual([
        'Seu perfil não tem permissão para essa ação.',
      ]);
      expect(await say(h, who, 'qual o status do boleto 1')).toEqual([
        'Boleto nº 1: R$ 150,00 para João Silva, vencimento em 10/12/2099 — pendente.',
      ]);
      expect(await boletoCount(who)).toBe(1);
      expect(await actionCount(who)).toBe(0);
      expect((await savedConversation(h, who)).pending).toBeUndefined();
      expect(await h.db.queuedMessage.count({ where: { tenantId: who.tenantId } })).toBe(0);
    });
  });
});
