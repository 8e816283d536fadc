import { nextBusinessDay, nthBusinessDay } from './business-days';
import { STREET_WORDS } from './places';
import {
  addMonths,
  civilDate,
  endOfMonth,
  epochDay,
  isoDate,
  validDay,
  weekday,
  type EpochDay,
  yearOfDayMonth,
} from '../civil-date';
import { withoutCorrected } from '../amount-guards';
import { NUMBER_WORDS_SOURCE, readNumberWords } from './number-words';
import { tokenPattern, type Scan } from './scan';

/**
 * Due dates as Brazilians write and say them, resolved against the tenant's today.
 *
 * Why hand-written rather than chrono-node's `pt` locale: measured (chrono-node 2.10.3) on the
 * 91 dated requests of the labeled set, chrono alone got 53 dates right, 3 wrong, missed 35
 * and found 2 that were not there, at about four times the cost of this grammar. It reads
 * "depois de amanhã" as amanhã and "daqui a 5 dias" as five o'clock, finds a time "de 1"
 * inside "R$ 1.500,00", misses "dia 10", "fim do mês" and "terca"/"marco" typed without
 * accents, resolves a bare weekday to the past day of the current week and a yearless date to
 * the nearest year even when that is behind. What it got right (hoje, amanhã, dd/mm/aaaa,
 * "15 de dezembro") is the simple part; filtering its false hits and overriding its year and
 * weekday rules took more code than the grammar below.
 *
 * Decisions:
 * - A bare weekday ("sexta", "próxima sexta", "sexta que vem") is the next one strictly after
 *   today: said on a Friday, "sexta" means a week later ("hoje" would have been said).
 * - "dia 10" is the next 10th: this month if today is the 10th or before, else the next month
 *   that has that day ("dia 31" in November is 31 December).
 * - A date without a year ("10/12", "15 de dezembro") is the next such day on or after today: a
 *   due date is ahead ("10/11" said on 22 November is next year's; the prompt shows the year).
 * - After a past due word ("venceu", "venceram", "vencidos") a date without a year, a "dia 15"
 *   or a bare weekday is the last such day on or before today: "quais venceram dia 5 de
 *   janeiro?" asked on 8 January is this 5 January, not next year's.
 * - "semana que vem", "mês que vem" name no day, so they yield no date (the pipeline asks);
 *   their words are still taken, so their numbers are never read as amounts. "sexta da semana
 *   que vem" is that Friday: Monday to Saturday of next week are the same days whether a week
 *   starts on Sunday or Monday; said on a Sunday, or for "domingo da semana que vem", it is
 *   vague (the week's start changes the day) and asked.
 */

export interface DateMention {
  /**
   * `YYYY-MM-DD`, or undefined for a vague period ("semana que vem"). An impossible date
   * ("31/02") keeps its numbers (`2027-02-31`): Gate 3 then answers "Data de vencimento
   * inválida." instead of asking for a date as if none had been given.
   */
  iso: string | undefined;
  from: number;
  to: number;
  /** A day already gone when the message was sent ("ontem", "segunda passada"). */
  past?: true;
  /**
   * Said of something already done, in a clause with a past verb ("a Vera pagou um hj",
   * "listei os vencidos ontem"): when it happened, not a due date to filter by.
   */
  toldAsDone?: true;
}

export const MONTHS: Record<string, number> = {
  janeiro: 1,
  jan: 1,
  fevereiro: 2,
  fev: 2,
  marco: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  maio: 5,
  mai: 5,
  junho: 6,
  jun: 6,
  julho: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  setembro: 9,
  set: 9,
  outubro: 10,
  out: 10,
  novembro: 11,
  nov: 11,
  dezembro: 12,
  dez: 12,
};
const MONTH = `(${Object.keys(MONTHS).join('|')})`;
const WEEKDAYS: Record<string, number> = {
  domingo: 0,
  segunda: 1,
  terca: 2,
  quarta: 3,
  quinta: 4,
  sexta: 5,
  sabado: 6,
  // Texted short: "sab", and "dom" after a word that says it is a day ("de dom", "no dom"), not
  // the title ("Dom Ricardo").
  sab: 6,
  dom: 0,
};
/** "15", "1º", "primeiro", "quinze", "vinte e cinco". */
const DAY = `(\\d{1,2}(?: [º°])?|primeiro|${NUMBER_WORDS_SOURCE})`;
const NEXT_MONTH = '(?:mes que vem|proximo mes|mes seguinte)';

