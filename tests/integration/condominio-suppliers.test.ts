import { ahead } from '../support/condominio-days';
import { Harness } from '../support/harness';
import { compensationsAudited, holdLostToNeighbour } from '../support/condominio-flows';

/**
 * The supplier step of a booking (seed 003 §2.3, §2.4; docs/condominio.md#suppliers): a request
 * that names outside services (buffet, DJ…) asks the administration to authorise them as a step
 * of its own, confirmed on its own, before the fee; the síndico sees them with the day's
 * bookings; a step after it that fails, or a "não", withdraws the request with the rest; a space
 * that takes no suppliers says so before anything is booked.
 */
describe('condominio: outside suppliers for a booking', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  const requests = (tenantId: string) =>
    h.db.condoSupplierRequest.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });
  const compensations = (tenantId: string, expected: number) => compensationsAudited(h, tenantId, expected);

  it('books the salão with guests and suppliers in four confirmed steps; the síndico sees the suppliers; cancelling withdraws them', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const sindico = await h.user(tenant.id, 'owner');
    await h.db.condoResident.create({
      data: { userId: sindico.user.id, tenantId: tenant.id, role: 'sindico' },
    });
    const day = ahead(10);
    const [first] = await h.say(
      marina.chat,
      `reserva o salão de festas dia ${day.typed} das 18h às 23h pra 40 convidados, vai ter buffet e DJ`,
    );
    expect(first).toMatch(/^Etapa 1 de 4: reservar o espaço\.\nReservar o espaço Salão de festas/);
    expect((await h.say(marina.chat, 'sim')).join('\n')).toContain(
      '\nEtapa 2 de 4: registrar os convidados na portaria.',
    );
    const third = (await h.say(marina.chat, 'sim')).join('\n');
    expect(third).toMatch(
      /^Pronto\. 40 convidados registrados na portaria para a reserva do espaço Salão de festas em .+\.\nEtapa 3 de 4: pedir a autorização dos fornecedores\.\nPedir à administração a autorização de buffet e DJ para a reserva do espaço Salão de festas em .+, das 18:00 às 23:00\.\nConfirma\? \(Sim\/Não\)$/,
    );
    expect(await requests(tenant.id)).toHaveLength(0);
    const fourth = (await h.say(marina.chat, 'sim')).join('\n');
    expect(fourth).toMatch(
      /^Pronto\. Pedido de autorização de buffet e DJ enviado à administração para a reserva do espaço Salão de festas em .+\.\nEtapa 4 de 4: gerar o boleto da taxa de uso\./,
    );
    expect((await h.say(marina.chat, 'sim')).join('\n')).toMatch(
      /^Pronto\. Reserva confirmada: Salão de festas/,
    );
    // One more "sim" finds nothing waiting: the request was made once.
    await h.say(marina.chat, 'sim');
    const made = await requests(tenant.id);
    expect(made.map((r) => [r.services, r.status])).toEqual([[['buffet', 'DJ'], 'REQUESTED']]);
    const booking = await h.db.condoReservation.findFirstOrThrow({ where: { tenantId: tenant.id } });
    expect(made[0]!.reservationId).toBe(booking.id);
    expect(booking.status).toBe('ACTIVE');

    const [ofDay] = await h.say(sindico.chat, `quais espaços estão reservados dia ${day.typed}?`);
    expect(ofDay!.split('\n').slice(1)).toEqual([
      '• Salão de festas, 18:00–23:00: unidade Bloco A, apto 101 (fornecedores: buffet e DJ)',
    ]);
    expect((await h.say(marina.chat, 'minhas reservas'))[0]).toMatch(
      /\n• Salão de festas, .+, das 18:00 às 23:00 \(fornecedores: buffet e DJ\)$/,
    );

    await h.say(marina.chat, `cancela a reserva do salão do dia ${day.typed}`);
    expect((await h.say(marina.chat, 'sim'))[0]).toMatch(/^Pronto\. Reserva cancelada: Salão de festas/);
    expect((await requests(tenant.id)).map((r) => r.status)).toEqual(['CANCELLED']);
  });

  it('a request with suppliers and no guests is three steps; "não" at the fee withdraws the request and releases the booking', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(11);
    const [first] = await h.say(
      marina.chat,
      `quero reservar a churrasqueira dia ${day.typed} das 12h às 18h, o churrasqueiro vem também`,
    );
    expect(first).toMatch(/^Etapa 1 de 3: reservar o espaço\./);
    expect((await h.say(marina.chat, 'sim')).join('\n')).toContain(
      '\nEtapa 2 de 3: pedir a autorização dos fornecedores.\nPedir à administração a autorização de churrasqueiro para a reserva do espaço Churrasqueira',
    );
    expect((await h.say(marina.chat, 'sim')).join('\n')).toContain(
      '\nEtapa 3 de 3: gerar o boleto da taxa de uso.',
    );
    const stopped = (await h.say(marina.chat, 'não')).join('\n');
    expect(stopped).toMatch(
      /^Operação cancelada\.\nComo a ação parou na etapa 3, desfiz a etapa 2:\nPedido de autorização de churrasqueiro retirado: reserva do espaço Churrasqueira em .+\.\nComo a ação parou na etapa 3, desfiz a etapa 1:\nPronto\. Reserva cancelada: Churrasqueira/,
    );
    expect((await requests(tenant.id)).map((r) => r.status)).toEqual(['CANCELLED']);
    const bookings = await h.db.condoReservation.findMany({ where: { tenantId: tenant.id } });
    expect(bookings.map((b) => b.status)).toEqual(['CANCELLED']);
    expect(await compensations(tenant.id, 2)).toHaveLength(2);
    const undo = await h.db.action.findMany({ where: { tenantId: tenant.id, tool: 'cancelar_solicitacao' } });
    expect(undo.map((a) => a.status)).toEqual(['COMPLETED']);
  });

  it('a fee step that fails undoes the suppliers, the guests and the booking, each once', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const day = ahead(13);
    await h.say(
      marina.chat,
      `reserva o salão de festas dia ${day.typed} das 18h às 22h pra 30 convidados com decoração`,
    );
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    await h.say(marina.chat, 'sim');
    // The hold runs out while the fee step waits, and a neighbour books the same evening.
    await holdLostToNeighbour(h, tenant.id, rafael.chat, day.typed);
    const replies = (await h.say(marina.chat, 'sim')).join('\n');
    expect(replies).toMatch(
      /\nComo a etapa 4 não deu certo, desfiz a etapa 3:\nPedido de autorização de decoração retirado: .+\nComo a etapa 4 não deu certo, desfiz a etapa 2:\nConvidados retirados da portaria: .+\nComo a etapa 4 não deu certo, desfiz a etapa 1:\nPronto\. Reserva cancelada: Salão de festas/,
    );
    expect((await requests(tenant.id)).map((r) => r.status)).toEqual(['CANCELLED']);
    expect(await compensations(tenant.id, 3)).toHaveLength(3);
  });

  it('a space that takes no suppliers says so before anything is booked, and books without them when told so', async () => {
    const { tenant, marina } = await h.condominioTenant();
    const day = ahead(12);
    expect(await h.say(marina.chat, `reserva a quadra dia ${day.typed} das 8h às 10h com buffet`)).toEqual([
      'O espaço Quadra poliesportiva não recebe fornecedores de fora. Quer reservar sem eles? Responda "sem fornecedores".',
    ]);
    expect(await h.db.condoReservation.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect((await h.say(marina.chat, 'sem fornecedores'))[0]).toMatch(
      /^Reservar o espaço Quadra poliesportiva para a unidade Bloco A, apto 101 em .+, das 08:00 às 10:00\. Sem taxa de uso\.\nConfirma\? \(Sim\/Não\)$/,
    );
    await h.say(marina.chat, 'não');
    // Said "sem buffet": nothing is asked of the administration.
    expect(
      (await h.say(marina.chat, `reserva a quadra dia ${day.typed} das 8h às 10h sem buffet`))[0],
    ).toMatch(/^Reservar o espaço Quadra poliesportiva .+ Sem taxa de uso\.\nConfirma\? \(Sim\/Não\)$/);
    await h.say(marina.chat, 'não');
    expect(await h.db.condoReservation.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect(await requests(tenant.id)).toHaveLength(0);
  });
});
