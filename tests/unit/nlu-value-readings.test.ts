import { boletosUnderstander } from '../../src/domains/boletos/understanding';
import { financeUnderstander } from '../../src/domains/finance/understanding';

const boleto = (text: string, now = '2026-11-22T10:00:00-03:00') =>
  boletosUnderstander.understand(text, { locale: 'pt-BR', now: new Date(now), timeZone: 'America/Sao_Paulo' })
    .entities;
const finance = (text: string) =>
  financeUnderstander.understand(text, {
    locale: 'es-MX',
    now: new Date('2026-11-22T10:00:00-06:00'),
    timeZone: 'America/Mexico_City',
  }).entities;

describe('pt-BR values people say', () => {
  it.each([
    ['monta um boleto de dois mil e meio pro Henrique, vence 10 de dezembro', 250_000],
    ['me faz um boleto de mil e meio pro Diego, vence dia 4', 150_000],
    ['boleto de 2 mil e meio pro Diego', 250_000],
    ['boleto de um milhão e meio pro Diego', 150_000_000],
    ['boleto de trinta e meio pro Diego', 3_050],
  ])('"e meio" is half of what was said: %s', (text, cents) => {
    expect(boleto(text).amount_cents).toBe(cents);
  });

  it('a phone number ending its clause is never an amount', () => {
    expect(boleto('boleto de 890 pro Eduardo, o zap dele é (11) 98765-4321, vence dia 2')).toMatchObject({
      amount_cents: 89_000,
      due_date: '2026-12-02',
    });
  });

  it('"semana que vem na sexta" is next week\'s Friday (asked when said on a Sunday)', () => {
    const text = 'boleto de R$ 2.400 pra Marmoraria Pedra Fina, vencimento semana que vem na sexta';
    expect(boleto(text, '2026-11-24T10:00:00-03:00').due_date).toBe('2026-12-04');
    expect(boleto(text).due_date).toBeUndefined();
  });

  it('an old value, a discount and the parts of a total give way to what is charged', () => {
    expect(
      boleto('o último boleto da Bianca foi de 380, esse agora vai ser de 410, pra dia 29').amount_cents,
    ).toBe(41_000);
    expect(
      boleto('Preciso cobrar a Padaria Estrela: 15 bolos de 60, deu R$ 900,00 no total. Vencimento dia 31.')
        .amount_cents,
    ).toBe(90_000);
    // An instalment beside the whole: which one is the person's to say (asked).
    expect(
      boleto(
        'o tratamento do Sr. Otávio ficou em 2.400, em quatro parcelas de seiscentos reais. gera o boleto da primeira',
      ).amount_cents,
    ).toBeUndefined();
  });

  it('"último dia útil do mês" is the month\'s last business day', () => {
    const text = 'gera um boleto de 590 pra Distribuidora Bom Preço vencimento último dia útil do mês';
    expect(boleto(text, '2027-01-08T09:00:00-03:00').due_date).toBe('2027-01-29');
  });
});

describe('es-MX values people say', () => {
  it('a new value takes the role of the one it replaces', () => {
    expect(finance('el pago minimo de la Banamex ya no es 900, ahora es 1,150')).toMatchObject({
      minimum_payment_mxn_cents: 115_000,
    });
    expect(
      finance('el pago minimo de la Banamex ya no es 900, ahora es 1,150').balance_mxn_cents,
    ).toBeUndefined();
  });

  it("the day a debt was paid off and a statement's cut-off day are no due day", () => {
    expect(finance('ya liquidé la tarjeta Nu el 5 🎉').due_day).toBeUndefined();
    expect(
      finance(
        'mi tarjeta BBVA terminacion 4821: debo 12,300, pago minimo 650, corta el 3 y la fecha limite es el 23',
      ).due_day,
    ).toBe(23);
  });

  it('a balance below zero said in words is never read as the positive amount', () => {
    expect(finance('estoy sobregirado 500 en la cuenta de nómina').balance_mxn_cents).toBeUndefined();
    expect(finance('mi cuenta está en negativo, 850 pesos abajo').balance_mxn_cents).toBeUndefined();
    expect(finance('ando en numeros rojos por 2 mil, me alcanza pa unos tenis de 1,100?')).toMatchObject({
      amount_mxn_cents: 110_000,
    });
    expect(
      finance('ando en numeros rojos por 2 mil, me alcanza pa unos tenis de 1,100?').balance_mxn_cents,
    ).toBeUndefined();
  });

  it('change handed back is never what was spent; "o sea" says what it came to', () => {
    expect(
      finance('pagué el taxi con un billete de 200 y me regresaron 45 de cambio').amount_mxn_cents,
    ).toBeUndefined();
    expect(
      finance('la cuenta fue de 1,600 entre 4, a mí me tocaron 400 más 60 de propina, o sea 460. anótalo')
        .amount_mxn_cents,
    ).toBe(46_000);
  });

  it('a day taken back gives way to the one after it', () => {
    expect(finance('ayer pagué 250 de uber, no espera, fue antier').date_iso).toBe('2026-11-20');
    expect(finance('este eh ayer no perdón el lunes pagué la luz fueron 430 pesos').date_iso).toBe(
      '2026-11-16',
    );
  });

  it('"1 millón 200 mil" is one amount', () => {
    expect(finance('tengo 1 millon 200 mil en el banco').balance_mxn_cents).toBe(120_000_000);
  });
});