const ISO = tokenPattern('(\\d{4}) - (\\d{1,2}) - (\\d{1,2})');
/**
 * "15/12", "5-1-27", "05.01.2027"; and with dots and no year, "05.01", "15.12" (two digits after
 * the dot: "1.500" is money), unless money or a time is said around it ("R$ 12.05", "às 10.05").
 */
const NUMERIC = tokenPattern(
  '(?:dia )?(\\d{1,2}) [/-] (\\d{1,2})(?: [/-] (\\d{4}|\\d{2}))?|(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4}|\\d{2})|(\\d{1,2})\\.(\\d{2})',
);
const MONEY_OR_TIME_BEFORE = new Set(['r$', 'as', 'das', 'de', 'por', 'valor']);
const MONEY_AFTER = new Set(['reais', 'real', 'conto', 'contos', 'pila', 'pilas', 'mil', 'h', 'hs', 'horas']);
const MONTH_NAME = tokenPattern(`(?:dia )?${DAY} de ${MONTH}(?: \\.)?(?: de (\\d{4}))?`, {
  groupOffsets: true,
});
/** "mês que vem dia 10", "mês que vem, no dia 5": the day said after the month. */
const NEXT_MONTH_DAY = tokenPattern(`${NEXT_MONTH} (?:, )?(?:no |o )?dia ${DAY}`, { groupOffsets: true });
const DAY_OF_MONTH = tokenPattern(`dia ${DAY}(?: (?:do|no) (${NEXT_MONTH}))?`, { groupOffsets: true });
const END_OF_MONTH = tokenPattern(`(?:fim|final|ultimo dia) (?:do|de|deste|desse) (?:(${NEXT_MONTH})|mes)`);
const IN_SPAN = tokenPattern(
  `(?:daqui a|daqui|em|dentro de) (\\d{1,3}|${NUMBER_WORDS_SOURCE}) (dias?|semanas?|mes|meses)`,
  { groupOffsets: true },
);
// "depois d amanhã" as people text it.
const RELATIVE_DAY = tokenPattern(
  'depois de amanha|depois d amanha|dps de amanha|dps d amanha|depois de amnh|dps de amnh|amanha|amnh|amn|hoje|hj|anteontem|ontem',
);
const WEEKDAY = tokenPattern(
  '(?:(?:proxima|proximo|nesta|nessa|neste|nesse|esta|essa|este|esse) )?' +
    '(?:(segunda(?! via(?![^ ]))|terca|quarta|quinta|sexta)(?: - feira| feira)?|(sabado|domingo|sab|(?<=(?:^| )(?:de|no|pro|pra|esse|este|nesse|neste|proximo) )dom))' +
    '(?: que vem| (passad[oa]|retrasad[oa]))?',
);
/** "3ª", "5a feira", "6ª que vem": a weekday by its number, as Brazilians write it (2ª Monday). */
const NUMBERED_WEEKDAY = tokenPattern('([2-6]) (?:a|ª)(?: - feira| feira)?(?: que vem| (passad[oa]))?');
/** "primeira segunda de dezembro", "última sexta do mês", "segunda quarta do mês que vem". */
const ORDINAL_WEEKDAY = tokenPattern(
  `(primeir[ao]|segund[ao]|terceir[ao]|quart[ao]|ultim[ao]) (segunda|terca|quarta|quinta|sexta|sabado|domingo)(?: - feira| feira)?` +
    ` (?:de ${MONTH}|(?:do|no) (${NEXT_MONTH})|(?:deste|desse|do) mes)`,
);
const ORDINALS: Record<string, number> = { primeir: 1, segund: 2, terceir: 3, quart: 4, ultim: -1 };
/** "no próximo dia útil"; "o quinto dia útil de dezembro", "o 5º dia útil do mês que vem". */
const NEXT_BUSINESS_DAY = tokenPattern('proximo dia util');
const NTH_BUSINESS_DAY = tokenPattern(
  `(primeiro|segundo|terceiro|quarto|quinto|sexto|setimo|oitavo|nono|decimo|ultimo|\\d{1,2}(?: [oº°])?) dia util` +
    ` (?:de ${MONTH}|(?:do|no) (${NEXT_MONTH})|(?:deste|desse|do) mes)`,
);
/**
 * "vence 30", "vencimento 5": a day of the month right after the due word, the number alone
 * (not "vence 30 reais", not a date written in full, which other patterns read).
 */
