import { setTenantFeatures } from '../../scripts/ai-command';
import { CONDOMINIO_FEATURES } from '../../src/domains/condominio/features';
import { waitFor } from '../support/conversation';
import { Harness } from '../support/harness';

/**
 * The síndico's fine (issue 18): the infraction's amount as the regulations set it, charged to
 * the unit as a boleto after "sim", once; irreversible (the proposal says so); a resident may
 * not; an infraction the regulations do not list is asked about with the ones they do.
 */
describe('condominio: the síndico applies a penalty', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const setUp = async () => {
    const condo = await h.condominioTenant();
    const sindico = await h.user(condo.tenant.id, 'owner');
    await h.db.condoResident.create({
      data: { userId: sindico.user.id, tenantId: condo.tenant.id, role: 'sindico' },
    });
    await h.db.condoInfraction.create({
      data: {
        tenantId: condo.tenant.id,
        name: 'Barulho no horário de silêncio',
        aliases: ['barulho', 'som alto'],
        amountCents: 65_000,
        rule: 'Regimento interno, horário de silêncio',
      },
    });
    await h.db.condoInfraction.create({
      data: {
        tenantId: condo.tenant.id,
        name: 'Lixo deixado no corredor',
        aliases: ['lixo'],
        amountCents: 30_000,
        rule: 'Assembleia de 14/03/2026',
      },
    });
    return { ...condo, sindico };
  };

  it('proposes the fine the regulations set, charges it once after "sim", and says it cannot be undone', async () => {
    const { tenant, sindico } = await setUp();
    const [proposal] = await h.say(sindico.chat, 'aplica multa de barulho no apto 204');
    expect(proposal).toMatch(
      /^Aplicar à unidade Bloco B, apto 204 a multa por "Barulho no horário de silêncio" \(Regimento interno, horário de silêncio\): R\$ 650,00, cobrada por boleto com vencimento em \d\d\/\d\d\/\d{4}\. Depois de aplicada não dá para desfazer\.\nConfirma\? \(Sim\/Não\)$/,
    );
    expect(await h.db.condoPenalty.count({ where: { tenantId: tenant.id } })).toBe(0);
    const [done] = await h.say(sindico.chat, 'sim');
    expect(done).toMatch(
      /^Pronto\. Multa aplicada à unidade Bloco B, apto 204: "Barulho no horário de silêncio" \(Regimento interno, horário de silêncio\), R\$ 650,00\.\nBoleto da multa nº 1: R\$ 650,00, vencimento \d\d\/\d\d\/\d{4}\. Linha digitável: /,
    );
    const penalties = await h.db.condoPenalty.findMany({
      where: { tenantId: tenant.id },
      include: { boleto: { include: { contact: true } } },
    });
    expect(penalties).toHaveLength(1);
    expect(penalties[0]!.boleto).toMatchObject({ amountCents: 65_000, status: 'PENDING' });
    expect(penalties[0]!.boleto!.contact.name).toBe('Bloco B, apto 204');
    // Nothing waits any more: a second "sim" writes nothing.
    await h.say(sindico.chat, 'sim');
    expect(await h.db.condoPenalty.count({ where: { tenantId: tenant.id } })).toBe(1);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('asks which infraction when the words name none of the regulations’, takes the answer, and refuses a resident', async () => {
    const { tenant, sindico, marina } = await setUp();
    expect(await h.say(sindico.chat, 'aplica multa por pichação no apto 101')).toEqual([
      'Não encontrei a infração "pichação" no regimento. As multas previstas são: Barulho no horário de silêncio; Lixo deixado no corredor. Qual delas?',
    ]);
    const [proposal] = await h.say(sindico.chat, 'lixo');
    expect(proposal).toMatch(
      /^Aplicar à unidade Bloco A, apto 101 a multa por "Lixo deixado no corredor" .+ R\$ 300,00/,
    );
    expect(await h.say(sindico.chat, 'não')).toEqual(['Operação cancelada.']);
    expect(await h.say(marina.chat, 'aplica multa de barulho no apto 204')).toEqual([
      'Só o síndico pode aplicar multas.',
    ]);
    expect(await h.db.condoPenalty.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it('is off for a condominium whose operator turned its feature off, and says so', async () => {
    const { tenant, sindico } = await setUp();
    const features = (t: { aiSettings: unknown }) => (t.aiSettings as { features: string[] }).features;
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const before = await h.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } });
      await expect(
        setTenantFeatures(h.db, before, CONDOMINIO_FEATURES, { off: 'ai_multas' }),
      ).rejects.toThrow('unknown feature ai_multas');
      await setTenantFeatures(h.db, before, CONDOMINIO_FEATURES, { off: 'ai_penalties' });
    } finally {
      log.mockRestore();
    }
    const after = await h.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } });
    expect(features(after)).toEqual(['ai_notices', 'ai_reservations']);
    // The tenant's first message: no process has its settings cached yet.
    expect(await h.say(sindico.chat, 'aplica multa de barulho no apto 204')).toEqual([
      'Esse recurso não está ativo para a sua conta. Fale com o responsável.',
    ]);
    expect(await h.db.condoPenalty.count({ where: { tenantId: tenant.id } })).toBe(0);
    const blocked = await waitFor('the refusal audited', async () => {
      const found = await h.db.auditEvent.findMany({
        where: { tenantId: tenant.id, event: 'tool_execution_blocked' },
      });
      return found.length > 0 ? found : undefined;
    });
    expect(blocked[0]!.data).toMatchObject({ reason: 'feature_off', feature: 'ai_penalties' });
  });
});
