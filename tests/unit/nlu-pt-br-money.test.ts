import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';
import { parseCents } from '../../src/nlu/pt-br/money';

const ctx = {
  locale: 'pt-BR' as const,
  now: new Date('2026-11-22T10:00:00-03:00'),
  timeZone: 'America/Sao_Paulo',
};
const understand = (text: string) => ptBrUnderstander.understand(text, ctx);
const amountOf = (text: string): number | string | undefined => understand(text).entities.amount_cents;

describe('pt-BR money', () => {
  it.each([
    ['R$ 1.500,00', 150_000],
    ['R$150', 15_000],
    ['R $ 80', 8_000],
    ['1500 reais', 150_000],
    ['1.500', 150_000],
    ['150,50', 15_050],
    ['150.50', 15_050],
    ['1,500', 150_000],
    ['1,5 mil', 150_000],
    ['2 mil', 200_000],
    ['2 mil e 500', 250_000],
    ['15k', 1_500_000],
    ['1.5k', 150_000],
    ['mil reais', 100_000],
    ['mil e quinhentos reais', 150_000],
    ['dois mil e quinhentos reais', 250_000],
    ['cento e cinquenta reais', 15_000],
    ['cento e cinquenta', 15_000],
    ['duzentos e trinta e cinco reais e cinquenta centavos', 23_550],
    ['vinte reais e cinquenta', 2_050],
    ['cinquenta centavos', 50],
    ['um real', 100],
    ['dez mil reais', 1_000_000],
    ['150 conto', 15_000],
    ['cem pila', 10_000],
    ['120 pau', 12_000],
  ])('reads "cria um boleto de %s pro João" as %i cents', (words, cents) => {
    expect(amountOf(`cria um boleto de ${words} pro João`)).toBe(cents);
  });

  it('reads no amount in an ordinal ("a 1a parcela", "2ª via")', () => {
    expect(understand('faz um boleto de 2,5k pra Bruna, é a 1a parcela da mesa').entities).toMatchObject({
      amount_cents: 250_000,
    });
    expect(amountOf('gera boleto de 300 pra Ana, 2ª parcela')).toBe(30_000);
    expect(amountOf('gera o boleto da 3º parcela pra Ana')).toBeUndefined();
  });

  it('reads a number after "boleto" as the amount when creating', () => {
    expect(amountOf('cria boleto 150 pro João')).toBe(15_000);
  });

  it.each([
    ['a day of month is a date, not money', 'cria um boleto pro João pra dia 10'],
    ['a dd/mm date is not money', 'cria um boleto pro João pra 10/12'],
    ['a clock time is not money', 'cria um boleto pro João pra amanhã às 10h'],
    ['a count of boletos is not money', 'cria 2 boletos pro João'],
    ['an article is not money', 'cria um boleto pro João'],
    ['a boleto number is not money when cancelling', 'cancela o boleto 123'],
    ['days from now are not money', 'cria um boleto pro João pra daqui a 5 dias'],
  ])('%s', (_why, text) => {
    expect(amountOf(text)).toBeUndefined();
  });

  it('never reads an amount in a message to send', () => {
    const result = understand('avisa a Juliana que o boleto de 300 reais vence dia 10');
    expect(result.entities.amount_cents).toBeUndefined();
    expect(result.entities.due_date).toBeUndefined();
  });

  it('reports two different amounts as a conflict instead of choosing', () => {
    const result = understand('cria um boleto de 100 ou 150 pro João pra sexta');
    expect(result.entities.amount_cents).toBeUndefined();
    expect(result.conflicts).toEqual([{ field: 'amount_cents', values: [10_000, 15_000] }]);
  });

  it('does not call the same amount said twice a conflict', () => {
    const result = understand('cria um boleto de R$ 150 pro João, 150 reais');
    expect(result.entities.amount_cents).toBe(15_000);
    expect(result.conflicts).toBeUndefined();
  });

  describe('parseCents', () => {
    it.each([
      ['1.500,00', 150_000],
      ['1.234.567,89', 123_456_789],
      ['150,5', 15_050],
      ['0,99', 99],
      ['42', 4_200],
    ])('parses %s', (text, cents) => {
      expect(parseCents(text)).toBe(cents);
    });

    it.each(['10.12.2026', '1.50.0', '1,2,3'])('rejects %s', (text) => {
      expect(parseCents(text)).toBeUndefined();
    });
  });
});