const DUE_BARE_DAY = tokenPattern(
  '(?:vence|vencendo|vencimento|vcto|venc)(?: em| no| o)? (\\d{1,2})' +
    '(?! (?:reais|real|r\\$|mil|k|contos?|pilas?|paus|mangos|[/.,%-]|de|por cento|x|dias?|semanas?|mes|meses|anos?)(?![^ ]))',
);
const ORDINAL_WORDS = [
  'primeiro',
  'segundo',
  'terceiro',
  'quarto',
  'quinto',
  'sexto',
  'setimo',
  'oitavo',
  'nono',
  'decimo',
];
/**
 * "segunda da semana que vem", "sexta na próxima semana", "terça da outra semana", and the
 * other way round, "semana que vem na sexta" (Sunday: see `dayOfNextWeek`).
 */
const DAY_OF_NEXT_WEEK = tokenPattern(
  `(segunda|terca|quarta|quinta|sexta|sabado|domingo)(?: - feira| feira)? (?:da|na) (?:semana que vem|proxima semana|outra semana)` +
    `|(?:semana que vem|proxima semana)(?: ,)? (?:na|no) (segunda|terca|quarta|quinta|sexta|sabado|domingo)(?: - feira| feira)?`,
);
const VAGUE = tokenPattern(
  `semana que vem|proxima semana|${NEXT_MONTH}|ano que vem|proximo ano|(?:essa|esta|nesta|nessa) semana|(?:fim|final) de semana`,
);
const RELATIVE_OFFSETS: Record<string, number> = {
  'depois de amanha': 2,
  'depois d amanha': 2,
  // Texted: "vence dps de amanhã".
  'dps de amanha': 2,
  'dps d amanha': 2,
  'depois de amnh': 2,
  'dps de amnh': 2,
  amanha: 1,
  hoje: 0,
  hj: 0,
  amnh: 1,
  amn: 1,
  ontem: -1,
  anteontem: -2,
};

