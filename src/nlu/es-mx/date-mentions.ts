import * as chrono from 'chrono-node';

import { isNumberWord, parseNumberWords } from './number-words';
import { matchAll, overlapsAny, type Span } from './spans';

/**
 * What a piece of the text says about time, before it is resolved against a clock. Finding is
 * separate from resolving because the same words point different ways by intent: "el viernes"
 * is the last Friday for a spending, the next one for a planned purchase.
 */
export type DateMention = Span &
  (
    | { kind: 'relative-day'; offsetDays: number }
    | { kind: 'weekday'; weekday: number; lean?: Direction }
    | { kind: 'day-of-month'; day: number }
    | { kind: 'calendar'; day: number; month: number; year?: number }
    | { kind: 'month'; month: number; year?: number; yearOffset?: number }
    | { kind: 'relative-month'; offsetMonths: number }
    | { kind: 'time' }
  );

export type Direction = 'past' | 'future';

const MONTHS =
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');
/** Misspellings people type for a month (a query for "otubre" asks about October). */
const MISSPELT_MONTHS: Record<string, number> = { otubre: 10, novienbre: 11, dicienbre: 12, febero: 2 };
const MONTH_NAME = `${MONTHS.join('|')}|setiembre|${Object.keys(MISSPELT_MONTHS).join('|')}`;
/** After a day ("el 31 de nov"), a month may be abbreviated; alone, "mar" or "may" are other words. */
const MONTH_AFTER_DAY = `${MONTH_NAME}|ene|feb|mar|abr|may|jun|jul|ago|sept|sep|set|oct|nov|dic`;
const WEEKDAYS = 'domingo lunes martes miercoles jueves viernes sabado'.split(' ');

const LEAN_PAST = 'pasado|anterior';
const LEAN_FUTURE = 'proximo|siguiente|que viene|que entra';
const LEANS_PAST = new RegExp(`\\b(?:${LEAN_PAST})\\b`);
const LEANS_FUTURE = new RegExp(`\\b(?:${LEAN_FUTURE})\\b`);

/** Cheap test that spares chrono's ~30 µs on the many messages that hold no calendar date. */
const MAY_HOLD_CALENDAR_DATE =
  /\d{1,2}\s*[/-]\s*\d{1,2}|\b(?:ene|feb|mar|abr|may|jun|jul|ago|sep|set|oct|nov|dic)/;

const RELATIVE_DAYS: Array<[RegExp, number]> = [
  [/\b(?:antes de ayer|antier|anteayer|antiayer)\b/g, -2],
  [/\b(?:ayer|anoche)\b/g, -1],
  [/\b(?:hoy|esta manana|esta tarde|esta noche)\b/g, 0],
  [/\bpasado manana\b/g, 2],
  // "en la mañana", "por la mañana", "ayer en la mañana" are a time of day, not tomorrow.
  [/(?<!\b(?:la|las|una|esta|esas?)\s)\bmanana\b/g, 1],
];
const DAYS_AGO = /\bhace\s+([a-z]+|\d{1,2})\s+(dias?|semanas?)\b/g;
/**
 * A weekday in a wish or a habit is no date: "que tenga bonito domingo", "feliz viernes",
 * "disculpe la molestia en domingo", "cada lunes", "los domingos".
 */
const NOT_A_DAY_BEFORE =
  '(?<!\\b(?:feliz|buen|bonito|bonita|lindo|linda|bendecido|bendecida|excelente|hermoso|hermosa|gran|cada|los|todos los|molestia en|en pleno)\\s+)';
const WEEKDAY = new RegExp(
  `${NOT_A_DAY_BEFORE}\\b(?:(el|este|esta|el proximo|el siguiente|este proximo|proximo)\\s+)?(${WEEKDAYS.join('|')})` +
    `(?:\\s+(${LEAN_PAST}|${LEAN_FUTURE}))?\\b`,
  'g',
);
/**
 * "el 15", "el día 15", "del 3 de diciembre", "los 15", "cada 15", "cada día 15", "día de pago 8", "el 1ro", "el quince". Spelled
 * days need "el"/"día" before them: "los dos" and "cada dos" count things.
 */
