import { ahead } from '../support/condominio-days';
import { Harness } from '../support/harness';

/**
 * The síndico's occupancy (issue 18): the next 30 days per space, a day's bookings with their
 * units; a resident is pointed to their own bookings instead.
 */
describe('condominio: the síndico sees the occupancy', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('counts each space’s bookings and hours ahead, lists a day’s bookings by unit, and is the síndico’s only', async () => {
    const { tenant, marina, rafael } = await h.condominioTenant();
    const sindico = await h.user(tenant.id, 'owner');
    await h.db.condoResident.create({
      data: { userId: sindico.user.id, tenantId: tenant.id, role: 'sindico' },
    });
    const day = ahead(5);
    await h.say(marina.chat, `reserva a quadra dia ${day.typed} das 8h às 10h`);
    await h.say(marina.chat, 'sim');
    // Held for its fee, the churrasqueira's booking takes its window: it counts.
    await h.say(rafael.chat, `reserva a churrasqueira dia ${day.typed} das 12h às 18h`);
    await h.say(rafael.chat, 'sim');

    const [summary] = await h.say(sindico.chat, 'qual a ocupação dos espaços?');
    const lines = summary!.split('\n');
    expect(lines[0]).toMatch(/^Ocupação de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4} \(30 dias\):$/);
    expect(lines.slice(1)).toEqual([
      // 6 h of the churrasqueira's 12 a day over 30 days: 2 %; 2 h of the quadra's 15: 0 %.
      '• Churrasqueira: 1 reserva, 6 h, 2% do horário de funcionamento',
      '• Quadra poliesportiva: 1 reserva, 2 h, 0% do horário de funcionamento',
      '• Salão de festas: 0 reservas, 0 h, 0% do horário de funcionamento',
    ]);
    const [ofDay] = await h.say(sindico.chat, `quais espaços estão reservados dia ${day.typed}?`);
    expect(ofDay).toMatch(new RegExp(`^Reservas de ${day.shown.replace(/\//g, '\\/')} \\(`));
    expect(ofDay!.split('\n').slice(1)).toEqual([
      '• Quadra poliesportiva, 08:00–10:00: unidade Bloco A, apto 101',
      '• Churrasqueira, 12:00–18:00: unidade Bloco B, apto 204 (pré-reserva)',
    ]);
    expect(await h.say(marina.chat, 'qual a ocupação dos espaços?')).toEqual([
      'Só o síndico vê a ocupação de todos os espaços. As suas reservas: "minhas reservas".',
    ]);
  });
});
