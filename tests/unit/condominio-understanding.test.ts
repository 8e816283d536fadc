import { condominioPack } from '../../src/domains/condominio';
import { freeWindows, spacesNamed, type Space } from '../../src/domains/condominio/spaces';
import { NO_SUPPLIERS, servicesIn } from '../../src/domains/condominio/suppliers';

const ctx = {
  locale: 'pt-BR' as const,
  now: new Date('2026-11-22T10:00:00-03:00'),
  timeZone: 'America/Sao_Paulo',
};
const understand = (text: string) => condominioPack.understander.understand(text, ctx);
const patch = (text: string, expected: string[]) =>
  condominioPack.understander.readPatch(text, { ...ctx, expected }).entities;

describe('condominio: the time window', () => {
  it.each([
    ['reserva o salão sábado das 18h às 23h', '18:00', '23:00'],
    ['reserva o salão sábado das 2 às 6 da tarde', '14:00', '18:00'],
    ['reserva a churrasqueira domingo de meio-dia às 4', '12:00', '16:00'],
    ['reserva o salão sábado das 7 às 11 da noite', '19:00', '23:00'],
    ['reserva o salão sábado das 19h à meia-noite', '19:00', '24:00'],
    ['reserva o salão sábado das 19h às 23h30', '19:00', '23:30'],
    ['Churrasqueira domingo 12h as 18h 25 pessoas', '12:00', '18:00'],
    ['reserva a churrasqueira sábado do meio-dia até umas seis da tarde', '12:00', '18:00'],
    ['reserva o salão sábado das 18h às 22h... não, até as 23h', '18:00', '23:00'],
  ])('"%s" is %s to %s', (text, start, end) => {
    expect(understand(text).entities).toMatchObject({ start_time: start, end_time: end });
  });

  it('reads a time said alone as the start, and "às 20 pessoas" as people', () => {
    expect(understand('reserva a quadra sábado às 9h').entities).toMatchObject({ start_time: '09:00' });
    expect(understand('reserva a quadra sábado às 9h').entities.end_time).toBeUndefined();
    expect(understand('reserva o salão sábado pra 20 pessoas').entities).toMatchObject({ guests: 20 });
  });
});

describe('condominio: spaces, days and guests in the words', () => {
  it.each([
    ['reserva a churras sábado das 12 às 18', 'churras'],
    ['reserba a churasqueira pra quinta das 18 as 22', 'churasqueira'],
    ['vc ve se a churrasq ta livre dia 20? pq quero fazer um churras', 'churrasq'],
    ['o espaço gourmet tá livre domingo?', 'espaço gourmet'],
  ])('"%s" names the space "%s"', (text, space) => {
    expect(understand(text).entities.space).toBe(space);
  });

  it('reads texted weekdays ("sab", "de dom") and rough counts closing a clause ("uns 10")', () => {
    expect(understand('reserva o salao sab das 18h as 23h').entities.date).toBe('2026-11-28');
    expect(understand('desmarca o churras de dom q n vai rolar').entities.date).toBe('2026-11-29');
    expect(
      understand('quero a quadra quinta das 3 às 5 da tarde pro futebol dos meninos, uns 10').entities.guests,
    ).toBe(10);
  });

  it('reads a reply for what was asked: a window, a day, a number of guests, a space by any name', () => {
    expect(patch('16 às 20', ['start_time'])).toEqual({ start_time: '16:00', end_time: '20:00' });
    expect(patch('12', ['date'])).toEqual({ date: '2026-12-12' });
    expect(patch('30', ['guests'])).toEqual({ guests: 30 });
    expect(patch('a do bloco B', ['space'])).toEqual({ space: 'a do bloco B' });
  });

  it('does not take a question or a plan for a booking', () => {
    for (const text of [
      'dá pra reservar a quadra sexta das 19 às 21?',
      'se eu reservar o salão e chover, tem multa?',
      'não vou reservar o salão ainda',
      'reservei o salão ontem',
    ]) {
      const out = understand(text);
      expect(out.intent === 'CREATE_RESERVATION' && out.confidence >= 0.7).toBe(false);
    }
  });
});

describe('condominio: outside suppliers in the words', () => {
  it.each([
    ['reserva o salão sábado das 18h às 23h pra 40 convidados, vai ter buffet e DJ', 'buffet, DJ'],
    ['quero a churrasqueira dia 20 das 12h às 18h, o churrasqueiro vem também', 'churrasqueiro'],
    [
      'reserva o salão sábado das 14h às 20h com decoração, garçons e fotógrafo',
      'decoração, garçons, fotógrafo',
    ],
    ['reserva o salão sábado das 14h às 20h, vem o bufê e a recreadora', 'buffet, recreação'],
  ])('"%s" asks for %s', (text, suppliers) => {
    const out = understand(text);
    expect(out.intent).toBe('CREATE_RESERVATION');
    expect(out.entities.suppliers).toBe(suppliers);
  });

  it('takes no service said not to come, and never a churrasqueiro for the churrasqueira', () => {
    expect(understand('reserva a quadra sábado das 8h às 10h sem buffet').entities.suppliers).toBeUndefined();
    expect(
      understand('reserva o salão sábado das 18h às 22h, não vai ter DJ').entities.suppliers,
    ).toBeUndefined();
    expect(
      understand('reserva a churrasqueira sábado das 12h às 18h com churrasqueiro').entities,
    ).toMatchObject({
      space: 'churrasqueira',
      suppliers: 'churrasqueiro',
    });
  });

  it('reads a reply about the suppliers: the services it names, or none', () => {
    expect(patch('só o buffet', ['suppliers'])).toEqual({ suppliers: 'buffet' });
    expect(patch('sem fornecedores', ['suppliers'])).toEqual({ suppliers: NO_SUPPLIERS });
    expect(patch('nenhum', ['suppliers'])).toEqual({ suppliers: NO_SUPPLIERS });
    expect(patch('o de sempre', ['suppliers'])).toEqual({});
  });

  it('names the services a model lists, and what it cannot name', () => {
    expect(servicesIn('Buffet; DJ e decoração')).toEqual({
      services: ['buffet', 'DJ', 'decoração'],
      unknown: [],
    });
    expect(servicesIn('buffet, mágico')).toEqual({ services: ['buffet'], unknown: ['mágico'] });
  });
});

