import { Harness } from '../support/harness';
import { boletosPerson, brDate, say, seedBoleto, todaySp } from '../support/conversation';

/** `days` after today in São Paulo, as YYYY-MM-DD. */
const dayAfterToday = (days: number): string => {
  const [y, m, d] = todaySp().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

/**
 * Lists asked by due date, through the whole pipeline: one day or a stretch of days filters the
 * list, the reply says which, and a day already gone is a question, not a due date refused.
 */
describe('boletos listed by due date', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('one day, a stretch of days and a day gone each list only their boletos', async () => {
    const who = await boletosPerson(h);
    const tomorrow = dayAfterToday(1);
    const yesterday = dayAfterToday(-1);
    await seedBoleto(h, who.tenantId, { contact: 'João Silva', amountCents: 15_000, dueDate: tomorrow });
    await seedBoleto(h, who.tenantId, {
      contact: 'Maria Oliveira',
      amountCents: 2_550,
      dueDate: dayAfterToday(40),
    });
    await seedBoleto(h, who.tenantId, { contact: 'Pedro Santos', amountCents: 1_000, dueDate: yesterday });

    expect(await say(h, who, 'quais boletos vencem amanhã?')).toEqual([
      [
        `Boletos com vencimento em ${brDate(tomorrow)} (1):`,
        `• nº 1 — R$ 150,00 — João Silva — vence ${brDate(tomorrow)} — pendente`,
      ].join('\n'),
    ]);
    expect(await say(h, who, 'o que vence nos próximos 30 dias?')).toEqual([
      [
        `Boletos com vencimento de ${brDate(todaySp())} a ${brDate(dayAfterToday(30))} (1):`,
        `• nº 1 — R$ 150,00 — João Silva — vence ${brDate(tomorrow)} — pendente`,
      ].join('\n'),
    ]);
    // Before, this was refused as a due date in the past and the date asked for again.
    expect(await say(h, who, 'quais boletos venceram ontem?')).toEqual([
      [
        `Boletos com vencimento em ${brDate(yesterday)} (1):`,
        `• nº 3 — R$ 10,00 — Pedro Santos — vence ${brDate(yesterday)} — vencido`,
      ].join('\n'),
    ]);
    // A status and a day together: both must hold.
    expect(await say(h, who, 'quais boletos pagos vencem amanhã?')).toEqual([
      `Nenhum boleto com vencimento em ${brDate(tomorrow)}.`,
    ]);
    expect(await h.db.action.count({ where: { tenantId: who.tenantId } })).toBe(0);
  });
});
