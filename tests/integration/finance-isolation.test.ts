import { Harness } from '../support/harness';
import { amountsIn, converse, expectSpanish, lineOf } from './finance-helpers';

/**
 * Tenant isolation with two packs live at once: a boletos tenant (pt-BR) and finance tenants
 * (es-MX) talking at the same time through the same queues and workers. Nothing crosses: not
 * data, not language, not allowlists, not confirmations; and within a finance tenant, each
 * person's money is their own.
 */
describe('finance: isolation from other tenants and other people', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(2, 4));
  afterAll(() => h.close());

  it('a boletos tenant and two finance tenants talk at once without crossing', async () => {
    const boletos = await h.boletosTenant();
    const ana = await h.financeTenant();
    const beto = await h.financeTenant();

    const [pt, es1, es2] = await Promise.all([
      converse(h, boletos.chat, [
        'cria um boleto de R$ 1.500,00 pro João Silva pra dia 10/12/2099',
        'sí',
        'Sim',
      ]),
      converse(h, ana.chat, ['gasté 250 en uber', 'sim', 'sí', 'tengo 1,000 en el banco', 'sí', 'resumen']),
      converse(h, beto.chat, ['gasté 7,777 en el súper', 'sí', 'resumen']),
    ]);

    // Each tenant's language and allowlist: "sí" is not a pt-BR yes, "sim" not an es-MX one.
    expect(pt[0]).toMatch(/^Vou criar um boleto de R\$ 1\.500,00 para João Silva/);
    expect(pt[1]).toBe('Confirma? (Sim/Não)');
    expect(pt[2]).toMatch(/^Boleto nº 1 criado/);
    expect(es1[1]).toBe('Responde exactamente: sí / no');
    expect(es1[2]).toMatch(/^Listo\. Gasto registrado: \$250\.00 MXN/);
    expectSpanish([...es1, ...es2]);

    // Each summary shows its own figures only.
    expect(amountsIn(lineOf(es1[5]!, 'Gastos:'))[0]).toBe(25000);
    expect(lineOf(es1[5]!, 'Saldo en banco')).toBe('Saldo en banco: $1,000.00 MXN.');
    expect(amountsIn(lineOf(es2[2]!, 'Gastos:'))[0]).toBe(777700);
    expect(es2[2]).not.toMatch(/Saldo en banco/);

    // And the rows sit in their own tenants.
    expect(await h.db.financeTransaction.count({ where: { tenantId: ana.tenant.id } })).toBe(1);
    expect(await h.db.financeTransaction.count({ where: { tenantId: beto.tenant.id } })).toBe(1);
    expect(await h.db.financeTransaction.count({ where: { tenantId: boletos.tenant.id } })).toBe(0);
    expect(await h.db.boleto.count({ where: { tenantId: boletos.tenant.id } })).toBe(1);
    expect(
      await h.db.bankBalance.findMany({ where: { tenantId: { in: [beto.tenant.id, boletos.tenant.id] } } }),
    ).toEqual([]);
  });

  it('two people of one finance tenant: their own money, their own confirmations', async () => {
    const cristi = await h.financeTenant();
    const pablo = await h.user(cristi.tenant.id, 'owner');

    await converse(h, cristi.chat, ['gasté 100 en tacos', 'sí', 'tengo 9 mil en el banco', 'sí']);
    // Pablo's "sí" does not confirm Cristi's proposal (it is bound to her and her conversation).
    expect((await h.say(cristi.chat, 'gasté 50 en el metro'))[0]).toMatch(/Responde: sí \/ no$/);
    expect(await h.say(pablo.chat, 'sí')).toEqual([
      'No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?',
    ]);
    const [summary] = await h.say(pablo.chat, 'resumen');
    expect(summary).toMatch(/No hay movimientos registrados/);
    expect(summary).not.toMatch(/Saldo en banco/);
    // Pablo's simulation does not use Cristi's bank balance: it asks for his.
    expect((await h.say(pablo.chat, '¿me alcanza para una tele de 5 mil?'))[0]).toMatch(
      /¿Cuánto tienes en el banco\?$/,
    );
    expect(await h.say(cristi.chat, 'sí')).toEqual([
      expect.stringMatching(/^Listo\. Gasto registrado: \$50\.00 MXN/),
    ]);
    expect(await h.db.financeTransaction.count({ where: { userId: pablo.user.id } })).toBe(0);
    expect(await h.db.financeTransaction.count({ where: { userId: cristi.user.id } })).toBe(2);
  });
});
