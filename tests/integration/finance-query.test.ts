import { randomUUID } from 'node:crypto';
import { Harness } from '../support/harness';
import { amountsIn, converse, dbSums, expectSpanish, lineOf, monthMx, todayMx } from './finance-helpers';

/**
 * QUERY_DATA and seed 002's "no hallucinated totals": every figure of a reply equals the
 * database's own sum (plain SQL here, independent of the pack), includes rows the conversation
 * never mentioned, and excludes other users, other tenants and other months.
 */
describe('finance: queries answer with database totals only', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const insert = (
    tenantId: string,
    userId: string,
    row: {
      kind?: 'expense' | 'income';
      cents: number;
      category?: string;
      type?: 'fixed' | 'variable';
      on: string;
    },
  ) =>
    h.db.financeTransaction.create({
      data: {
        tenantId,
        userId,
        kind: row.kind ?? 'expense',
        amountCents: row.cents,
        category: row.category ?? null,
        categoryType: row.type ?? null,
        occurredOn: new Date(`${row.on}T00:00:00Z`),
        createdByNonce: randomUUID(),
      },
    });

  it('the month summary equals the SQL sums, with rows never said in the chat', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const today = todayMx();
    const month = monthMx();
    await converse(h, chat, ['gasté 250.50 en uber', 'sí', 'gasté 1,200 en el súper', 'va']);
    await converse(h, chat, ['me pagaron 15 mil de nómina', 'ok']);
    // Written behind the conversation's back: a reply built from chat history would miss them.
    await insert(tenant.id, user.id, {
      cents: 899_99,
      category: 'vivienda',
      type: 'fixed',
      on: `${month}-01`,
    });
    await insert(tenant.id, user.id, { cents: 33_33, category: 'transporte', type: 'variable', on: today });
    // Not this month, not this user, not this tenant: never counted.
    await insert(tenant.id, user.id, {
      cents: 777_00,
      category: 'transporte',
      type: 'variable',
      on: '2020-01-15',
    });
    const { user: other } = await h.user(tenant.id);
    await insert(tenant.id, other.id, { cents: 555_00, category: 'transporte', type: 'variable', on: today });
    const stranger = await h.financeTenant();
    await insert(stranger.tenant.id, stranger.user.id, {
      cents: 444_00,
      category: 'ropa',
      type: 'variable',
      on: today,
    });

    const [reply] = await h.say(chat, '¿cuánto gasté este mes?');
    const sums = await dbSums(h, tenant.id, user.id, month);
    expect(sums).toMatchObject({ expenses: 25050 + 120000 + 89999 + 3333, income: 1500000 });
    expect(lineOf(reply!, `Resumen de ${month}:`)).toBeDefined();
    expect(amountsIn(lineOf(reply!, 'Gastos:'))).toEqual([sums.expenses, 89999, 25050 + 120000 + 3333]);
    expect(lineOf(reply!, 'Gastos:')).toContain('(4 movimientos)');
    expect(amountsIn(lineOf(reply!, 'Ingresos:'))).toEqual([sums.income]);
    expect(amountsIn(lineOf(reply!, '• supermercado:'))).toEqual([sums.category('supermercado')]);
    expect(amountsIn(lineOf(reply!, '• vivienda:'))).toEqual([sums.category('vivienda')]);
    expect(amountsIn(lineOf(reply!, '• transporte:'))).toEqual([sums.category('transporte')]);
    expect(reply).not.toMatch(/\$777\.00|\$555\.00|\$444\.00/);
    expectSpanish([reply!]);
  });

  it('a category, a type, a day and another month: each figure is the SQL sum', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const month = monthMx();
    await insert(tenant.id, user.id, {
      cents: 120_00,
      category: 'restaurantes',
      type: 'variable',
      on: `${month}-01`,
    });
    await insert(tenant.id, user.id, {
      cents: 80_50,
      category: 'restaurantes',
      type: 'variable',
      on: `${month}-01`,
    });
    await insert(tenant.id, user.id, {
      cents: 300_00,
      category: 'servicios',
      type: 'fixed',
      on: `${month}-01`,
    });
    await insert(tenant.id, user.id, {
      cents: 64_00,
      category: 'restaurantes',
      type: 'variable',
      on: '2025-10-09',
    });

    expect(await h.say(chat, '¿cuánto gasté en restaurantes?')).toEqual([
      `Gastos en restaurantes en ${month}: $200.50 MXN (2 movimientos).`,
    ]);
    expect(await h.say(chat, 'cuánto gasté en gastos fijos')).toEqual([
      `Gastos fijos en ${month}: $300.00 MXN (1 movimiento).`,
    ]);
    const [october] = await h.say(chat, '¿cuánto gasté en restaurantes en octubre de 2025?');
    expect(october).toBe('Gastos en restaurantes en 2025-10: $64.00 MXN (1 movimiento).');
    const [day] = await h.say(chat, `¿cuánto gasté el ${month}-01?`);
    expect(lineOf(day!, `Resumen del ${month}-01:`)).toBeDefined();
    expect(amountsIn(lineOf(day!, 'Gastos:'))).toEqual([50050, 30000, 20050]);
  });

  it('answers from the database each time, never from the conversation', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const empty = await h.say(chat, 'resumen');
    expect(empty).toEqual([`Resumen de ${monthMx()}:\nNo hay movimientos registrados en ${monthMx()}.`]);
    await insert(tenant.id, user.id, { cents: 10_00, category: 'otros', type: 'variable', on: todayMx() });
    const [after] = await h.say(chat, 'resumen');
    expect(amountsIn(lineOf(after!, 'Gastos:'))[0]).toBe(1000);
    await h.db.financeTransaction.deleteMany({ where: { tenantId: tenant.id } });
    expect(await h.say(chat, 'resumen')).toEqual(empty);
  });

  it('the summary adds budget, bank balance and debts as stored', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const owner = { tenantId: tenant.id, userId: user.id };
    await h.db.budget.create({ data: { ...owner, variableCapCents: 5000_00 } });
    await h.db.bankBalance.create({ data: { ...owner, balanceCents: 23450_00 } });
    await h.db.debt.create({
      data: { ...owner, name: 'tarjeta Banamex', nameKey: 'tarjeta banamex', balanceCents: 12000_00 },
    });
    await h.db.debt.create({ data: { ...owner, name: 'Coppel', nameKey: 'coppel', balanceCents: 999_99 } });
    await insert(tenant.id, user.id, { cents: 6000_00, category: 'ropa', type: 'variable', on: todayMx() });
    const [reply] = await h.say(chat, '¿cuál es mi saldo?');
    expect(lineOf(reply!, 'Presupuesto variable')).toBe(
      `Presupuesto variable de ${monthMx()}: llevas $6,000.00 MXN de $5,000.00 MXN; te pasaste por $1,000.00 MXN.`,
    );
    expect(lineOf(reply!, 'Saldo en banco')).toBe('Saldo en banco: $23,450.00 MXN.');
    expect(lineOf(reply!, 'Deudas')).toBe('Deudas: $12,999.99 MXN en total (Coppel, tarjeta Banamex).');
  });
});
