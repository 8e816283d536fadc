import { financePack } from '../../src/domains/finance';
import { financeCatalog } from '../../src/domains/finance/catalog';
import { CATEGORIES } from '../../src/domains/finance/categories';
import { toDeclaration } from '../../src/domains/tool-registry';
import { CATEGORIES as NLU_CATEGORIES } from '../../src/domains/finance/understanding/es-mx/categories';

/** The finance pack's sentences: complete, Spanish, money only through formatMoney. */
describe('finance catalog', () => {
  it('names every entity and every conflict the es-MX understander can produce', () => {
    for (const field of financePack.entities) {
      expect(financePack.fieldLabel(field)).toBeTruthy();
      expect(financePack.say(`conflict_${field}`, { values: 'a, b' })).toBeTruthy();
    }
  });

  it('has the same categories as the understander, each with a display name', () => {
    expect([...CATEGORIES].sort()).toEqual([...NLU_CATEGORIES].sort());
    for (const category of CATEGORIES) expect(financePack.say(`category_${category}`)).toBeTruthy();
  });

  it('writes no amount by hand: every amount is filled in as "$x MXN"', () => {
    for (const sentence of Object.values(financeCatalog)) expect(sentence).not.toMatch(/\$|MXN|R\$/);
  });

  it('refuses a key it does not have (never a silent blank)', () => {
    expect(() => financePack.say('no_such_key')).toThrow(/no sentence/);
  });
});

describe('finance proposals state every value that will be written', () => {
  const describe_ = (tool: string, params: Record<string, unknown>) =>
    financePack.describeProposal(tool, params, undefined as never);

  it('log_transaction: kind, amount, category and type, date, description', () => {
    expect(
      describe_('log_transaction', {
        transaction_type: 'expense',
        amount_mxn_cents: 25000,
        category: 'transporte',
        category_type: 'variable',
        description: 'uber',
        date_iso: '2026-11-21',
      }),
    ).toBe('Registrar gasto de $250.00 MXN en transporte (variable), fecha 2026-11-21, "uber".');
    expect(
      describe_('log_transaction', {
        transaction_type: 'income',
        amount_mxn_cents: 120050,
        date_iso: '2026-11-01',
      }),
    ).toBe('Registrar ingreso de $1,200.50 MXN, fecha 2026-11-01.');
  });

  it('set_budget, set_bank_balance, manage_debt (new and update)', () => {
    expect(describe_('set_budget', { amount_mxn_cents: 800000 })).toBe(
      'Fijar tu presupuesto mensual de gastos variables en $8,000.00 MXN.',
    );
    expect(describe_('set_bank_balance', { balance_mxn_cents: 0 })).toBe(
      'Guardar tu saldo en banco: $0.00 MXN.',
    );
    expect(
      describe_('manage_debt', {
        debt_name: 'tarjeta Banamex',
        existing: false,
        balance_mxn_cents: 1200000,
        minimum_payment_mxn_cents: 80000,
        due_day: 15,
      }),
    ).toBe(
      'Registrar la deuda "tarjeta Banamex": saldo $12,000.00 MXN, pago mínimo $800.00 MXN, día de pago 15.',
    );
    expect(describe_('manage_debt', { debt_name: 'Coppel', existing: true, due_day: 3 })).toBe(
      'Actualizar la deuda "Coppel": día de pago 3.',
    );
  });
});

describe('finance replies come from the result only', () => {
  const render = (tool: string, result: Record<string, unknown>) =>
    financePack.render(tool, JSON.parse(JSON.stringify(result)), undefined as never);

  it('a stored (replayed) result renders the same sentence', () => {
    const result = {
      transaction_type: 'expense',
      amount_mxn_cents: 25000,
      category: 'transporte',
      category_type: 'variable',
      description: null,
      date_iso: '2026-11-21',
      budget: {
        month: '2026-11',
        cap_mxn_cents: 100,
        spent_mxn_cents: 300,
        left_mxn_cents: 0,
        over_mxn_cents: 200,
      },
    };
    expect(render('log_transaction', result).text).toBe(
      [
        'Listo. Gasto registrado: $250.00 MXN en transporte (variable), fecha 2026-11-21.',
        'Presupuesto variable de 2026-11: llevas $3.00 MXN de $1.00 MXN; te pasaste por $2.00 MXN.',
      ].join('\n'),
    );
  });

  it('a simulation without a bank balance asks for it, with the simulation to run after', () => {
    const purchase = {
      amount_mxn_cents: 180000,
      date_iso: '2026-11-21',
      category: 'ropa',
      category_type: 'variable',
    };
    const rendered = render('simulate_purchase', { status: 'missing_bank_balance', purchase });
    expect(rendered.text).toBe('Simulación: compra de $1,800.00 MXN en ropa (variable), fecha 2026-11-21.');
    expect(rendered.followUp).toEqual({
      intent: 'SET_BANK_BALANCE',
      entities: {},
      messageKey: 'sim_need_bank_balance',
      then: { intent: 'SIMULATE_PURCHASE', entities: purchase },
    });
    expect(financePack.intents.SET_BANK_BALANCE!.required).toEqual(['balance_mxn_cents']);
  });

  it('a day summary with nothing in it says so', () => {
    expect(
      render('query_data', {
        period: '2026-11-20',
        period_kind: 'day',
        kind: 'summary',
        expense_mxn_cents: 0,
        expense_count: 0,
        income_mxn_cents: 0,
        income_count: 0,
        by_category: [],
      }).text,
    ).toBe('Resumen del 2026-11-20:\nNo hay movimientos registrados en 2026-11-20.');
  });
});

describe('finance tools', () => {
  it('declare their parameters as JSON schema for a model, writes behind confirmation', () => {
    for (const tool of financePack.tools) {
      const declaration = toDeclaration(tool);
      expect(declaration.parameters).toMatchObject({ type: 'object' });
      expect(tool.requiresConfirmation).toBe(tool.category === 'Transactional');
    }
    const writes = financePack.tools.filter((t) => t.requiresConfirmation).map((t) => t.name);
    expect(writes.sort()).toEqual(['log_transaction', 'manage_debt', 'set_bank_balance', 'set_budget']);
  });

  it('run only on inputs Gate 3 would pass', () => {
    const log = financePack.tools.find((t) => t.name === 'log_transaction')!;
    const base = { transaction_type: 'expense', amount_mxn_cents: 100, date_iso: '2026-11-21' };
    expect(log.input.safeParse(base).success).toBe(false);
    expect(log.input.safeParse({ ...base, category: 'ropa', category_type: 'variable' }).success).toBe(true);
    expect(log.input.safeParse({ ...base, transaction_type: 'income', amount_mxn_cents: 0 }).success).toBe(
      false,
    );
    const debt = financePack.tools.find((t) => t.name === 'manage_debt')!;
    expect(debt.input.safeParse({ debt_name: 'x', name_key: 'x', existing: false }).success).toBe(false);
  });
});