/** Finds every date in the free tokens of `scan`, claims their tokens, returns them in order. */
export function extractDates(scan: Scan, today: EpochDay): DateMention[] {
  const found: DateMention[] = [];
  const take = (from: number, to: number, day: EpochDay | Impossible | undefined): void => {
    scan.claim(from, to);
    const iso = day === undefined ? undefined : typeof day === 'number' ? isoDate(day) : day.impossible;
    found.push(typeof day === 'number' && day < today ? { iso, from, to, past: true } : { iso, from, to });
  };
  const weekdays = new Set<DateMention>();
  const takeWeekday = (from: number, to: number, target: number, saysPast: boolean) => {
    const before = found.length;
    // "sexta passada", "venceu sexta": the last one before today; any other: the next one after today.
    if (saysPast || saidAsPastDue(scan, from))
      take(from, to, today - ((weekday(today) - target + 7) % 7 || 7));
    else take(from, to, today + ((target - weekday(today) + 7) % 7 || 7));
    for (const date of found.slice(before)) weekdays.add(date);
  };
  scan.forEachMatch(NUMBERED_WEEKDAY, (m, from, to) => {
    // "3ª" typed as one word, and a weekday only where nothing is counted after it: "2ª via" is
    // a duplicate, "3ª parcela" an instalment, "de 3 a 5" a range.
    const glued = scan.tokens[from]?.end === scan.tokens[from + 1]?.start;
    const saysWeekday = to - from > 2 || scan.tokens[to]?.kind !== 'word';
    if (glued && saysWeekday) takeWeekday(from, to, Number(m[1]) - 1, m[2] !== undefined);
  });
  scan.forEachMatch(ISO, (m, from, to) => take(from, to, exactDay(Number(m[1]), Number(m[2]), Number(m[3]))));
  // A day and month without a year: the next one, unless the words put it behind ("venceu
  // 15/10", "pagou o último em 15/10": a date of something done is the last one).
  const undated = (from: number, to: number, month: number, day: number) =>
    saidAsPastDue(scan, from) || (!introducedAsDueWord(scan, from) && inClauseWithPastVerb(scan, from, to))
      ? lastYearless(today, month, day)
      : yearless(today, month, day);
  scan.forEachMatch(NUMERIC, (m, from, to) => {
    if (
      m[7] !== undefined &&
      (MONEY_OR_TIME_BEFORE.has(scan.word(from - 1)) || MONEY_AFTER.has(scan.word(to)))
    )
      return;
    const [day, month, yearText] =
      m[1] !== undefined
        ? [m[1], m[2], m[3]]
        : m[4] !== undefined
          ? [m[4], m[5], m[6]]
          : [m[7], m[8], undefined];
    const d = Number(day);
    const mo = Number(month);
    const explicitYear = yearText === undefined ? undefined : expandYear(yearText);
    if (mo < 1 || mo > 12 || d < 1 || d > 31) return;
    take(from, to, explicitYear === undefined ? undated(from, to, mo, d) : exactDay(explicitYear, mo, d));
  });
  scan.forEachMatch(NEXT_BUSINESS_DAY, (_m, from, to) => take(from, to, nextBusinessDay(today)));
  scan.forEachMatch(DUE_BARE_DAY, (m, from, to) => {
    const d = Number(m[1]);
    // The due word stays free: it still tells what the date is.
    if (d >= 1 && d <= 31) take(to - 1, to, nextDayOfMonth(today, d));
  });
  scan.forEachMatch(NTH_BUSINESS_DAY, (m, from, to) => {
    const word = m[1] ?? '';
    const nth = word === 'ultimo' ? -1 : ORDINAL_WORDS.indexOf(word) + 1 || Number.parseInt(word, 10);
    const { year, month } = civilDate(m[3] !== undefined ? addMonths(today, 1) : today);
    if (m[2] === undefined) return take(from, to, nthBusinessDay(year, month, nth));
    const named = MONTHS[m[2]] ?? month;
    const thisYear = nthBusinessDay(year, named, nth);
    take(
      from,
      to,
      thisYear !== undefined && thisYear < today ? nthBusinessDay(year + 1, named, nth) : thisYear,
    );
  });
  scan.forEachMatch(ORDINAL_WEEKDAY, (m, from, to) => {
    const nth = ORDINALS[(m[1] ?? '').slice(0, -1)] ?? 1;
    const target = WEEKDAYS[m[2] ?? ''] ?? 0;
    const { year, month } = civilDate(m[4] !== undefined ? addMonths(today, 1) : today);
    if (m[3] === undefined) return take(from, to, nthWeekday(year, month, target, nth));
    // A named month without a year: this year's, or next year's once this year's has passed.
    const named = MONTHS[m[3]] ?? month;
    const thisYear = nthWeekday(year, named, target, nth);
    take(
      from,
      to,
      thisYear !== undefined && thisYear < today ? nthWeekday(year + 1, named, target, nth) : thisYear,
    );
  });
  scan.forEachMatch(MONTH_NAME, (m, from, to) => {
    // "Rua Sete de Setembro", "Av. 25 de Março": a street named after a date.
    if (
      STREET_WORDS.has(scan.word(from - 1)) ||
      (scan.word(from - 1) === '.' && STREET_WORDS.has(scan.word(from - 2)))
    )
      return scan.claim(from, to);
    const d = dayNumber(scan, m, 1);
    const mo = MONTHS[m[2] ?? ''] ?? 0;
    if (d === undefined) return;
    take(from, to, m[3] === undefined ? undated(from, to, mo, d) : exactDay(Number(m[3]), mo, d));
  });
  scan.forEachMatch(NEXT_MONTH_DAY, (m, from, to) => {
    const d = dayNumber(scan, m, 1);
    const next = civilDate(addMonths(today, 1));
    if (d !== undefined) take(from, to, validDay(next.year, next.month, d));
  });
  scan.forEachMatch(DAY_OF_MONTH, (m, from, to) => {
    const d = dayNumber(scan, m, 1);
    if (d === undefined) return;
    if (m[2] === undefined)
      return take(from, to, saidAsPastDue(scan, from) ? lastDayOfMonth(today, d) : nextDayOfMonth(today, d));
    const next = civilDate(addMonths(today, 1));
    take(from, to, validDay(next.year, next.month, d));
  });
  scan.forEachMatch(END_OF_MONTH, (m, from, to) =>
    take(from, to, endOfMonth(today, m[1] === undefined ? 0 : 1)),
  );
  scan.forEachMatch(IN_SPAN, (m, from, to) => {
    const amountToken = scan.groupToken(m, 1);
    const amount = /^\d/.test(m[1] ?? '') ? Number(m[1]) : readNumberWords(scan, amountToken)?.value;
    if (amount === undefined) return;
    const unit = m[2] ?? '';
    if (unit.startsWith('dia')) take(from, to, today + amount);
    else if (unit.startsWith('semana')) take(from, to, today + 7 * amount);
    else take(from, to, addMonths(today, amount));
  });
  scan.forEachMatch(DAY_OF_NEXT_WEEK, (m, from, to) =>
    take(from, to, dayOfNextWeek(today, WEEKDAYS[m[1] ?? m[2] ?? ''] ?? 0)),
  );
  scan.forEachMatch(VAGUE, (_m, from, to) => take(from, to, undefined));
  scan.forEachMatch(RELATIVE_DAY, (m, from, to) => take(from, to, today + (RELATIVE_OFFSETS[m[0]] ?? 0)));
  scan.forEachMatch(WEEKDAY, (m, from, to) =>
    takeWeekday(from, to, WEEKDAYS[m[1] ?? m[2] ?? ''] ?? 0, m[3] !== undefined),
  );

  found.sort((a, b) => a.from - b.from);
  // "sábado 19 de dezembro", "domingo, dia 6/12": the weekday names the date right after it,
  // one day, not two (the date says which; a confirmation shows its weekday).
  for (let i = found.length - 2; i >= 0; i--) {
    const [day, date] = [found[i]!, found[i + 1]!];
    if (
      weekdays.has(day) &&
      !weekdays.has(date) &&
      date.iso &&
      /^[\s,]*(?:(?:n?o )?dia)?[\s,]*$/i.test(between(scan, day, date))
    )
      found.splice(i, 1);
  }
  for (const date of found) if (inClauseWithPastVerb(scan, date.from, date.to)) date.toldAsDone = true;
  const text = scan.text.original;
  const kept = withoutCorrected(
    found,
    (a, b) => text.slice(scan.tokens[a.to - 1]?.end ?? 0, scan.tokens[b.from]?.start ?? 0),
    DATE_TAKEN_BACK,
  );
  // "vencendo dia 20... não, melhor dia 25 que eles só pagam depois do dia 20": a date taken
  // back and said again after its correction is talked about, not chosen again.
  const takenBack = found.filter((date) => !kept.includes(date));
  return kept.filter(
    (date) =>
      !takenBack.some(
        (back) =>
          back.iso === date.iso &&
          back.from < date.from &&
          kept.some((correction) => correction.from > back.from && correction.from < date.from),
      ),
  );
}

