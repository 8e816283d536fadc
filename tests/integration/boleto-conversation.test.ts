import { Harness } from '../support/harness';

describe('a boleto conversation through queues, Redis and PostgreSQL', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('creates a boleto after "sim", exactly as proposed', async () => {
    const { tenant, chat } = await h.boletosTenant();
    const proposal = await h.say(chat, 'cria um boleto de R$ 1.500,00 pro João Silva pra dia 10/12/2099');
    expect(proposal).toEqual([
      'Vou criar um boleto de R$ 1.500,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)',
    ]);
    const done = await h.say(chat, 'Sim!');
    expect(done[0]).toMatch(
      /^Boleto nº 1 criado: R\$ 1\.500,00 para João Silva, vencimento em 10\/12\/2099\./,
    );
    const boletos = await h.db.boleto.findMany({ where: { tenantId: tenant.id } });
    expect(boletos).toHaveLength(1);
    expect(boletos[0]).toMatchObject({ amountCents: 150000, status: 'PENDING' });
  });
});
