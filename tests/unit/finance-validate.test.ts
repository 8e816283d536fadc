import { validateFinance } from '../../src/domains/finance/validate';
import type { Db, Entities, Scope } from '../../src/domains/types';

/** Gate 3 of the finance pack, with a fake database holding only what validation reads. */
function scopeWith(data: { cap?: number; debts?: Array<{ name: string; nameKey: string }> } = {}): Scope {
  const db = {
    budget: {
      findUnique: async () => (data.cap === undefined ? null : { variableCapCents: data.cap }),
    },
    debt: { findMany: async () => data.debts ?? [] },
  } as unknown as Db;
  return {
    tenant: {
      id: 't1',
      slug: 'f',
      name: 'F',
      pack: 'finance',
      locale: 'es-MX',
      timeZone: 'America/Mexico_City',
      currency: 'MXN',
      ai: { enabled: false, mode: 'offline', plan: 'basic', features: [] },
    },
    user: { id: 'u1', name: 'Cristina', role: 'owner' },
    conversationId: 'c1',
    correlationId: 'x',
    now: new Date('2026-11-21T18:00:00Z'),
    today: '2026-11-21',
    db,
  };
}

const check = (intent: string, entities: Entities, scope = scopeWith()) =>
  validateFinance(intent, entities, scope);

describe('finance Gate 3: LOG_TRANSACTION', () => {
  it('an expense needs amount and category (the type follows from the category)', async () => {
    expect(await check('LOG_TRANSACTION', { transaction_type: 'expense' })).toEqual({
      status: 'missing',
      missing: ['amount_mxn_cents', 'category'],
    });
    expect(await check('LOG_TRANSACTION', { amount_mxn_cents: 100, category_type: 'fixed' })).toEqual({
      status: 'missing',
      missing: ['category'],
    });
  });

  it('fills today and the kind, and says so (filled), with the implied type', async () => {
    expect(await check('LOG_TRANSACTION', { amount_mxn_cents: 25000, category: 'servicios' })).toEqual({
      status: 'pass',
      params: {
        transaction_type: 'expense',
        amount_mxn_cents: 25000,
        category: 'servicios',
        category_type: 'fixed',
        date_iso: '2026-11-21',
      },
      filled: { transaction_type: 'expense', date_iso: '2026-11-21' },
    });
  });

  it('an income needs the amount only and carries no category type', async () => {
    const v = await check('LOG_TRANSACTION', {
      transaction_type: 'income',
      amount_mxn_cents: 1500000,
      category: 'otros',
      category_type: 'variable',
      description: 'nómina',
      date_iso: '2026-11-01',
    });
    expect(v).toEqual({
      status: 'pass',
      params: {
        transaction_type: 'income',
        amount_mxn_cents: 1500000,
        category: 'otros',
        description: 'nómina',
        date_iso: '2026-11-01',
      },
    });
  });

  it.each([
    [{ amount_mxn_cents: 0 }, 'amount_mxn_cents', 'amount_not_positive'],
    [{ amount_mxn_cents: 12.5 }, 'amount_mxn_cents', 'amount_not_positive'],
    [{ amount_mxn_cents: 1_000_000_001 }, 'amount_mxn_cents', 'amount_too_high'],
    [{ amount_mxn_cents: 100, date_iso: '2026-11-22' }, 'date_iso', 'date_future'],
    [{ amount_mxn_cents: 100, date_iso: '2026-02-30' }, 'date_iso', 'date_invalid'],
    [{ amount_mxn_cents: 100, category: 'regalos' }, 'category', 'category_unknown'],
    [
      { amount_mxn_cents: 100, category: 'ropa', category_type: 'mensual' },
      'category_type',
      'category_type_invalid',
    ],
  ])('refuses %j (%s: %s)', async (entities, field, messageKey) => {
    const v = await check('LOG_TRANSACTION', { category: 'ropa', ...entities });
    expect(v).toMatchObject({ status: 'invalid', field, messageKey });
  });

  it('a type the person stated wins over the list rule', async () => {
    const v = await check('LOG_TRANSACTION', {
      amount_mxn_cents: 100,
      category: 'salud',
      category_type: 'fixed',
    });
    expect(v).toMatchObject({ status: 'pass', params: { category: 'salud', category_type: 'fixed' } });
  });
});

