import { boletosUnderstander } from '../../src/domains/boletos/understanding';

/** Read on Tuesday 24 November 2026, São Paulo. */
const read = (text: string, now = '2026-11-24T10:00:00-03:00') =>
  boletosUnderstander.understand(text, {
    locale: 'pt-BR',
    now: new Date(now),
    timeZone: 'America/Sao_Paulo',
  });

describe('pt-BR lists asked by a stretch of due dates', () => {
  it.each([
    ['o que vence essa semana?', { due_from: '2026-11-23', due_until: '2026-11-29' }],
    ['quais vencem semana que vem', { due_from: '2026-11-30', due_until: '2026-12-06' }],
    ['quais vencem esse mês', { due_from: '2026-11-01', due_until: '2026-11-30' }],
    ['lista os boletos do mês passado', { due_from: '2026-10-01', due_until: '2026-10-31' }],
    ['qais vencem ate o fim do mes?', { due_from: '2026-11-24', due_until: '2026-11-30' }],
    ['o que vence até sexta?', { due_from: '2026-11-24', due_until: '2026-11-27' }],
    ['quais vencem nos próximos 7 dias', { due_from: '2026-11-24', due_until: '2026-12-01' }],
    ['boletos de dezembro', { due_from: '2026-12-01', due_until: '2026-12-31' }],
    ['quais venceram em outubro?', { due_from: '2026-10-01', due_until: '2026-10-31' }],
    ['quais vencem em maio?', { due_from: '2027-05-01', due_until: '2027-05-31' }],
    ['o que venceu até ontem?', { due_until: '2026-11-23' }],
  ])('%s', (text, window) => {
    const out = read(text);
    expect(out.intent).toBe('LIST_BOLETOS');
    expect(out.entities).toMatchObject(window);
    expect(out.entities.due_date).toBeUndefined();
  });

  it('one day stays one day, and a stretch is never read into a new boleto', () => {
    expect(read('quais boletos vencem amanhã?').entities).toEqual({ due_date: '2026-11-25' });
    expect(read('quais boletos venceram ontem?').entities).toEqual({ due_date: '2026-11-23' });
    expect(read('gera boleto de 100 pro João pra sexta da semana que vem').entities).toMatchObject({
      due_date: '2026-12-04',
    });
    expect(
      read('gera boleto de 100 pro João pra sexta da semana que vem').entities.due_until,
    ).toBeUndefined();
  });

  it('a habit told beside a list is not its filter', () => {
    expect(read('lista meus boletos, ah e eu sempre uso vencimento no dia 10').entities).toEqual({});
  });

  it('said on a Sunday, "essa semana" is the week ahead', () => {
    expect(read('o que vence essa semana?', '2026-11-22T10:00:00-03:00').entities).toMatchObject({
      due_from: '2026-11-22',
      due_until: '2026-11-29',
    });
  });
});

describe('a day the coming month does not have', () => {
  it('"29/02" said in January 2027 is February 2027\'s, impossible (Gate 3 refuses it), not 2028\'s', () => {
    expect(
      read('emite boleto de 3 mil pro Pedro pro dia 29/02', '2027-01-08T09:00:00-03:00').entities.due_date,
    ).toBe('2027-02-29');
    expect(
      read('emite boleto de 3 mil pro Pedro pro dia 29/02', '2027-11-08T09:00:00-03:00').entities.due_date,
    ).toBe('2028-02-29');
  });
});
