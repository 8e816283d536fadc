import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';

/** Sunday 22 November 2026, 10:00 in São Paulo. */
const SUNDAY = '2026-11-22T10:00:00-03:00';

function dueDate(when: string, now = SUNDAY, timeZone = 'America/Sao_Paulo'): string | number | undefined {
  const text = `cria um boleto de 150 reais pro João ${when}`;
  return ptBrUnderstander.understand(text, { locale: 'pt-BR', now: new Date(now), timeZone }).entities
    .due_date;
}

describe('pt-BR due dates (now: Sunday 2026-11-22 10:00, America/Sao_Paulo)', () => {
  it.each([
    ['pra hoje', '2026-11-22'],
    ['pra amanhã', '2026-11-23'],
    ['pra amanha', '2026-11-23'],
    ['pra amn', '2026-11-23'],
    ['pra depois de amanhã', '2026-11-24'],
    ['vence dps de amanha', '2026-11-24'],
    ['pra dps de amnh', '2026-11-24'],
    ['pra dia 10', '2026-12-10'],
    ['pra dia 22', '2026-11-22'],
    ['pra dia 25', '2026-11-25'],
    ['pra dia 31', '2026-12-31'],
    ['pra dia primeiro', '2026-12-01'],
    ['pro dia 1º', '2026-12-01'],
    ['pra dia quinze', '2026-12-15'],
    ['pra dia vinte e cinco', '2026-11-25'],
    ['pra dia 5 do mês que vem', '2026-12-05'],
    ['na primeira segunda de dezembro', '2026-12-07'],
    ['pra última sexta do mês', '2026-11-27'],
    ['pra segunda quarta do mês que vem', '2026-12-09'],
    ['pra primeira segunda de janeiro', '2027-01-04'],
    ['pra primeira sexta de novembro', '2027-11-05'],
    ['pra 10/12', '2026-12-10'],
    // A weekday right before a date names that date: one day, not the next Saturday.
    ['vencendo sábado 19 de dezembro', '2026-12-19'],
    ['pro domingo, dia 6/12', '2026-12-06'],
    ['pra dia 10/12', '2026-12-10'],
    ['pra 10/12/2026', '2026-12-10'],
    ['pra 10/12/26', '2026-12-10'],
    ['pra 10-12-2026', '2026-12-10'],
    ['pra 2026-12-10', '2026-12-10'],
    ['pra 05/01', '2027-01-05'],
    ['pra 15 de dezembro', '2026-12-15'],
    ['pra 15 de dez', '2026-12-15'],
    ['pra 15 de dezembro de 2027', '2027-12-15'],
    ['pra 15 de marco', '2027-03-15'],
    ['pra sexta', '2026-11-27'],
    ['pra sexta-feira', '2026-11-27'],
    ['pra sexta feira', '2026-11-27'],
    ['pra próxima sexta', '2026-11-27'],
    ['pra proxima sexta', '2026-11-27'],
    ['pra sexta que vem', '2026-11-27'],
    ['pra segunda', '2026-11-23'],
    ['pra terca', '2026-11-24'],
    ['pro sábado', '2026-11-28'],
    ['pro domingo', '2026-11-29'],
    ['pro fim do mês', '2026-11-30'],
    ['pro final do mes', '2026-11-30'],
    ['pro fim do mês que vem', '2026-12-31'],
    ['pra daqui a 5 dias', '2026-11-27'],
    ['em 10 dias', '2026-12-02'],
    ['pra daqui a uma semana', '2026-11-29'],
    ['pra daqui a duas semanas', '2026-12-06'],
    ['pra daqui a um mês', '2026-12-22'],
  ])('"%s" is %s', (when, iso) => {
    expect(dueDate(when)).toBe(iso);
  });

  it.each([
    ['a vague week', 'pra semana que vem'],
    ['a vague month', 'pro mês que vem'],
    ['a weekday of a week whose start is ambiguous', 'pra sexta da semana que vem'],
  ])('gives no date for %s', (_why, when) => {
    expect(dueDate(when)).toBeUndefined();
  });

  it('reads a weekday of next week said Monday to Saturday: those days are the same whichever day a week starts', () => {
    const wednesday = '2026-11-25T15:30:00-03:00';
    expect(dueDate('vencendo na segunda da semana que vem', wednesday)).toBe('2026-11-30');
    expect(dueDate('pra sexta da próxima semana', wednesday)).toBe('2026-12-04');
    expect(dueDate('pra sábado da semana que vem', '2026-11-28T09:00:00-03:00')).toBe('2026-12-05');
    // Its Sunday is either end of that week: asked.
    expect(dueDate('pra domingo da semana que vem', wednesday)).toBeUndefined();
  });

  it('keeps a day that does not exist as written, for Gate 3 to say the date is invalid', () => {
    expect(dueDate('pra 30/02')).toBe('2027-02-30');
    expect(dueDate('pra 31/11/2026')).toBe('2026-11-31');
  });

  it('reads a day and month already past this year as next year (a due date is ahead)', () => {
    expect(dueDate('pra 10/11')).toBe('2027-11-10');
    expect(dueDate('pra 10 de novembro')).toBe('2027-11-10');
  });

  it('reads "<weekday> passada" as the last one, any other weekday as the next one', () => {
    expect(dueDate('que venceu sexta passada')).toBe('2026-11-20');
    expect(dueDate('pra sexta que vem')).toBe('2026-11-27');
  });

  it('reads a bare weekday said on that weekday as next week', () => {
    const friday = '2026-11-27T09:00:00-03:00';
    expect(dueDate('pra sexta', friday)).toBe('2026-12-04');
  });

  it('rolls "dia N" and dd/mm over the year end', () => {
    const monday = '2026-12-28T09:00:00-03:00';
    expect(dueDate('pra dia 5', monday)).toBe('2027-01-05');
    expect(dueDate('pra 05/01', monday)).toBe('2027-01-05');
    expect(dueDate('pra sexta', monday)).toBe('2027-01-01');
    expect(dueDate('pra daqui a 5 dias', monday)).toBe('2027-01-02');
  });

  it('skips months that lack the day', () => {
    const february = '2026-02-10T08:00:00-03:00';
    expect(dueDate('pra dia 30', february)).toBe('2026-03-30');
    expect(dueDate('pro fim do mês', february)).toBe('2026-02-28');
  });

  describe('time zone', () => {
    // 23:30 on 31 May in São Paulo is already 1 June in UTC.
    const lateNight = '2026-05-31T23:30:00-03:00';

    it('resolves relative days in the tenant zone, not in UTC', () => {
      expect(dueDate('pra hoje', lateNight)).toBe('2026-05-31');
      expect(dueDate('pra amanhã', lateNight)).toBe('2026-06-01');
      expect(dueDate('pro fim do mês', lateNight)).toBe('2026-05-31');
    });

    it('gives another day for the same instant in another zone', () => {
      expect(dueDate('pra hoje', lateNight, 'UTC')).toBe('2026-06-01');
      expect(dueDate('pra hoje', lateNight, 'Asia/Tokyo')).toBe('2026-06-01');
    });
  });

  it('reports two different dates as a conflict', () => {
    const result = ptBrUnderstander.understand('cria um boleto de 150 pro João pra dia 10 ou dia 15', {
      locale: 'pt-BR',
      now: new Date(SUNDAY),
      timeZone: 'America/Sao_Paulo',
    });
    expect(result.entities.due_date).toBeUndefined();
    expect(result.conflicts).toEqual([{ field: 'due_date', values: ['2026-12-10', '2026-12-15'] }]);
  });
});