/** The text between two mentions, as typed. */
function between(scan: Scan, a: DateMention, b: DateMention): string {
  return scan.text.original.slice(scan.tokens[a.to - 1]?.end ?? 0, scan.tokens[b.from]?.start ?? 0);
}

/** The `nth` `target` weekday (0 Sunday) of a month; `nth` -1 is the last one. */
function nthWeekday(year: number, month: number, target: number, nth: number): EpochDay | undefined {
  if (nth < 0) {
    const last = epochDay(year, month + 1, 0);
    return last - ((weekday(last) - target + 7) % 7);
  }
  const first = epochDay(year, month, 1);
  const day = first + ((target - weekday(first) + 7) % 7) + 7 * (nth - 1);
  return civilDate(day).month === ((month - 1) % 12) + 1 ? day : undefined;
}

/**
 * "pra amanhã, não, pra depois de amanhã": a date taken back right away is dropped, when only
 * the taking back (and a preposition) sits between the two dates.
 */
const DATE_TAKEN_BACK =
  /^[\s.,;:!…-]*(?:(?:nao|digo|quer dizer|ou melhor|melhor|na verdade|na real|alias|aliás|perdao|ops|pera|ah|erro meu)[\s.,;:!…-]*)+(?:(?:pra|para|pro|dia|no|na|em|ate|vencendo|vence)\s+)?$/;

