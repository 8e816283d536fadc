import { Harness } from '../support/harness';
import { converse, expectSpanish, monthMx } from './finance-helpers';

/**
 * SET_BUDGET, MANAGE_DEBT and SET_BANK_BALANCE: writes behind a confirmation, stated in full;
 * upserts, so one row per person however often it changes; clarification patches the draft.
 */
describe('finance: budget, debts and bank balance', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('sets and then changes the variable budget: one row, the last value', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const [proposal, done] = await converse(h, chat, ['pon un tope de 8,000 al mes', 'sí']);
    expect(proposal).toBe(
      'Fijar tu presupuesto mensual de gastos variables en $8,000.00 MXN.\nResponde: sí / no',
    );
    expect(done).toBe(
      [
        'Listo. Tu presupuesto mensual de gastos variables es $8,000.00 MXN.',
        `Presupuesto variable de ${monthMx()}: llevas $0.00 MXN de $8,000.00 MXN; quedan $8,000.00 MXN.`,
      ].join('\n'),
    );
    await converse(h, chat, ['mi presupuesto es de 6,500', 'va']);
    const budgets = await h.db.budget.findMany({ where: { tenantId: tenant.id } });
    expect(budgets).toEqual([expect.objectContaining({ userId: user.id, variableCapCents: 650000 })]);
    expectSpanish([proposal!, done!]);
  });

  it('refuses a cap on fixed spending and asks the type again; "no" then writes nothing', async () => {
    const { tenant, chat } = await h.financeTenant();
    expect(await h.say(chat, 'mi presupuesto de gastos fijos es de 9 mil')).toEqual([
      'El presupuesto es un tope para gastos variables; los gastos fijos no llevan tope. Necesito saber: el tipo de gasto (fijo o variable)',
    ]);
    expect(await h.say(chat, 'variable')).toEqual([
      'Fijar tu presupuesto mensual de gastos variables en $9,000.00 MXN.\nResponde: sí / no',
    ]);
    expect(await h.say(chat, 'no')).toEqual(['Operación cancelada.']);
    expect(await h.db.budget.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it('registers a debt with every field, then updates one field by a shorter name', async () => {
    const { tenant, chat } = await h.financeTenant();
    const [proposal, created] = await converse(h, chat, [
      'tarjeta Banamex saldo 12 mil, mínimo 800, pago el 15',
      'sí',
    ]);
    expect(proposal).toBe(
      'Registrar la deuda "tarjeta Banamex": saldo $12,000.00 MXN, pago mínimo $800.00 MXN, día de pago 15.\nResponde: sí / no',
    );
    expect(created).toBe(
      'Listo. Deuda "tarjeta Banamex" registrada: saldo $12,000.00 MXN, pago mínimo $800.00 MXN, día de pago 15.',
    );
    const [update, updated] = await converse(h, chat, ['actualiza la deuda de Banamex a 10 mil', 'sí']);
    expect(update).toBe('Actualizar la deuda "tarjeta Banamex": saldo $10,000.00 MXN.\nResponde: sí / no');
    expect(updated).toBe(
      'Listo. Deuda "tarjeta Banamex" actualizada: saldo $10,000.00 MXN, pago mínimo $800.00 MXN, día de pago 15.',
    );
    const debts = await h.db.debt.findMany({ where: { tenantId: tenant.id } });
    expect(debts).toEqual([
      expect.objectContaining({
        name: 'tarjeta Banamex',
        nameKey: 'tarjeta banamex',
        balanceCents: 1000000,
        minimumPaymentCents: 80000,
        dueDay: 15,
      }),
    ]);
    expectSpanish([proposal!, created!, update!, updated!]);
  });

  it('a debt without fields asks for them; the answer patches the draft', async () => {
    const { tenant, chat } = await h.financeTenant();
    expect(await h.say(chat, 'tengo una deuda con Coppel')).toEqual([
      'Necesito saber: el saldo, el pago mínimo, el día de pago',
    ]);
    expect(await h.say(chat, 'saldo 8 mil, mínimo 500')).toEqual([
      'Registrar la deuda "Coppel": saldo $8,000.00 MXN, pago mínimo $500.00 MXN.\nResponde: sí / no',
    ]);
    await h.say(chat, 'sí');
    expect(await h.db.debt.findMany({ where: { tenantId: tenant.id } })).toEqual([
      expect.objectContaining({
        name: 'Coppel',
        balanceCents: 800000,
        minimumPaymentCents: 50000,
        dueDay: null,
      }),
    ]);
  });

  it('an update of a debt that does not exist is asked back with the debts there are', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    await h.db.debt.create({
      data: { tenantId: tenant.id, userId: user.id, name: 'Coppel', nameKey: 'coppel', balanceCents: 100 },
    });
    expect(await h.say(chat, 'actualiza la deuda de Liverpool a 5 mil')).toEqual([
      'No encontré la deuda "Liverpool". Tus deudas: Coppel. ¿Cuál es?',
    ]);
    expect(await h.say(chat, 'Coppel')).toEqual([
      'Actualizar la deuda "Coppel": saldo $5,000.00 MXN.\nResponde: sí / no',
    ]);
  });

  it('saves the bank balance when said directly ("tengo 23,450 en el banco") and replaces it', async () => {
    const { tenant, chat } = await h.financeTenant();
    const [proposal, done] = await converse(h, chat, ['tengo 23,450 en el banco', 'sí']);
    expect(proposal).toBe('Guardar tu saldo en banco: $23,450.00 MXN.\nResponde: sí / no');
    expect(done).toBe('Listo. Tu saldo en banco es $23,450.00 MXN.');
    await converse(h, chat, ['mi saldo es 5 mil', 'sí']);
    expect(await h.db.bankBalance.findMany({ where: { tenantId: tenant.id } })).toEqual([
      expect.objectContaining({ balanceCents: 500000 }),
    ]);
  });
});
