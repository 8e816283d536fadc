import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';

const SUNDAY = new Date('2026-11-22T10:00:00-03:00');
const readPatch = (text: string, expected: readonly string[]) =>
  ptBrUnderstander.readPatch(text, { locale: 'pt-BR', now: SUNDAY, timeZone: 'America/Sao_Paulo', expected });

describe('pt-BR patch reading (answers to a clarification question)', () => {
  it.each([
    ['150', 15_000],
    ['R$ 150,00', 15_000],
    ['150 reais', 15_000],
    ['cento e cinquenta', 15_000],
    ['1,5 mil', 150_000],
    ['é 150', 15_000],
  ])('reads "%s" as the amount asked for', (text, cents) => {
    expect(readPatch(text, ['amount_cents'])).toEqual({ entities: { amount_cents: cents } });
  });

  it.each([
    ['dia 10', '2026-12-10'],
    ['amanhã', '2026-11-23'],
    ['sexta', '2026-11-27'],
    ['10/12', '2026-12-10'],
    ['15', '2026-12-15'],
  ])('reads "%s" as the due date asked for', (text, iso) => {
    expect(readPatch(text, ['due_date'])).toEqual({ entities: { due_date: iso } });
  });

  it('does not read "dia 10" as an amount', () => {
    expect(readPatch('dia 10', ['amount_cents'])).toEqual({ entities: {} });
  });

  it.each([
    ['o João Silva', 'João Silva'],
    ['joão', 'joão'],
    ['João', 'João'],
    ['é pro joão', 'joão'],
    ['pra Maria Souza.', 'Maria Souza'],
    ['Dona Cida', 'Cida'],
  ])('reads "%s" as the contact asked for', (text, name) => {
    expect(readPatch(text, ['contact_name'])).toEqual({ entities: { contact_name: name } });
  });

  it.each(['150', 'sim', 'amanhã', 'não sei'])('does not take "%s" for a name', (text) => {
    expect(readPatch(text, ['contact_name'])).toEqual({ entities: {} });
  });

  it.each([
    ['o 45', 45],
    ['45', 45],
    ['#45', 45],
    ['boleto 45', 45],
    ['número quarenta e cinco', 45],
  ])('reads "%s" as the boleto number asked for', (text, id) => {
    expect(readPatch(text, ['boleto_id'])).toEqual({ entities: { boleto_id: id } });
  });

  it('reads a bare number as neither when both an amount and a boleto number were asked', () => {
    expect(readPatch('45', ['amount_cents', 'boleto_id'])).toEqual({ entities: {} });
    expect(readPatch('R$ 45', ['amount_cents', 'boleto_id'])).toEqual({ entities: { amount_cents: 4_500 } });
  });

  it('takes the whole reply as the message text asked for', () => {
    expect(readPatch('o boleto vence amanhã, não esquece!', ['message_content'])).toEqual({
      entities: { message_content: 'o boleto vence amanhã, não esquece!' },
    });
  });

  it('reads several asked fields at once', () => {
    expect(readPatch('150 pro João pra sexta', ['amount_cents', 'contact_name', 'due_date'])).toEqual({
      entities: { amount_cents: 15_000, contact_name: 'João', due_date: '2026-11-27' },
    });
  });

  it('returns only the fields that were asked, even from a full new request', () => {
    expect(readPatch('cria um boleto de 200 reais pro Pedro pra amanhã', ['due_date'])).toEqual({
      entities: { due_date: '2026-11-23' },
    });
  });

  it('reports competing values of an asked field as a conflict', () => {
    expect(readPatch('100 ou 150', ['amount_cents'])).toEqual({
      entities: {},
      conflicts: [{ field: 'amount_cents', values: [10_000, 15_000] }],
    });
    expect(readPatch('dia 10 ou dia 15', ['due_date'])).toEqual({
      entities: {},
      conflicts: [{ field: 'due_date', values: ['2026-12-10', '2026-12-15'] }],
    });
  });

  it('ignores conflicts in fields that were not asked', () => {
    expect(readPatch('100 ou 150 pro João', ['contact_name'])).toEqual({
      entities: { contact_name: 'João' },
    });
  });
});
