import { Harness } from '../support/harness';
import { expectSpanish, todayMx } from './finance-helpers';

/**
 * LOG_TRANSACTION through queues, Redis and PostgreSQL: an expense needs amount + category +
 * type (the type follows from the category), an income the amount only; the date defaults to
 * today in Mexico City and is shown; nothing is written before an allowlisted "sí".
 */
describe('finance: logging expenses and income', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const rows = (tenantId: string) =>
    h.db.financeTransaction.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });

  it('proposes an expense with every value and today\'s date, and writes it after "sí"', async () => {
    const { tenant, user, chat } = await h.financeTenant();
    const today = todayMx();
    const proposal = await h.say(chat, 'gasté 250 en uber');
    expect(proposal).toEqual([
      `Registrar gasto de $250.00 MXN en transporte (variable), fecha ${today}, "uber".\nResponde: sí / no`,
    ]);
    expect(await rows(tenant.id)).toHaveLength(0);

    const done = await h.say(chat, 'sí');
    expect(done).toEqual([
      `Listo. Gasto registrado: $250.00 MXN en transporte (variable), fecha ${today}, "uber".`,
    ]);
    const [row, ...others] = await rows(tenant.id);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      userId: user.id,
      kind: 'expense',
      amountCents: 25000,
      category: 'transporte',
      categoryType: 'variable',
      description: 'uber',
    });
    expect(row!.occurredOn.toISOString().slice(0, 10)).toBe(today);
    expect(row!.createdByNonce).toMatch(/^[0-9a-f-]{36}$/);
    expectSpanish([...proposal, ...done]);
  });

  it('implies "fijo" from the category list rule and keeps a date the person said', async () => {
    const { tenant, chat } = await h.financeTenant();
    const proposal = await h.say(chat, 'pagué 8,500 de renta el 1 de noviembre de 2025');
    expect(proposal[0]).toBe(
      'Registrar gasto de $8,500.00 MXN en vivienda (fijo), fecha 2025-11-01, "renta".\nResponde: sí / no',
    );
    await h.say(chat, 'confirmo');
    expect(await rows(tenant.id)).toEqual([
      expect.objectContaining({ amountCents: 850000, category: 'vivienda', categoryType: 'fixed' }),
    ]);
  });

  it('logs an income with the amount only (no category asked)', async () => {
    const { tenant, chat } = await h.financeTenant();
    const proposal = await h.say(chat, 'me pagaron 15 mil de nómina');
    expect(proposal[0]).toBe(
      `Registrar ingreso de $15,000.00 MXN, fecha ${todayMx()}, "nómina".\nResponde: sí / no`,
    );
    await h.say(chat, 'ok');
    expect(await rows(tenant.id)).toEqual([
      expect.objectContaining({ kind: 'income', amountCents: 1500000, category: null, categoryType: null }),
    ]);
  });

  it('asks the category instead of guessing, and the answer patches the draft (amount and words kept)', async () => {
    const { tenant, chat } = await h.financeTenant();
    const question = await h.say(chat, 'gasté 300 en regalos');
    expect(question).toEqual([
      'Necesito saber: la categoría (supermercado, restaurantes, transporte, gasolina, vivienda, servicios, salud, educación, entretenimiento, ropa, suscripciones u otros)',
    ]);
    const proposal = await h.say(chat, 'otros');
    expect(proposal[0]).toBe(
      `Registrar gasto de $300.00 MXN en otros (variable), fecha ${todayMx()}, "regalos".\nResponde: sí / no`,
    );
    await h.say(chat, 'va');
    expect(await rows(tenant.id)).toEqual([
      expect.objectContaining({ amountCents: 30000, category: 'otros', description: 'regalos' }),
    ]);
  });

  it('asks the amount when missing, then the answer completes the same draft', async () => {
    const { tenant, chat } = await h.financeTenant();
    expect(await h.say(chat, 'registra un gasto en el súper')).toEqual(['Necesito saber: el monto']);
    const proposal = await h.say(chat, '1,200.50');
    expect(proposal[0]).toMatch(/^Registrar gasto de \$1,200\.50 MXN en supermercado \(variable\), fecha /);
    await h.say(chat, 's');
    expect(await rows(tenant.id)).toEqual([expect.objectContaining({ amountCents: 120050 })]);
  });

  it('refuses a future date and asks again; the corrected date patches the draft', async () => {
    const { tenant, chat } = await h.financeTenant();
    const refusal = await h.say(chat, 'gasté 250 en uber mañana');
    expect(refusal[0]).toMatch(
      /^No puedo registrar movimientos con fecha futura \(\d{4}-\d{2}-\d{2}\)\. Necesito saber: la fecha$/,
    );
    const proposal = await h.say(chat, '2026-01-15');
    expect(proposal[0]).toBe(
      'Registrar gasto de $250.00 MXN en transporte (variable), fecha 2026-01-15, "uber".\nResponde: sí / no',
    );
    await h.say(chat, 'sí');
    expect((await rows(tenant.id))[0]!.occurredOn.toISOString().slice(0, 10)).toBe('2026-01-15');
  });

  it('asks which amount when the words hold two, instead of picking one', async () => {
    const { tenant, chat } = await h.financeTenant();
    const question = await h.say(chat, 'gasté 250 y 300 en uber');
    expect(question).toEqual(['Mencionaste más de un monto ($250.00 MXN, $300.00 MXN). ¿Cuál es el monto?']);
    const proposal = await h.say(chat, '300');
    expect(proposal[0]).toMatch(/^Registrar gasto de \$300\.00 MXN en transporte \(variable\)/);
    expect(await rows(tenant.id)).toHaveLength(0);
  });

  it('writes once: a second "sí" finds nothing pending', async () => {
    const { tenant, chat } = await h.financeTenant();
    await h.say(chat, 'gasté 120 en tacos');
    await h.say(chat, 'sí');
    expect(await h.say(chat, 'sí')).toEqual([
      'No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?',
    ]);
    expect(await rows(tenant.id)).toHaveLength(1);
  });
});
