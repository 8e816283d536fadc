import { Harness } from '../support/harness';
import { expectSpanish, monthMx, todayMx } from './finance-helpers';

/**
 * SIMULATE_PURCHASE: a read that writes nothing. Seed 002's special case: without a bank
 * balance it asks for one, proposes SET_BANK_BALANCE, and once that is confirmed with "sí" runs
 * the original simulation again by itself. Cash available is the bank balance only.
 */
describe('finance: purchase simulation', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const balanceOf = async (tenantId: string) =>
    (await h.db.bankBalance.findFirst({ where: { tenantId } }))?.balanceCents;

  it('without a bank balance: asks, confirms SET_BANK_BALANCE, then re-runs the simulation', async () => {
    const { tenant, chat } = await h.financeTenant();
    const today = todayMx();
    const header = `Simulación: compra de $1,800.00 MXN en ropa (variable), fecha ${today}, "tenis".`;

    const ask = await h.say(chat, '¿me alcanza para unos tenis de 1,800?');
    expect(ask).toEqual([
      `${header}\nNo tengo tu saldo en banco (solo cuento el dinero del banco, no el efectivo). ¿Cuánto tienes en el banco?`,
    ]);
    const proposal = await h.say(chat, '23,450');
    expect(proposal).toEqual(['Guardar tu saldo en banco: $23,450.00 MXN.\nResponde: sí / no']);
    expect(await balanceOf(tenant.id)).toBeUndefined();

    expect(await h.say(chat, 'creo que sí')).toEqual(['Responde exactamente: sí / no']);
    expect(await balanceOf(tenant.id)).toBeUndefined();

    const done = await h.say(chat, 'sí');
    expect(done).toEqual([
      [
        'Listo. Tu saldo en banco es $23,450.00 MXN.',
        header,
        'Saldo en banco: $23,450.00 MXN; después de la compra: $21,650.00 MXN.',
        'No tienes presupuesto de gastos variables.',
        'Te alcanza con tu saldo en banco.',
      ].join('\n'),
    ]);
    expect(await balanceOf(tenant.id)).toBe(2345000);
    // The simulation wrote nothing: no movement was logged.
    expect(await h.db.financeTransaction.count({ where: { tenantId: tenant.id } })).toBe(0);
    expectSpanish([...ask, ...proposal, ...done]);
  });

  it('the balance may come in a sentence ("tengo 23,450 en el banco"); "no" drops both', async () => {
    const { tenant, chat } = await h.financeTenant();
    await h.say(chat, '¿puedo comprar una tele de 9 mil?');
    expect(await h.say(chat, 'tengo 23,450 en el banco')).toEqual([
      'Guardar tu saldo en banco: $23,450.00 MXN.\nResponde: sí / no',
    ]);
    expect(await h.say(chat, 'no')).toEqual(['Operación cancelada.']);
    expect(await balanceOf(tenant.id)).toBeUndefined();
    expect(await h.say(chat, 'sí')).toEqual([
      'No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?',
    ]);
  });

  it('cash is the bank balance only: income logged does not make a purchase affordable', async () => {
    const { tenant, chat } = await h.financeTenant();
    await h.say(chat, 'me pagaron 15 mil de nómina');
    await h.say(chat, 'sí');
    await h.say(chat, 'tengo 1,000 en el banco');
    await h.say(chat, 'sí');
    const [reply] = await h.say(chat, '¿me alcanza para una tele de 5 mil?');
    expect(reply).toBe(
      [
        `Simulación: compra de $5,000.00 MXN, fecha ${todayMx()}, "tele".`,
        'Saldo en banco: $1,000.00 MXN; después de la compra: -$4,000.00 MXN.',
        'No tienes presupuesto de gastos variables.',
        'No te alcanza: te faltan $4,000.00 MXN en el banco.',
      ].join('\n'),
    );
    expect(await balanceOf(tenant.id)).toBe(100000);
  });

  it('with a budget: asks the category (patch), then shows the month against the cap', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const owner = { tenantId: tenant.id, userId: user.id };
    await h.db.budget.create({ data: { ...owner, variableCapCents: 3000_00 } });
    await h.db.bankBalance.create({ data: { ...owner, balanceCents: 50000_00 } });
    await h.say(chat, 'gasté 2,500 en el súper');
    await h.say(chat, 'sí');

    expect(await h.say(chat, '¿puedo comprar una tele de 900?')).toEqual([
      'Necesito saber: la categoría (supermercado, restaurantes, transporte, gasolina, vivienda, servicios, salud, educación, entretenimiento, ropa, suscripciones u otros)',
    ]);
    const [reply] = await h.say(chat, 'entretenimiento');
    expect(reply).toBe(
      [
        `Simulación: compra de $900.00 MXN en entretenimiento (variable), fecha ${todayMx()}, "tele".`,
        'Saldo en banco: $50,000.00 MXN; después de la compra: $49,100.00 MXN.',
        `Presupuesto variable de ${monthMx()}: llevas $2,500.00 MXN de $3,000.00 MXN; con la compra, $3,400.00 MXN (te pasas por $400.00 MXN).`,
        'Te alcanza con tu saldo en banco, pero rebasas tu presupuesto variable.',
      ].join('\n'),
    );
  });

  it('a fixed purchase does not count in the variable budget', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const owner = { tenantId: tenant.id, userId: user.id };
    await h.db.budget.create({ data: { ...owner, variableCapCents: 100_00 } });
    await h.db.bankBalance.create({ data: { ...owner, balanceCents: 10000_00 } });
    const [reply] = await h.say(chat, '¿me alcanza para pagar la colegiatura de 4 mil?');
    expect(reply).toMatch(/en educación \(fijo\)/);
    expect(reply).toContain('Es un gasto fijo: no cuenta en tu presupuesto variable.');
    expect(reply).toContain('Te alcanza con tu saldo en banco.');
  });

  it('a balance said with the question is used for it and not saved', async () => {
    const { tenant, chat } = await h.financeTenant();
    const [reply] = await h.say(chat, 'tengo 5 mil en el banco, ¿me alcanza para unos tenis de 1,800?');
    expect(reply).toContain(
      'Saldo en banco (el que me diste, no lo guardé): $5,000.00 MXN; después de la compra: $3,200.00 MXN.',
    );
    expect(await balanceOf(tenant.id)).toBeUndefined();
  });
});