describe('condominio: what the síndico says', () => {
  it.each([
    [
      'manda pra todo mundo: a água vai ser cortada amanhã das 8h às 14h',
      'a água vai ser cortada amanhã das 8h às 14h',
    ],
    [
      'avisa geral q o elevador social vai ficar parado segunda',
      'o elevador social vai ficar parado segunda',
    ],
    ['posta no mural: festa de fim de ano dia 18/12 no salão', 'festa de fim de ano dia 18/12 no salão'],
    [
      'vc pode avisar o pessoal do condomínio q a vaga de visitante é só de visitante? pfv',
      'a vaga de visitante é só de visitante',
    ],
  ])('"%s" is the notice "%s"', (text, notice) => {
    const out = understand(text);
    expect(out.intent).toBe('PUBLISH_NOTICE');
    expect(out.entities.message_content).toBe(notice);
  });

  it('reads no notice in "manda" without the residents', () => {
    expect(understand('manda a conta do salão que eu pago').entities.message_content).toBeUndefined();
  });

  it.each([
    [
      'multa o 302 por estacionar na vaga de visitante, não pera, foi o 303',
      '303',
      'estacionar na vaga de visitante',
    ],
    ['lança uma multa de R$ 250 pro 903 por mudança sem agendamento', '903', 'mudança sem agendamento'],
    ['aplicar mutla no apt 72 por lixo fora do horario', '72', 'lixo fora do horario'],
    ['da uma advertencia pro 45 q jogou lixo pela janela', '45', 'jogou lixo pela janela'],
    [
      'registra multa pra unidade 23 do bloco E, motivo: entulho na lixeira',
      'bloco E 23',
      'entulho na lixeira',
    ],
    [
      'o 1104 do bloco 2 fez festa, aplica a multa por barulho de madrugada',
      'bloco 2 1104',
      'barulho de madrugada',
    ],
  ])('"%s" fines %s for %s', (text, unit, infraction) => {
    const out = understand(text);
    expect(out.intent).toBe('APPLY_PENALTY');
    expect(out.entities).toMatchObject({ unit, infraction });
  });

  it('takes a day and month asked about with a past verb for the nearest one', () => {
    expect(understand('quem reservou a churrasqueira dia 24/12?').entities.date).toBe('2026-12-24');
    expect(understand('quem reservou o salão dia 02/11?').entities.date).toBe('2026-11-02');
  });

  it('declines what is declined', () => {
    const out = understand('não precisa multar o 101 não, eles já pediram desculpa');
    expect(out.intent === 'APPLY_PENALTY' && out.confidence >= 0.7).toBe(false);
  });
});

describe('condominio: spaces of the condominium', () => {
  const space = (name: string, aliases: string[] = []): Space => ({
    id: name,
    name,
    aliases,
    opensAt: 600,
    closesAt: 1380,
    capacity: 10,
    suppliersAllowed: true,
    feeCents: 0,
    minLeadHours: 24,
    maxDaysAhead: 90,
    maxPerUnitPerMonth: 2,
  });
  const spaces = [
    space('Salão de festas', ['salao']),
    space('Salão de jogos'),
    space('Churrasqueira', ['churras']),
  ];

  it('finds a space by its name, another name, the start of a name, or every word of it', () => {
    expect(spacesNamed('salão de festas', spaces).map((s) => s.name)).toEqual(['Salão de festas']);
    expect(spacesNamed('o salao', spaces).map((s) => s.name)).toEqual(['Salão de festas']);
    expect(spacesNamed('churrasq', spaces).map((s) => s.name)).toEqual(['Churrasqueira']);
    expect(spacesNamed('salão jogos', spaces).map((s) => s.name)).toEqual(['Salão de jogos']);
    expect(spacesNamed('piscina', spaces)).toEqual([]);
  });

  it('lists the free windows of the opening hours around the bookings', () => {
    expect(
      freeWindows({ opensAt: 600, closesAt: 1380 }, [
        { start: 720, end: 960 },
        { start: 1080, end: 1380 },
      ]),
    ).toEqual([
      { start: 600, end: 720 },
      { start: 960, end: 1080 },
    ]);
    expect(freeWindows({ opensAt: 600, closesAt: 1380 }, [{ start: 600, end: 1380 }])).toEqual([]);
  });
});

describe('condominio: sentences for its fee boletos', () => {
  it.each(['paid', 'overdue', 'issued', 'issued_no_pdf', 'batch_header', 'digest_header'])(
    'tells the síndico of a fee boleto (notice_%s), as the boleto notices ask every pack that issues boletos',
    (kind) => {
      const params = {
        number: 7,
        contact: 'Bloco A, apto 101',
        amount: 'R$ 150,00',
        dueDate: '12/12/2026',
        line: '2379…',
        count: 2,
      };
      expect(condominioPack.say(`notice_${kind}`, params)).not.toMatch(/\{|\}/);
    },
  );
});