describe('pt-BR: a date after a past due word is behind (now: Friday 2027-01-08)', () => {
  const listed = (text: string) =>
    ptBrUnderstander.understand(text, {
      locale: 'pt-BR',
      now: new Date('2027-01-08T09:00:00-03:00'),
      timeZone: 'America/Sao_Paulo',
    }).entities.due_date;

  it.each([
    ['quais boletos venceram dia 5 de janeiro?', '2027-01-05'],
    ['quais venceram dia 5?', '2027-01-05'],
    ['quais boletos venceram em 20/12?', '2026-12-20'],
    ['o que venceu quarta?', '2027-01-06'],
    ['quais vencem dia 5 de janeiro?', '2028-01-05'],
    ['quais vencem quarta?', '2027-01-13'],
  ])('"%s" -> %s', (text, iso) => {
    expect(listed(text)).toBe(iso);
  });
});

describe('pt-BR: the due date of a new boleto among other days (now: Sunday 2026-11-22)', () => {
  const read = (text: string, now = SUNDAY) =>
    ptBrUnderstander.understand(text, { locale: 'pt-BR', now: new Date(now), timeZone: 'America/Sao_Paulo' });

  it.each([
    ['gera boleto pro Caio de 500 dia 15... nao pera, dia 18', '2026-12-18'],
    [
      'gera um boleto pro Jorge de 95 reais pro fim do mes, não, melhor pro dia 5 do mês que vem',
      '2026-12-05',
    ],
  ])('a day taken back by more than one word: "%s" -> %s', (text, iso) => {
    expect(read(text).entities.due_date).toBe(iso);
  });

  it('"mês que vem dia 10" is next month\'s 10th even when this month\'s is still ahead', () => {
    expect(
      read('boleto de 2.600 pra Clínica Sorriso mês que vem dia 10', '2027-01-08T09:00:00-03:00').entities
        .due_date,
    ).toBe('2027-02-10');
  });

  it('a day already gone in the story is not the due date when another day is said', () => {
    const text =
      'a dona Marlene ficou de me pagar o que eu entreguei ontem, 640 reais, gera o boleto pra ela pra próxima quarta';
    expect(read(text).entities.due_date).toBe('2026-11-25');
  });

  it('a day already gone said alone stays, for Gate 3 to refuse', () => {
    expect(read('gera boleto de 100 pro João pra ontem').entities.due_date).toBe('2026-11-21');
  });
});