describe('finance Gate 3: reads', () => {
  it('QUERY_DATA defaults to the current month; a day, a category or a type narrows it', async () => {
    expect(await check('QUERY_DATA', {})).toEqual({ status: 'pass', params: { month: '2026-11' } });
    expect(await check('QUERY_DATA', { date_iso: '2026-11-20', month: '2026-10' })).toEqual({
      status: 'pass',
      params: { date_iso: '2026-11-20' },
    });
    expect(
      await check('QUERY_DATA', { month: '2026-10', category: 'ropa', category_type: 'variable' }),
    ).toEqual({
      status: 'pass',
      params: { month: '2026-10', category: 'ropa' },
    });
    expect(await check('QUERY_DATA', { category_type: 'fixed' })).toEqual({
      status: 'pass',
      params: { month: '2026-11', category_type: 'fixed' },
    });
    expect(await check('QUERY_DATA', { month: '2026-13' })).toMatchObject({
      status: 'invalid',
      field: 'month',
    });
  });

  it('SIMULATE_PURCHASE asks the category only when a budget would use it', async () => {
    const entities = { amount_mxn_cents: 900000, description: 'tele' };
    expect(await check('SIMULATE_PURCHASE', entities)).toEqual({
      status: 'pass',
      params: { amount_mxn_cents: 900000, date_iso: '2026-11-21', description: 'tele' },
      filled: { date_iso: '2026-11-21' },
    });
    expect(await check('SIMULATE_PURCHASE', entities, scopeWith({ cap: 100 }))).toEqual({
      status: 'missing',
      missing: ['category'],
    });
    expect(
      await check('SIMULATE_PURCHASE', { ...entities, category_type: 'variable' }, scopeWith({ cap: 1 })),
    ).toMatchObject({ status: 'pass' });
  });

  it('SIMULATE_PURCHASE may be for a later day, and keeps a stated balance as a premise', async () => {
    const v = await check('SIMULATE_PURCHASE', {
      amount_mxn_cents: 100,
      date_iso: '2026-12-24',
      balance_mxn_cents: 500000,
    });
    expect(v).toEqual({
      status: 'pass',
      params: { amount_mxn_cents: 100, date_iso: '2026-12-24', stated_balance_mxn_cents: 500000 },
    });
  });
});

describe('finance Gate 3: budget, bank balance, debts', () => {
  it('SET_BUDGET: the amount; fixed spending has no cap; a category is not used', async () => {
    expect(await check('SET_BUDGET', {})).toEqual({ status: 'missing', missing: ['amount_mxn_cents'] });
    expect(await check('SET_BUDGET', { amount_mxn_cents: 100, category_type: 'fixed' })).toMatchObject({
      status: 'invalid',
      field: 'category_type',
      messageKey: 'budget_only_variable',
    });
    expect(await check('SET_BUDGET', { amount_mxn_cents: 100, category: 'ropa' })).toEqual({
      status: 'pass',
      params: { amount_mxn_cents: 100 },
    });
  });

  it('SET_BANK_BALANCE: zero is a balance, a negative one is not', async () => {
    expect(await check('SET_BANK_BALANCE', { balance_mxn_cents: 0 })).toMatchObject({ status: 'pass' });
    expect(await check('SET_BANK_BALANCE', { balance_mxn_cents: -1 })).toMatchObject({
      status: 'invalid',
      messageKey: 'balance_negative',
    });
  });

  it('MANAGE_DEBT: the name plus at least one field', async () => {
    expect(await check('MANAGE_DEBT', {})).toEqual({
      status: 'missing',
      missing: ['debt_name', 'balance_mxn_cents', 'minimum_payment_mxn_cents', 'due_day'],
    });
    expect(await check('MANAGE_DEBT', { debt_name: 'Coppel', debt_action: 'add' })).toEqual({
      status: 'missing',
      missing: ['balance_mxn_cents', 'minimum_payment_mxn_cents', 'due_day'],
    });
    expect(await check('MANAGE_DEBT', { debt_name: 'Coppel', due_day: 32 })).toMatchObject({
      status: 'invalid',
      field: 'due_day',
    });
    expect(await check('MANAGE_DEBT', { debt_name: 'Coppel', due_day: 5 })).toEqual({
      status: 'pass',
      params: { debt_name: 'Coppel', name_key: 'coppel', existing: false, due_day: 5 },
    });
  });

  it('MANAGE_DEBT matches existing debts by key or by the words they contain', async () => {
    const debts = [
      { name: 'tarjeta Banamex', nameKey: 'tarjeta banamex' },
      { name: 'tarjeta Liverpool', nameKey: 'tarjeta liverpool' },
    ];
    const scope = scopeWith({ debts });
    expect(await check('MANAGE_DEBT', { debt_name: 'BANAMEX', balance_mxn_cents: 1 }, scope)).toMatchObject({
      status: 'pass',
      params: { debt_name: 'tarjeta Banamex', name_key: 'tarjeta banamex', existing: true },
    });
    expect(await check('MANAGE_DEBT', { debt_name: 'tarjeta', balance_mxn_cents: 1 }, scope)).toMatchObject({
      status: 'ambiguous',
      params: { names: 'tarjeta Banamex, tarjeta Liverpool' },
    });
    expect(
      await check('MANAGE_DEBT', { debt_name: 'Coppel', balance_mxn_cents: 1, debt_action: 'update' }, scope),
    ).toEqual({
      status: 'not_found',
      field: 'debt_name',
      messageKey: 'debt_not_found',
      params: { name: 'Coppel', names: 'tarjeta Banamex, tarjeta Liverpool' },
    });
  });
});
