import { CONFIRMATION_WORDS } from '../../config/product';
import { Harness } from '../support/harness';
import { expectSpanish } from './finance-helpers';

/**
 * Seed 002's checklist: "All DB writes require explicit confirmation BEFORE tool execution,
 * using the token allowlists". Every write intent proposes and writes nothing; only the
 * allowlisted words confirm or reject; anything else re-asks "Responde exactamente: sí / no".
 */
describe('finance: explicit confirmation before every write', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const counts = async (tenantId: string) => ({
    tx: await h.db.financeTransaction.count({ where: { tenantId } }),
    budgets: await h.db.budget.count({ where: { tenantId } }),
    debts: await h.db.debt.count({ where: { tenantId } }),
    balances: await h.db.bankBalance.count({ where: { tenantId } }),
  });
  const none = { tx: 0, budgets: 0, debts: 0, balances: 0 };

  const writes: Array<[string, string, keyof typeof none]> = [
    ['LOG_TRANSACTION', 'gasté 250 en uber', 'tx'],
    ['SET_BUDGET', 'mi presupuesto de gastos variables es de 8 mil', 'budgets'],
    ['MANAGE_DEBT', 'tarjeta Banamex saldo 12 mil, mínimo 800, pago el 15', 'debts'],
    ['SET_BANK_BALANCE', 'tengo 23,450 en el banco', 'balances'],
  ];

  it.each(writes)(
    '%s: proposes, writes nothing until "sí", re-asks for anything else',
    async (_, text, table) => {
      const { tenant, chat } = await h.financeTenant();
      const proposal = await h.say(chat, text);
      expect(proposal).toHaveLength(1);
      expect(proposal[0]).toMatch(/\nResponde: sí \/ no$/);
      expect(await counts(tenant.id)).toEqual(none);

      for (const other of ['sí, pero cambia el monto', 'claro', 'sip', 'a lo mejor', 'sí sí']) {
        expect(await h.say(chat, other)).toEqual(['Responde exactamente: sí / no']);
        expect(await counts(tenant.id)).toEqual(none);
      }
      const done = await h.say(chat, 'Sí.');
      expect(done[0]).toMatch(/^Listo\./);
      expect(await counts(tenant.id)).toEqual({ ...none, [table]: 1 });
      expectSpanish([...proposal, ...done]);
    },
  );

  it.each(CONFIRMATION_WORDS['es-MX'].yes.map((w) => [w === 'si' ? 'sí' : w]))(
    '"%s" confirms',
    async (word) => {
      const { tenant, chat } = await h.financeTenant();
      await h.say(chat, 'gasté 99 en el metro');
      expect(await h.say(chat, word)).toEqual([
        expect.stringMatching(/^Listo\. Gasto registrado: \$99\.00 MXN/),
      ]);
      expect(await h.db.financeTransaction.count({ where: { tenantId: tenant.id } })).toBe(1);
    },
  );

  it.each(['si', 'SI', ' Ok! '])('"%s" confirms too (case, accents and punctuation folded)', async (word) => {
    const { tenant, chat } = await h.financeTenant();
    await h.say(chat, 'tengo 500 en el banco');
    await h.say(chat, word);
    expect(await h.db.bankBalance.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it.each(CONFIRMATION_WORDS['es-MX'].no.map((w) => [w]))(
    '"%s" rejects: nothing is written',
    async (word) => {
      const { tenant, chat } = await h.financeTenant();
      await h.say(chat, 'mi presupuesto es de 5 mil');
      expect(await h.say(chat, word)).toEqual(['Operación cancelada.']);
      expect(await counts(tenant.id)).toEqual(none);
      // The proposal is gone: a late "sí" executes nothing.
      expect(await h.say(chat, 'sí')).toEqual([
        'No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?',
      ]);
      expect(await counts(tenant.id)).toEqual(none);
    },
  );

  it('a read (query, simulation) needs no confirmation and writes nothing', async () => {
    const { tenant, chat } = await h.financeTenant();
    const query = await h.say(chat, '¿cuánto gasté este mes?');
    expect(query[0]).not.toMatch(/Responde/);
    const simulation = await h.say(chat, 'tengo 5 mil en el banco, ¿me alcanza para unos tenis de 1,800?');
    expect(simulation[0]).toMatch(/^Simulación: compra de \$1,800\.00 MXN/);
    expect(simulation[0]).not.toMatch(/Responde/);
    expect(await counts(tenant.id)).toEqual(none);
  });

  it('a viewer can read but is not offered writes', async () => {
    const { tenant } = await h.financeTenant();
    const { chat } = await h.user(tenant.id, 'viewer');
    expect(await h.say(chat, 'gasté 250 en uber')).toEqual(['Tu perfil no tiene permiso para esa acción.']);
    expect((await h.say(chat, '¿cuánto gasté este mes?'))[0]).toMatch(/^Resumen de \d{4}-\d{2}:/);
    expect(await counts(tenant.id)).toEqual(none);
  });
});