const DAY_OF_MONTH = new RegExp(
  '\\b(?:((?:dia|fecha) de pago\\s+(?:es\\s+)?(?:el\\s+)?(?:dia\\s+)?|el\\s+(?:dia\\s+)?|dia\\s+' +
    // "la colegiatura del 31 de noviembre": "del" only before a day and its month.
    `|del\\s+(?=(?:dia\\s+)?\\d{1,2}\\s+de\\s+(?:${MONTH_AFTER_DAY})\\b)(?:dia\\s+)?)` +
    '|(?:los\\s+(?:dias\\s+)?|cada\\s+(?:dia\\s+)?))' +
    '(?:(\\d{1,2})(?:ro|ero|er|o|°|º)?|(primero|[a-z]+(?:\\s+y\\s+[a-z]+)?))' +
    `(?:\\s+de\\s+(${MONTH_AFTER_DAY})\\.?(?:\\s+(?:de|del)\\s+(\\d{4}))?)?` +
    // Not an amount or a code: "el 15%", "el 15 mil", "el 2x1".
    '(?![\\d/a-z]|[.,]\\d|\\s*(?:%|mil\\b|k\\b|pesos|varos|baros))',
  'g',
);
const RELATIVE_MONTHS: Array<[RegExp, number]> = [
  [new RegExp(`\\b(?:el\\s+)?mes\\s+(?:${LEAN_PAST})\\b`, 'g'), -1],
  [new RegExp(`\\b(?:el\\s+)?(?:proximo|siguiente)\\s+mes\\b|\\bmes\\s+(?:${LEAN_FUTURE})\\b`, 'g'), 1],
  [/\b(?:este|del|en el|en este) mes\b|\bmes (?:actual|en curso)\b/g, 0],
];
const MONTH = new RegExp(
  `\\b(${MONTH_NAME})(?:\\s+(?:de|del)\\s+(?:(\\d{4})|(?:el\\s+)?(ano pasado|este ano|ano que viene|proximo ano)))?\\b`,
  'g',
);
/** "octubre del año pasado": the year relative to today's. */
const RELATIVE_YEAR: Record<string, number> = {
  'ano pasado': -1,
  'este ano': 0,
  'ano que viene': 1,
  'proximo ano': 1,
};
/**
 * Earlier finders win overlaps: a time first ("a las 3" is no day), then written calendar dates
 * ("el 15 de octubre" is not "el 15"), relative days, weekdays, days of the month, months.
 */
const FINDERS: Array<(folded: string) => DateMention[]> = [
  findTimes,
  findCalendarDates,
  findRelativeDays,
  findDaysAgo,
  findWeekdaysWithDay,
  findDayMovedTo,
  findWeekdays,
  findDaysOfMonth,
  findRelativeMonths,
  findMonths,
];
const TIME = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|hrs?)\b|\b\d{1,2}:\d{2}\b|\blas\s+\d{1,2}\b/g;

/**
 * Every mention of a day, a month or a time of day in the folded text, without overlaps. chrono's
 * `es` parser reads the written calendar dates ("15 de octubre", "15/10", "3 de nov de 2025",
 * "1ro de noviembre"); everything it gets wrong in Mexican usage is written here: "antier",
 * "el 15", the direction of "el viernes", "el mes pasado", spelled days ("el doce de diciembre"),
 * "del 2025", and "hoy" in the tenant's zone (chrono takes no IANA zone).
 */
export function findDateMentions(folded: string): DateMention[] {
  const found: DateMention[] = [];
  for (const finder of FINDERS) {
    for (const mention of finder(folded)) if (!overlapsAny(mention, found)) found.push(mention);
  }
  return found.sort((a, b) => a.start - b.start);
}

function findTimes(folded: string): DateMention[] {
  return matchAll(TIME, folded).map(({ start, end }) => ({ kind: 'time', start, end }));
}

function findRelativeDays(folded: string): DateMention[] {
  return RELATIVE_DAYS.flatMap(([pattern, offsetDays]) =>
    matchAll(pattern, folded).map(({ start, end }): DateMention => ({
      kind: 'relative-day',
      offsetDays,
      start,
      end,
    })),
  );
}

function findRelativeMonths(folded: string): DateMention[] {
  return RELATIVE_MONTHS.flatMap(([pattern, offsetMonths]) =>
    matchAll(pattern, folded).map(({ start, end }): DateMention => ({
      kind: 'relative-month',
      offsetMonths,
      start,
      end,
    })),
  );
}

