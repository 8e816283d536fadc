import { analyse } from '../../src/domains/finance/understanding/es-mx/analysis';
import { parseDigitsToCents } from '../../src/nlu/es-mx/money';

/** Cents of every amount the es-MX rules find in `text`, after dates and days are set aside. */
const amountsIn = (text: string): number[] => analyse(text).money.map((mention) => mention.cents);

describe('es-MX money: numbers as Mexicans write them', () => {
  it.each([
    ['250', 25_000],
    ['1,200.50', 120_050],
    ['23,450', 2_345_000],
    ['87.50', 8_750],
    ['87,50', 8_750],
    ['1.500', 150_000],
    ['12.345.678', 1_234_567_800],
  ])('%s is %i cents', (text, cents) => {
    expect(parseDigitsToCents(text)).toBe(cents);
  });

  it.each(['1,2,3', '1.2.3', '12,34,567', '1.234,5'])('%s is not a number of money', (text) => {
    expect(parseDigitsToCents(text)).toBeUndefined();
  });
});

describe('es-MX money: amounts in messages', () => {
  it.each([
    ['gasté $250', [25_000]],
    ['gasté $ 1,050 en caseta', [105_000]],
    ['250 pesos', [25_000]],
    ['pagué 1,200.50', [120_050]],
    ['mil doscientos', [120_000]],
    ['2 mil', [200_000]],
    ['2mil en gasolina', [200_000]],
    ['3.5 mil', [350_000]],
    ['3,5 mil', [350_000]],
    ['1.5k', [150_000]],
    ['quinientos varos', [50_000]],
    ['500 baros', [50_000]],
    ['doscientos cincuenta', [25_000]],
    ['treinta y cinco pesos', [3_500]],
    ['doce mil quinientos', [1_250_000]],
    ['mil quinientos pesos con cincuenta centavos', [150_050]],
    ['3 mil 500', [350_000]],
    ['dos mil 500', [250_000]],
    ['2 mil quinientos', [250_000]],
    ['un millón y medio', [150_000_000]],
    ['450 mil', [45_000_000]],
    ['gasté como dosientos en uber', [20_000]],
    ['gasté 2 mil en el súper y 300 en uber', [200_000, 30_000]],
    ['un carro de medio millón', [50_000_000]],
    ['gasté 1,000 a las 8:30 de la mañana', [100_000]],
    ['un iphone 15 de 19,999', [1_999_900]],
    ['hice una recarga de 200 al 5534128890 ayer', [20_000]],
    ['gasté entre 500 y 600 en la cena', [50_000, 60_000]],
    ['la cuenta fueron 1,800 entre 4 y a mí me tocó pagar 450', [45_000]],
  ])('%s', (text, cents) => {
    expect(amountsIn(text)).toEqual(cents);
  });

  it.each([
    ['pago el 15', 'a day of the month'],
    ['el 15 de octubre', 'a calendar date'],
    ['gasté en soriana el 15/10', 'a numeric date'],
    ['a las 3 en el súper', 'a time of day'],
    ['a 12 meses sin intereses', 'a count of months'],
    ['hace 3 días', 'a count of days'],
    ['compré 2 boletos', 'a count of things'],
    ['un café', 'an article'],
    ['el 1ro', 'an ordinal day'],
    ['el 15% de mi sueldo', 'a percentage'],
    ['el 2x1', 'a promotion code'],
    ['terminación 1234', 'a card number'],
    ['mil y pico', 'an amount nobody said exactly'],
    ['se me fueron 2 mil 300 y pico', 'hundreds and some more, not how much'],
    ['apunta trescientos y pico de farmacia', 'hundreds in words and some more'],
    ['fueron 600 entre 3, anota mi parte', 'a total shared by three people'],
    ['a las 18:45', 'a time written with a colon'],
    ['octubre del 2025', 'a year'],
    ['una pantalla a 12 msi', 'months without interest'],
  ])('%s holds no amount (%s)', (text) => {
    expect(amountsIn(text)).toEqual([]);
  });
});