/**
 * A weekday of "the week that comes". Whether a week starts on Sunday or on Monday, Monday to
 * Saturday of next week are the same days — unless today is Sunday (then "next week" may be the
 * one starting tomorrow or the one after), and Sunday itself is either end of it: those two are
 * vague, and asked.
 */
function dayOfNextWeek(today: EpochDay, target: number): EpochDay | undefined {
  const todayWeekday = weekday(today);
  if (target === 0 || todayWeekday === 0) return undefined;
  const nextMonday = today + (8 - todayWeekday);
  return nextMonday + (target - 1);
}

/** The day number captured in group `group`: digits, "primeiro" or number words; 1..31. */
function dayNumber(scan: Scan, match: RegExpExecArray, group: number): number | undefined {
  const text = match[group] ?? '';
  const value = /^\d/.test(text)
    ? parseInt(text, 10)
    : text === 'primeiro'
      ? 1
      : readNumberWords(scan, scan.groupToken(match, group))?.value;
  return value !== undefined && value >= 1 && value <= 31 ? value : undefined;
}

function expandYear(text: string): number {
  const value = Number(text);
  return text.length === 2 ? 2000 + value : value;
}

/** A day that does not exist ("31/02"), written as the ISO string its numbers make. */
interface Impossible {
  impossible: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function exactDay(year: number, month: number, day: number): EpochDay | Impossible {
  return validDay(year, month, day) ?? { impossible: `${year}-${pad(month)}-${pad(day)}` };
}

/**
 * A day and month without a year: a boleto's due date is ahead, so the next such day on or
 * after today ("10/11" said on 22 November is 10 November next year; the prompt shows the
 * year). A day the coming month does not have ("31/02", "29/02" before a common February)
 * stays impossible, so Gate 3 refuses it.
 */
function yearless(today: EpochDay, month: number, day: number): EpochDay | Impossible {
  return exactDay(yearOfDayMonth(today, month, day, 'next'), month, day);
}

/** The same day and month, in the past: the latest on or before today. */
function lastYearless(today: EpochDay, month: number, day: number): EpochDay | Impossible {
  return exactDay(yearOfDayMonth(today, month, day, 'last'), month, day);
}

/** The last "dia N" on or before today. */
function lastDayOfMonth(today: EpochDay, day: number): EpochDay | undefined {
  const { year, month, day: todayDay } = civilDate(today);
  for (let offset = todayDay >= day ? 0 : 1; offset <= 12; offset++) {
    const { year: y, month: m } = civilDate(addMonths(epochDay(year, month, 1), -offset));
    const candidate = validDay(y, m, day);
    if (candidate !== undefined) return candidate;
  }
  return undefined;
}

const PAST_DUE = new Set([
  'venceu',
  'venceram',
  'vencia',
  'venciam',
  'vencido',
  'vencidos',
  'vencida',
  'vencidas',
]);
const DATE_LINKS = new Set(['dia', 'no', 'na', 'em', 'o', 'a', 'de', 'desde']);

/** A past due word right before the date, only prepositions between ("venceram dia 5"). */
/** A past verb ("pagou", "quitou", "listei"); due words are read as such elsewhere. */
const PAST_VERB = /^[a-z]{3,}(?:ou|eu|iu|ei)$/;
const NOT_PAST_VERBS = new Set(['estou', 'venceu', 'vencei']);
/** Past forms the endings above miss: "o dia foi uma loucura", "teve as noivas do dia 14". */
const IRREGULAR_PAST_VERBS = new Set([
  'foi',
  'fui',
  'foram',
  'teve',
  'tive',
  'tiveram',
  'fez',
  'fiz',
  'fizeram',
  'veio',
  'vim',
  'vieram',
  'deu',
  'dei',
  'deram',
  'disse',
  'trouxe',
]);
const CLAUSE_BREAKS = new Set([',', '.', ';', '!', '?', 'mas', 'e', 'entao', 'agora']);

function inClauseWithPastVerb(scan: Scan, from: number, to: number): boolean {
  const isPastVerb = (i: number) =>
    IRREGULAR_PAST_VERBS.has(scan.word(i)) ||
    (PAST_VERB.test(scan.word(i)) && !NOT_PAST_VERBS.has(scan.word(i)));
  for (let i = from - 1; i >= 0 && !CLAUSE_BREAKS.has(scan.word(i)); i--) if (isPastVerb(i)) return true;
  for (let i = to; i < scan.tokens.length && !CLAUSE_BREAKS.has(scan.word(i)); i++)
    if (isPastVerb(i)) return true;
  return false;
}

/** "pra dia 15/12", "vencimento 15/01", "até 05/01": a date said as when something is due. */
const DUE_WORDS = new Set(['pra', 'para', 'pro', 'ate', 'vence', 'vencendo', 'vencimento', 'venc', 'vcto']);

function introducedAsDueWord(scan: Scan, from: number): boolean {
  for (let i = from - 1; i >= Math.max(0, from - 3); i--) {
    if (DUE_WORDS.has(scan.word(i))) return true;
    if (!DATE_LINKS.has(scan.word(i)) && scan.word(i) !== ':') return false;
  }
  return false;
}

function saidAsPastDue(scan: Scan, from: number): boolean {
  for (let i = from - 1; i >= Math.max(0, from - 3); i--) {
    if (PAST_DUE.has(scan.word(i))) return true;
    if (!DATE_LINKS.has(scan.word(i))) return false;
  }
  return false;
}

function nextDayOfMonth(today: EpochDay, day: number): EpochDay | undefined {
  const { year, month, day: todayDay } = civilDate(today);
  for (let offset = todayDay <= day ? 0 : 1; offset <= 12; offset++) {
    const { year: y, month: m } = civilDate(addMonths(epochDay(year, month, 1), offset));
    const candidate = validDay(y, m, day);
    if (candidate !== undefined) return candidate;
  }
  return undefined;
}