function findMonths(folded: string): DateMention[] {
  return matchAll(MONTH, folded).map(({ start, end, match }) => ({
    kind: 'month',
    month: monthNumber(match[1] as string),
    year: optionalNumber(match[2]),
    ...(match[3] === undefined ? {} : { yearOffset: RELATIVE_YEAR[match[3]] ?? 0 }),
    start,
    end,
  }));
}

function findCalendarDates(folded: string): DateMention[] {
  if (!MAY_HOLD_CALENDAR_DATE.test(folded)) return [];
  const mentions: DateMention[] = [];
  for (const result of chrono.es.parse(folded)) {
    // chrono also reads "hoy en la mañana" as a certain day, taken from the machine's clock,
    // not from the message's moment: only a written calendar date (digits or a month) is kept.
    if (!WRITTEN_CALENDAR_DATE.test(result.text)) continue;
    const known = result.start;
    const day = known.get('day');
    const month = known.get('month');
    if (!known.isCertain('day') || !known.isCertain('month') || day === null || month === null) continue;
    const start = result.index;
    let end = start + result.text.length;
    let year = known.isCertain('year') ? (known.get('year') ?? undefined) : undefined;
    // "el 15 de diciembre 18 mil 500": chrono takes "18" for 2018, but it begins the amount.
    const shortYear = /\s(\d{1,2})$/.exec(result.text);
    if (shortYear && AMOUNT_GOES_ON.test(folded.slice(end))) {
      year = undefined;
      end -= shortYear[0].length;
    }
    // chrono stops before "del 2025" (it reads "de 2025").
    const trailingYear = /^\s+del?\s+(\d{4})\b/.exec(folded.slice(end));
    if (year === undefined && trailingYear) {
      year = Number(trailingYear[1]);
      end += trailingYear[0].length;
    }
    mentions.push({ kind: 'calendar', day, month, year, start, end });
  }
  // chrono skips a day the calendar does not have ("31/02", and "31 de noviembre" with nothing
  // before it); it is still a date the person wrote, and an invalid one, which Gate 3 must say
  // rather than ask for a date.
  for (const [pattern, read] of DATES_CHRONO_SKIPS) {
    for (const { start, end, match } of matchAll(pattern, folded)) {
      if (mentions.some((m) => m.start < end && start < m.end)) continue;
      const date = read(match);
      if (date) mentions.push({ kind: 'calendar', ...date, start, end });
    }
  }
  return mentions.sort((a, b) => a.start - b.start);
}

/** What may follow a number that is the start of an amount, not a year: "18 mil", "25 pesos". */
const AMOUNT_GOES_ON = /^\s*(?:mil|k|millon|millones|lucas?|pesos|varos|baros|mxn)\b/;
const BARE_DAY_OF_NAMED_MONTH = new RegExp(
  `\\b(\\d{1,2})\\s+de\\s+(${MONTH_AFTER_DAY})\\b(?:\\s+del?\\s+(\\d{4})\\b)?`,
  'g',
);

const WRITTEN_CALENDAR_DATE = /\d|\b(?:ene|feb|mar|abr|may|jun|jul|ago|sep|set|oct|nov|dic)/;
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/g;

type WrittenDay = { day: number; month: number; year: number | undefined };
/** The written dates chrono may skip, each with how to read its day, month and year. */
const DATES_CHRONO_SKIPS: Array<[RegExp, (match: RegExpExecArray) => WrittenDay | undefined]> = [
  [
    NUMERIC_DATE,
    (match) => {
      const [day, month] = [Number(match[1]), Number(match[2])];
      if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
      const year =
        match[3] === undefined ? undefined : Number(match[3].length === 2 ? `20${match[3]}` : match[3]);
      return { day, month, year };
    },
  ],
  [
    BARE_DAY_OF_NAMED_MONTH,
    (match) => {
      const day = Number(match[1]);
      if (day < 1 || day > 31) return undefined;
      return { day, month: monthNumber(match[2] as string), year: optionalNumber(match[3]) };
    },
  ],
];

function findDaysAgo(folded: string): DateMention[] {
  const mentions: DateMention[] = [];
  for (const { start, end, match } of matchAll(DAYS_AGO, folded)) {
    const count = /^\d+$/.test(match[1] as string) ? Number(match[1]) : countWord(match[1] as string);
    if (count === undefined) continue;
    const unit = (match[2] as string).startsWith('semana') ? 7 : 1;
    mentions.push({ kind: 'relative-day', offsetDays: -count * unit, start, end });
  }
  return mentions;
}

