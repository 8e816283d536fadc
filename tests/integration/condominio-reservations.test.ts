import { Knowledge } from '../../src/app/knowledge';
import { KnowledgeStore } from '../../src/stores/knowledge-store';
import { loadDemoKnowledge } from '../../prisma/seed';
import { ahead } from '../support/condominio-days';
import { Harness } from '../support/harness';
import { compensationsAudited, holdLostToNeighbour } from '../support/condominio-flows';
import { PrismaActionLedger } from '../../src/stores/action-ledger';
import { waitFor } from '../support/conversation';

/**
 * The condominium pack end to end (docs/condominio.md), through the real pipeline, Redis and
 * PostgreSQL: a resident checks a space, books it with every value stated and a "sim", a
 * neighbour asking for an overlapping window is told the free ones, a booking is cancelled, two
 * confirmations of the same window at once leave one booking, and rules questions are answered
 * from the condominium's documents.
 */
describe('condominio: spaces and reservations', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const reservations = (tenantId: string) =>
    h.db.condoReservation.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });
  const compensations = (tenantId: string, expected: number) => compensationsAudited(h, tenantId, expected);

  it('books the salão with guests in three confirmed steps and gets the fee boleto, each run once', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(10);
    const shown = `${day.shown} (${weekdayOf(day.iso)})`;
    const proposal = await h.say(
      marina.chat,
      `reserva o salão de festas dia ${day.typed} das 18h às 23h pra 40 convidados`,
    );
    expect(proposal).toEqual([
      `Etapa 1 de 3: reservar o espaço.\nReservar o espaço Salão de festas para a unidade Bloco A, apto 101 em ${shown}, das 18:00 às 23:00, 40 convidados. Taxa de uso: R$ 150,00, cobrada da unidade Bloco A, apto 101 por boleto.\nConfirma? (Sim/Não)`,
    ]);
    expect(await reservations(tenant.id)).toHaveLength(0);
    // The step's result and the next step's proposal come in one reply.
    const held = (await h.say(marina.chat, 'sim')).join('\n');
    expect(held).toMatch(
      /^Pronto\. Pré-reserva feita: Salão de festas, .+, das 18:00 às 23:00, 40 convidados\. O horário fica guardado até as \d\d:\d\d; a reserva se confirma com o boleto da taxa\.\nEtapa 2 de 3/,
    );
    expect(held).toContain(
      `Etapa 2 de 3: registrar os convidados na portaria.\nRegistrar 40 convidados na portaria para a reserva do espaço Salão de festas em ${shown}, das 18:00 às 23:00.\nConfirma? (Sim/Não)`,
    );
    let rows = await reservations(tenant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'HELD', feeBoletoId: null, registeredGuests: null });
    // Held, the window is taken: a neighbour is told so.
    expect(rows[0]!.heldUntil!.getTime()).toBeGreaterThan(Date.now());

    const guests = (await h.say(marina.chat, 'sim')).join('\n');
    expect(guests).toContain(
      `Pronto. 40 convidados registrados na portaria para a reserva do espaço Salão de festas em ${shown}.\nEtapa 3 de 3: gerar o boleto da taxa de uso.\nGerar o boleto da taxa de uso do espaço Salão de festas em ${shown}, das 18:00 às 23:00: R$ 150,00, cobrado da unidade Bloco A, apto 101, com vencimento no dia da reserva. Com ele a reserva fica confirmada.\nConfirma? (Sim/Não)`,
    );
    rows = await reservations(tenant.id);
    expect(rows[0]).toMatchObject({ status: 'HELD', registeredGuests: 40, feeBoletoId: null });
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(0);

    const confirmed = (await h.say(marina.chat, 'sim')).join('\n');
    expect(confirmed).toMatch(
      /^Pronto\. Reserva confirmada: Salão de festas, .+, das 18:00 às 23:00, 40 convidados\./,
    );
    // The fee is a boleto of the unit, issued by the last step, due on the booking's day.
    expect(confirmed).toContain(
      `\nBoleto da taxa nº 1: R$ 150,00, vencimento ${day.shown}. Linha digitável: `,
    );
    expect(confirmed).toContain('Boleto de demonstração, não registrado em nenhum banco');
    rows = await reservations(tenant.id);
    expect(rows[0]).toMatchObject({
      startMinute: 18 * 60,
      endMinute: 23 * 60,
      guests: 40,
      registeredGuests: 40,
      feeCents: 15000,
      status: 'ACTIVE',
      heldUntil: null,
    });
    expect(rows[0]!.date.toISOString().slice(0, 10)).toBe(day.iso);
    const fee = await h.db.boleto.findUniqueOrThrow({
      where: { id: rows[0]!.feeBoletoId! },
      include: { contact: true },
    });
    expect(fee).toMatchObject({ amountCents: 15000, status: 'PENDING', number: 1 });
    expect(fee.contact.name).toBe('Bloco A, apto 101');
    expect(fee.dueDate.toISOString().slice(0, 10)).toBe(day.iso);
    // A fourth "sim" finds nothing waiting: each step ran once, and the fee once.
    await h.say(marina.chat, 'sim');
    expect(await reservations(tenant.id)).toHaveLength(1);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(await h.say(marina.chat, 'minhas reservas')).toEqual([
      `Reservas da unidade Bloco A, apto 101:\n• Salão de festas, ${shown}, das 18:00 às 23:00`,
    ]);
  });

  it('"não" before the fee releases the held booking and its guests; a free space keeps what was confirmed', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const day = ahead(11);
    await h.say(marina.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 16h pra 20 pessoas`);
    await h.say(marina.chat, 'sim');
    // A new request while a later step waits stops the booking there: the hold goes too.
    expect((await h.say(marina.chat, 'minhas reservas'))[0]).toMatch(
      /^A proposta anterior foi cancelada\.\nComo a ação parou na etapa 2, desfiz a etapa 1:\nPronto\. Reserva cancelada: Churrasqueira, .+\nSua unidade não tem reservas futuras\.$/,
    );
    let rows = await reservations(tenant.id);
    expect(rows.map((r) => r.status)).toEqual(['CANCELLED']);

    await h.say(marina.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 16h pra 20 pessoas`);
    await h.say(marina.chat, 'sim');
    expect((await h.say(marina.chat, 'sim')).join('\n')).toContain(
      '\nEtapa 3 de 3: gerar o boleto da taxa de uso.',
    );
    const stopped = await h.say(marina.chat, 'não');
    expect(stopped.join('\n')).toMatch(
      /^Operação cancelada\.\nComo a ação parou na etapa 3, desfiz a etapa 2:\nConvidados retirados da portaria: .+\nComo a ação parou na etapa 3, desfiz a etapa 1:\nPronto\. Reserva cancelada: Churrasqueira/,
    );
    rows = await reservations(tenant.id);
    expect(rows.map((r) => [r.status, r.registeredGuests])).toEqual([
      ['CANCELLED', null],
      ['CANCELLED', null],
    ]);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(0);
    // The window is free again for a neighbour.
    expect((await h.say(rafael.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 16h`))[0]).toMatch(
      /^Etapa 1 de 2: reservar o espaço\.\nReservar o espaço Churrasqueira para a unidade Bloco B/,
    );
    await h.say(rafael.chat, 'não');

    // The quadra has no fee: "não" to its guests step leaves the booking made.
    await h.say(marina.chat, `reserva a quadra dia ${day.typed} das 8h às 10h pra 12 pessoas`);
    expect((await h.say(marina.chat, 'sim')).join('\n')).toMatch(
      /^Pronto\. Reserva feita: Quadra poliesportiva, .+ Sem taxa de uso\.\nEtapa 2 de 2: registrar os convidados/,
    );
    expect(await h.say(marina.chat, 'não')).toEqual(['Operação cancelada.']);
    rows = await reservations(tenant.id);
    expect(rows.map((r) => [r.status, r.registeredGuests])).toEqual([
      ['CANCELLED', null],
      ['CANCELLED', null],
      ['ACTIVE', null],
    ]);
  });

  it('a guests step that fails undoes the held booking, once', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(12);
    await h.say(marina.chat, `reserva o salão de festas dia ${day.typed} das 18h às 22h pra 60 convidados`);
    await h.say(marina.chat, 'sim');
    // The síndico lowers the salão's capacity while the second step waits for its "sim".
    await h.db.condoSpace.updateMany({
      where: { tenantId: tenant.id, name: 'Salão de festas' },
      data: { capacity: 50 },
    });
    const replies = (await h.say(marina.chat, 'sim')).join('\n');
    expect(replies).toMatch(
      /^Não foi possível completar a ação\. Motivo: O espaço Salão de festas comporta no máximo 50 pessoas\. Deseja tentar novamente\?\n/,
    );
    expect(replies).toMatch(
      /\nComo a etapa 2 não deu certo, desfiz a etapa 1:\nPronto\. Reserva cancelada: Salão de festas/,
    );
    const rows = await reservations(tenant.id);
    expect(rows.map((r) => [r.status, r.registeredGuests])).toEqual([['CANCELLED', null]]);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(0);
    const undone = await compensations(tenant.id, 1);
    expect(undone).toHaveLength(1);
    const undo = await h.db.action.findMany({ where: { tenantId: tenant.id, tool: 'cancelar_reserva' } });
    expect(undo.map((a) => a.status)).toEqual(['COMPLETED']);
  });

  it('a fee step that fails (the hold ran out and the window was taken) undoes the guests and the booking, once', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const day = ahead(13);
    await h.say(marina.chat, `reserva o salão de festas dia ${day.typed} das 18h às 22h pra 30 convidados`);
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    // The hold runs out while the fee step waits, and a neighbour books the same evening.
    await holdLostToNeighbour(h, tenant.id, rafael.chat, day.typed);
    const replies = (await h.say(marina.chat, 'sim')).join('\n');
    expect(replies).toMatch(
      /^Não foi possível completar a ação\. Motivo: O espaço Salão de festas já está reservado nesse horário em .+ Horários livres: das 10:00 às 19:00\. Deseja tentar novamente\?\n/,
    );
    expect(replies).toMatch(
      /\nComo a etapa 3 não deu certo, desfiz a etapa 2:\nConvidados retirados da portaria: .+\nComo a etapa 3 não deu certo, desfiz a etapa 1:\nPronto\. Reserva cancelada: Salão de festas/,
    );
    const rows = await reservations(tenant.id);
    expect(rows.map((r) => [r.userId === marina.user.id, r.status, r.registeredGuests])).toEqual([
      [true, 'CANCELLED', null],
      [false, 'ACTIVE', null],
    ]);
    // One fee boleto, the neighbour's; none left for the booking that was undone.
    const fees = await h.db.boleto.findMany({ where: { tenantId: tenant.id } });
    expect(fees.map((b) => b.id)).toEqual([rows[1]!.feeBoletoId]);
    expect(await compensations(tenant.id, 2)).toHaveLength(2);
  });

  it('a pipeline dying between steps: the retry proposes the next step once, and nothing runs twice', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(14);
    await h.say(marina.chat, `reserva o salão de festas dia ${day.typed} das 18h às 22h pra 30 convidados`);
    const conversations = h.container.conversations;
    const realCommit = conversations.commit.bind(conversations);
    let crashes = 0;
    // Killed after the booking ran and the next proposal was sent, before the turn was saved.
    const commit = jest.spyOn(conversations, 'commit').mockImplementation(async (...args) => {
      if (crashes === 0) {
        crashes += 1;
        throw new Error('killed between the steps');
      }
      return realCommit(...args);
    });
    try {
      const held = (await h.say(marina.chat, 'sim')).join('\n');
      expect(crashes).toBe(1);
      expect(held.match(/Etapa 2 de 3/g)).toHaveLength(1);
    } finally {
      commit.mockRestore();
    }
    // The retry's proposal is the one waiting: the next "sim" registers the guests, then the fee.
    await waitFor('the retry to save the next step', async () => {
      const actions = await h.db.action.findMany({
        where: { tenantId: tenant.id, tool: 'registrar_convidados' },
      });
      return actions.length > 0 ? actions : undefined;
    });
    expect((await h.say(marina.chat, 'sim')).join('\n')).toContain('Etapa 3 de 3');
    expect((await h.say(marina.chat, 'sim')).join('\n')).toMatch(/^Pronto\. Reserva confirmada/);
    const rows = await reservations(tenant.id);
    expect(rows.map((r) => [r.status, r.registeredGuests])).toEqual([['ACTIVE', 30]]);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
    const ran = await h.db.action.findMany({
      where: { tenantId: tenant.id },
      orderBy: { proposedAt: 'asc' },
    });
    expect(ran.map((a) => [a.tool, a.status])).toEqual([
      ['criar_reserva', 'COMPLETED'],
      ['registrar_convidados', 'COMPLETED'],
      ['cobrar_taxa_reserva', 'COMPLETED'],
    ]);
  });

  it('a pipeline dying while it undoes a step: the retry finishes the undo, and nothing is undone twice', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(16);
    await h.say(marina.chat, `reserva o salão de festas dia ${day.typed} das 18h às 22h pra 60 convidados`);
    await h.say(marina.chat, 'sim');
    await h.db.condoSpace.updateMany({
      where: { tenantId: tenant.id, name: 'Salão de festas' },
      data: { capacity: 50 },
    });
    const realComplete = PrismaActionLedger.prototype.complete;
    let crashes = 0;
    const complete = jest.spyOn(PrismaActionLedger.prototype, 'complete').mockImplementation(async function (
      this: PrismaActionLedger,
      db,
      nonce,
      ...rest
    ) {
      const action = await h.db.action.findUnique({ where: { nonce } });
      if (crashes === 0 && action?.tool === 'cancelar_reserva') {
        crashes += 1;
        throw new Error('killed inside the undo');
      }
      return realComplete.call(this, db, nonce, ...rest);
    });
    try {
      const replies = (await h.say(marina.chat, 'sim')).join('\n');
      expect(crashes).toBe(1);
      expect(replies).toMatch(/Como a etapa 2 não deu certo, desfiz a etapa 1:\nPronto\. Reserva cancelada/);
    } finally {
      complete.mockRestore();
    }
    expect((await reservations(tenant.id)).map((r) => r.status)).toEqual(['CANCELLED']);
    const undo = await h.db.action.findMany({ where: { tenantId: tenant.id, tool: 'cancelar_reserva' } });
    expect(undo.map((a) => a.status)).toEqual(['COMPLETED']);
    expect(await compensations(tenant.id, 1)).toHaveLength(1);
  });

  it('refuses a neighbour an overlapping window with the free ones, and books a free one', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const day = ahead(12);
    await h.say(marina.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 16h`);
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    const refused = await h.say(rafael.chat, `reserva a churrasqueira dia ${day.typed} das 14h às 18h`);
    expect(refused[0]).toContain('já está reservado nesse horário');
    expect(refused[0]).toContain('Horários livres: das 10:00 às 12:00; das 16:00 às 22:00.');
    expect(await reservations(tenant.id)).toHaveLength(1);
    // The question asked for a new window: the answer is read as one.
    const proposal = await h.say(rafael.chat, '16 às 20');
    expect(proposal[0]).toMatch(
      /^Etapa 1 de 2: reservar o espaço\.\nReservar o espaço Churrasqueira para a unidade Bloco B, apto 204 .+ das 16:00 às 20:00\./,
    );
    await h.say(rafael.chat, 'sim');
    await h.say(rafael.chat, 'sim');
    expect((await reservations(tenant.id)).map((r) => [r.startMinute / 60, r.endMinute / 60])).toEqual([
      [12, 16],
      [16, 20],
    ]);
    const free = await h.say(marina.chat, `a churrasqueira tá livre dia ${day.typed}?`);
    expect(free[0]).toContain('Horários livres: das 10:00 às 12:00; das 20:00 às 22:00.');
  });

  it('cancels a booking of the unit after "sim", and only that one', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(15);
    await h.say(marina.chat, `reserva a quadra dia ${day.typed} das 8h às 10h`);
    await h.say(marina.chat, 'sim');
    expect(await h.say(marina.chat, 'minhas reservas')).toEqual([
      `Reservas da unidade Bloco A, apto 101:\n• Quadra poliesportiva, ${day.shown} (${weekdayOf(day.iso)}), das 08:00 às 10:00`,
    ]);
    const proposal = await h.say(marina.chat, 'cancela minha reserva da quadra');
    expect(proposal[0]).toMatch(
      /^Cancelar a reserva do espaço Quadra poliesportiva da unidade Bloco A, apto 101/,
    );
    expect((await reservations(tenant.id))[0]!.status).toBe('ACTIVE');
    expect(await h.say(marina.chat, 'sim')).toEqual([
      expect.stringMatching(/^Pronto\. Reserva cancelada: Quadra poliesportiva/),
    ]);
    expect((await reservations(tenant.id))[0]!.status).toBe('CANCELLED');
    expect(await h.say(marina.chat, 'cancela minha reserva da quadra')).toEqual([
      'Não encontrei reserva ativa da sua unidade do espaço Quadra poliesportiva.',
    ]);
  });

  it('a booking cancelled in time cancels its fee; closer to the day, the fee stays due', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const early = ahead(20);
    await h.say(marina.chat, `reserva o salão de festas dia ${early.typed} das 18h às 22h`);
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    const [proposal] = await h.say(marina.chat, 'cancela minha reserva do salão');
    expect(proposal).toContain('O boleto da taxa (nº 1) será cancelado.');
    expect((await h.say(marina.chat, 'sim'))[0]).toMatch(
      /Reserva cancelada: .+ O boleto da taxa \(nº 1\) foi cancelado\./,
    );
    expect((await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id, number: 1 } })).status).toBe(
      'CANCELLED',
    );

    // A churrasqueira whose fee is free to cancel only 1,000 hours ahead: this booking is closer.
    await h.db.condoSpace.updateMany({
      where: { tenantId: tenant.id, name: 'Churrasqueira' },
      data: { freeCancelHours: 1000 },
    });
    await h.say(marina.chat, `reserva a churrasqueira dia ${early.typed} das 12h às 16h`);
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    const [kept] = await h.say(marina.chat, 'cancela minha reserva da churrasqueira');
    expect(kept).toContain('A taxa de uso continua devida: o cancelamento sem custo é até 1000 horas antes.');
    expect((await h.say(marina.chat, 'sim'))[0]).toContain('A taxa de uso (boleto nº 2) continua devida');
    expect((await h.db.boleto.findFirstOrThrow({ where: { tenantId: tenant.id, number: 2 } })).status).toBe(
      'PENDING',
    );
    expect((await reservations(tenant.id)).map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('keeps the space rules: hours, capacity, lead time; and books nothing for someone with no unit', async () => {
    const { tenant, marina, visitor } = await h.condominioTenant();
    const day = ahead(20);
    expect((await h.say(marina.chat, `reserva o salão dia ${day.typed} das 8h às 12h`))[0]).toBe(
      'O espaço Salão de festas funciona das 10:00 às 23:00. Preciso saber: o horário de início',
    );
    await h.say(marina.chat, 'não'); // the request is dropped; the next one starts afresh
    expect(
      (await h.say(marina.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 16h pra 50 pessoas`))[0],
    ).toBe('O espaço Churrasqueira comporta no máximo 30 pessoas. Preciso saber: o número de convidados');
    await h.say(marina.chat, 'não'); // the request is dropped; the next one starts afresh
    const soon = ahead(1);
    expect((await h.say(marina.chat, `reserva o salão dia ${soon.typed} das 18h às 22h`))[0]).toBe(
      'O espaço Salão de festas precisa ser reservado com pelo menos 48 horas de antecedência. Preciso saber: a data',
    );
    await h.say(marina.chat, 'não'); // the request is dropped; the next one starts afresh
    expect((await h.say(visitor.chat, `reserva a quadra dia ${day.typed} das 8h às 10h`))[0]).toMatch(
      /^Seu cadastro não está ligado a uma unidade do condomínio/,
    );
    expect(await reservations(tenant.id)).toHaveLength(0);
  });

  it('two residents confirming the same window at once: one booking, the other told it is taken', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const day = ahead(25);
    const line = `reserva o salão de festas dia ${day.typed} das 19h às 22h`;
    await h.say(marina.chat, line);
    await h.say(rafael.chat, line);
    const [a, b] = await Promise.all([h.say(marina.chat, 'sim'), h.say(rafael.chat, 'sim')]);
    const answers = [...a, ...b];
    expect(answers.filter((t) => t.startsWith('Pronto. Pré-reserva feita'))).toHaveLength(1);
    expect(answers.filter((t) => t.includes('já está reservado nesse horário'))).toHaveLength(1);
    const rows = await reservations(tenant.id);
    expect(rows.filter((r) => r.status === 'HELD')).toHaveLength(1);
  });

  it('answers a rules question from the condominium documents, citing them', async () => {
    const { tenant, marina } = await h.condominioTenant();
    await loadDemoKnowledge(new Knowledge(new KnowledgeStore(h.db)), tenant.id, 'condominio');
    const [answer] = await h.say(marina.chat, 'pode levar cachorro na piscina?');
    expect(answer).toMatch(/^Segundo "Regimento interno": Animais de estimação:/);
    const [fee] = await h.say(marina.chat, 'qual a taxa pra usar o salão?');
    expect(fee).toContain('R$ 150,00');
    expect(fee).toMatch(/^Segundo "Regras de reserva dos espaços"/);
  });
});

function weekdayOf(iso: string): string {
  return ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'][
    new Date(`${iso}T00:00:00Z`).getUTCDay()
  ]!;
}
