import { todayIn } from '../../src/nlu/civil-date';
import { type Direction, findDateMentions } from '../../src/nlu/es-mx/date-mentions';
import { resolveDay, resolveMonth } from '../../src/nlu/es-mx/date-resolution';
import { foldSameLength } from '../../src/nlu/es-mx/fold';

const TZ = 'America/Mexico_City';
/** Sunday 2026-11-22, 10:00 in Mexico City. */
const SUNDAY = new Date('2026-11-22T10:00:00-06:00');

function day(text: string, direction: Direction, now = SUNDAY): string | undefined {
  const [mention] = findDateMentions(foldSameLength(text));
  return mention && resolveDay(mention, todayIn(now, TZ), direction);
}

function month(text: string, direction: Direction, now = SUNDAY): string | undefined {
  const [mention] = findDateMentions(foldSameLength(text));
  return mention && resolveMonth(mention, todayIn(now, TZ), direction);
}

describe('es-MX dates for a spending (looking back), on Sunday 2026-11-22', () => {
  it.each([
    ['hoy', '2026-11-22'],
    ['ayer', '2026-11-21'],
    ['antier', '2026-11-20'],
    ['anteayer', '2026-11-20'],
    ['antes de ayer', '2026-11-20'],
    ['el viernes', '2026-11-20'],
    ['este viernes', '2026-11-20'],
    ['el sábado', '2026-11-21'],
    ['el sabado', '2026-11-21'],
    ['el domingo', '2026-11-15'],
    ['el lunes pasado', '2026-11-16'],
    ['el 15', '2026-11-15'],
    ['el 22', '2026-11-22'],
    ['el 25', '2026-10-25'],
    ['el día 31', '2026-10-31'],
    ['el 1ro', '2026-11-01'],
    ['el quince', '2026-11-15'],
    ['15 de octubre', '2026-10-15'],
    ['el 15 de octubre', '2026-10-15'],
    ['15/10', '2026-10-15'],
    ['3 de diciembre', '2025-12-03'],
    ['el doce de diciembre', '2025-12-12'],
    ['15 de octubre del 2025', '2025-10-15'],
    ['3 de nov de 2025', '2025-11-03'],
    ['30/11/2026', '2026-11-30'],
    ['hace 3 días', '2026-11-19'],
    ['hace una semana', '2026-11-15'],
    ['el próximo viernes', '2026-11-27'],
  ])('%s -> %s', (text, iso) => {
    expect(day(text, 'past')).toBe(iso);
  });
});

describe('es-MX dates for a planned purchase (looking ahead), on Sunday 2026-11-22', () => {
  it.each([
    ['este viernes', '2026-11-27'],
    ['el viernes', '2026-11-27'],
    ['el próximo viernes', '2026-11-27'],
    ['el viernes que viene', '2026-11-27'],
    ['el sábado', '2026-11-28'],
    ['el domingo', '2026-11-29'],
    ['mañana', '2026-11-23'],
    ['pasado mañana', '2026-11-24'],
    ['el 15', '2026-12-15'],
    ['el 22', '2026-11-22'],
    ['el 30', '2026-11-30'],
    ['3 de diciembre', '2026-12-03'],
    ['el viernes pasado', '2026-11-20'],
  ])('%s -> %s', (text, iso) => {
    expect(day(text, 'future')).toBe(iso);
  });
});

describe('es-MX dates: clock and calendar edges', () => {
  it('reads "hoy" in the tenant zone, not in UTC', () => {
    // 05:30 UTC on the 23rd is still 23:30 on the 22nd in Mexico City.
    const lateSunday = new Date('2026-11-23T05:30:00Z');
    expect(day('hoy', 'past', lateSunday)).toBe('2026-11-22');
    expect(day('ayer', 'past', lateSunday)).toBe('2026-11-21');
  });

  it('skips months that lack the day', () => {
    const monday = new Date('2026-03-02T21:30:00-06:00');
    expect(day('el 31', 'past', monday)).toBe('2026-01-31');
    expect(day('el 30', 'future', new Date('2026-01-31T12:00:00-06:00'))).toBe('2026-03-30');
  });

  it('reads "hoy" from the message\'s moment, never from the machine\'s clock', () => {
    // "setecientos" wakes the calendar-date parser, which once read "hoy en la mañana" as a
    // certain day taken from the system clock.
    const text = 'hoy en la mañana cargué gasolina, fueron setecientos';
    expect(day(text, 'past', new Date('2025-03-10T12:00:00-06:00'))).toBe('2025-03-10');
  });

  it('reads "el viernes 20" as the 20th, not as 20 pesos', () => {
    expect(day('el viernes 20 me gasté 400', 'past')).toBe('2026-11-20');
    expect(findDateMentions(foldSameLength('el viernes 20 mil'))).toEqual([
      expect.objectContaining({ kind: 'weekday' }),
    ]);
  });

  it('reads "al 12" after a payment day as the 12th', () => {
    expect(findDateMentions(foldSameLength('cambia el día de pago de la tarjeta HSBC al 12'))).toEqual([
      expect.objectContaining({ kind: 'day-of-month', day: 12 }),
    ]);
    expect(findDateMentions(foldSameLength('sube mi presupuesto al 12 mil'))).toEqual([]);
  });

  it('does not take a time of the day for tomorrow', () => {
    expect(day('en la mañana', 'past')).toBeUndefined();
    expect(day('ayer en la mañana', 'past')).toBe('2026-11-21');
    expect(day('esta mañana', 'past')).toBe('2026-11-22');
  });
});

describe('es-MX months', () => {
  it.each([
    ['este mes', 'past', '2026-11'],
    ['resumen del mes', 'past', '2026-11'],
    ['el mes pasado', 'past', '2026-10'],
    ['el próximo mes', 'future', '2026-12'],
    ['octubre', 'past', '2026-10'],
    ['noviembre', 'past', '2026-11'],
    ['diciembre', 'past', '2025-12'],
    ['diciembre', 'future', '2026-12'],
    ['enero', 'future', '2027-01'],
    ['octubre del 2025', 'past', '2025-10'],
    ['octubre del año pasado', 'past', '2025-10'],
    ['diciembre del año pasado', 'past', '2025-12'],
    ['marzo de este año', 'past', '2026-03'],
    ['febrero del año que viene', 'future', '2027-02'],
    // As people misspell them.
    ['otubre', 'past', '2026-10'],
    ['novienbre del año pasado', 'past', '2025-11'],
  ] as const)('%s (%s) -> %s', (text, direction, yyyyMm) => {
    expect(month(text, direction)).toBe(yyyyMm);
  });

  it('"al mes" is a rate, not a month', () => {
    expect(findDateMentions('5 mil al mes')).toEqual([]);
  });
});