function findWeekdays(folded: string): DateMention[] {
  return matchAll(WEEKDAY, folded).map(({ start, end, match }) => {
    const modifiers = `${match[1] ?? ''} ${match[3] ?? ''}`;
    const lean = LEANS_PAST.test(modifiers) ? 'past' : LEANS_FUTURE.test(modifiers) ? 'future' : undefined;
    return { kind: 'weekday', weekday: WEEKDAYS.indexOf(match[2] as string), lean, start, end };
  });
}

/**
 * "el viernes 20": the number is the day of the month (the weekday only confirms it), never an
 * amount.
 */
const WEEKDAY_WITH_DAY = new RegExp(
  `\\b(?:el\\s+)?(?:${WEEKDAYS.join('|')})\\s+(\\d{1,2})(?![\\d/a-z]|[.,]\\d|\\s*(?:%|mil\\b|k\\b|pesos|varos|baros))`,
  'g',
);

/**
 * "cambia el día de pago de la tarjeta al 12": after a payment or cut-off day, "al 12" is a day.
 * The look ahead for "al" comes first so the look back runs only where "al" stands.
 */
const DAY_MOVED_TO =
  /\b(?=al\s)(?<=\b(?:dia|fecha) (?:de |limite de )?(?:pago|corte|vencimiento)\b[^\d]{0,40})\bal\s+(?:dia\s+)?(\d{1,2})(?![\d/]|[.,]\d|\s*(?:%|mil\b|k\b|pesos))/g;

function findDayMovedTo(folded: string): DateMention[] {
  return matchAll(DAY_MOVED_TO, folded).flatMap(({ start, end, match }): DateMention[] => {
    const day = Number(match[1]);
    return day >= 1 && day <= 31 ? [{ kind: 'day-of-month', day, start, end }] : [];
  });
}

function findWeekdaysWithDay(folded: string): DateMention[] {
  const mentions: DateMention[] = [];
  for (const { start, end, match } of matchAll(WEEKDAY_WITH_DAY, folded)) {
    const day = Number(match[1]);
    if (day >= 1 && day <= 31) mentions.push({ kind: 'day-of-month', day, start, end });
  }
  return mentions;
}

function findDaysOfMonth(folded: string): DateMention[] {
  const mentions: DateMention[] = [];
  for (const { start, end, match } of matchAll(DAY_OF_MONTH, folded)) {
    const [, spelledAllowed, digits, words, monthName, year] = match;
    const day =
      digits !== undefined ? Number(digits) : spelledAllowed ? spelledDay(words as string) : undefined;
    if (day === undefined || day < 1 || day > 31) continue;
    // "los 3 roomies", "los 2 boletos": a number of things, not the 3rd of the month.
    if (monthName === undefined && /^los\s/.test(match[0]) && COUNTED_AFTER.test(folded.slice(end))) continue;
    if (monthName === undefined) {
      mentions.push({ kind: 'day-of-month', day, start, end });
    } else {
      mentions.push({
        kind: 'calendar',
        day,
        month: monthNumber(monthName),
        year: optionalNumber(year),
        start,
        end,
      });
    }
  }
  return mentions;
}

/** A plural noun right after "los N" counts things ("los 3 roomies"); "los 15 de cada mes" does not. */
const COUNTED_AFTER = /^\s+(?!dias\b|de\b|del\b)[a-z]{2,}s\b/;

function spelledDay(words: string): number | undefined {
  if (words === 'primero') return 1;
  const parts = words.split(/\s+/);
  return parts.every((word) => word === 'y' || isNumberWord(word)) ? parseNumberWords(parts) : undefined;
}

/** "hace un día", "hace dos semanas": here "un"/"una" do mean one. */
function countWord(word: string): number | undefined {
  return word === 'un' || word === 'una' ? 1 : parseNumberWords([word]);
}

function monthNumber(name: string): number {
  if (name === 'setiembre' || name === 'set') return 9;
  const misspelt = MISSPELT_MONTHS[name];
  if (misspelt !== undefined) return misspelt;
  return MONTHS.findIndex((month) => month.startsWith(name)) + 1;
}

function optionalNumber(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}
