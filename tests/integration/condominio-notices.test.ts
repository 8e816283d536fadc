import { packFor } from '../../src/app/packs';
import { startCondoNoticeDeliverer } from '../../src/app/condo-notices';
import { Harness } from '../support/harness';
import { waitFor } from '../support/conversation';

/**
 * The síndico's notice to the residents (issue 18's done-when): only the síndico may publish; the
 * proposal says how many residents get it and that it cannot be undone; after "sim" each
 * resident gets it in the chat they last wrote from, once.
 */
describe('condominio: the síndico publishes a notice', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('reaches every resident once after the síndico confirms; a resident cannot publish', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const sindico = await h.user(tenant.id, 'owner');
    await h.db.condoResident.create({
      data: { userId: sindico.user.id, tenantId: tenant.id, role: 'sindico' },
    });
    // The residents have written from their chats: that is where a notice reaches them.
    await h.say(marina.chat, 'oi');
    await h.say(rafael.chat, 'oi');

    expect(await h.say(marina.chat, 'publica um aviso pros moradores: festa na piscina hoje')).toEqual([
      'Só o síndico pode publicar avisos para os moradores.',
    ]);
    expect(await h.db.condoNotice.count({ where: { tenantId: tenant.id } })).toBe(0);

    const text = 'amanhã a água será cortada das 9h às 12h para manutenção';
    expect(await h.say(sindico.chat, `publica um aviso pros moradores: ${text}`)).toEqual([
      `Publicar este aviso para 2 moradores: "${text}". Depois de publicado não dá para desfazer.\nConfirma? (Sim/Não)`,
    ]);
    expect(await h.db.condoNotice.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect((await h.say(sindico.chat, 'sim'))[0]).toMatch(/^Pronto\. Aviso publicado para 2 moradores/);

    // The deliverer's first round runs as it starts: wait for the notice in both chats.
    const deliverer = startCondoNoticeDeliverer({
      db: h.db,
      outbox: h.container.outbox,
      chats: h.container.userChats,
      packFor,
      onlyTenants: () => [tenant.id],
      everyMs: 3_600_000,
      logger: h.container.logger,
    });
    const expected = `Aviso do ${tenant.name}: ${text}`;
    try {
      const received = await waitFor('the notice in both chats', async () => {
        const got = h.replies.filter((r) => r.text === expected);
        return got.length >= 2 ? got : undefined;
      });
      expect(new Set(received.map((r) => r.chatId)).size).toBe(2);
      // Nothing left to send: a further round finds no pending delivery.
      expect(await deliverer.runOnce()).toBe(0);
    } finally {
      await deliverer.stop();
    }
    const deliveries = await h.db.condoNoticeDelivery.findMany({
      where: { notice: { tenantId: tenant.id } },
    });
    expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it("takes at most two notices a minute from the síndico (the tool's rate limit)", async () => {
    const { tenant } = await h.condominioTenant();
    const sindico = await h.user(tenant.id, 'owner');
    await h.db.condoResident.create({
      data: { userId: sindico.user.id, tenantId: tenant.id, role: 'sindico' },
    });
    // Counted per calendar minute: five asks in a row meet the limit whichever minute they span.
    const replies: string[] = [];
    for (let i = 1; i <= 5; i++)
      replies.push(
        (await h.say(sindico.chat, `publica um aviso pros moradores: reunião número ${i}`)).join('\n'),
      );
    const refused = replies.filter(
      (r) => r === 'Você fez muitas solicitações. Aguarde um momento antes de tentar novamente.',
    );
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((r) => r.includes('Publicar este aviso')).length).toBeLessThanOrEqual(4);
    const limited = await waitFor('the refusal audited', async () => {
      const found = await h.db.auditEvent.findMany({
        where: { tenantId: tenant.id, event: 'tool_rate_limited' },
      });
      return found.length > 0 ? found : undefined;
    });
    expect(limited[0]!.data).toMatchObject({ tool: 'publicar_aviso', perMinute: 2 });
  });
});
