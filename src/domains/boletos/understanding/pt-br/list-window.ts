import {
  civilDate,
  dayOfIso,
  endOfMonth,
  epochDay,
  isoDate,
  weekday,
  type EpochDay,
} from '../../../../nlu/civil-date';
import { MONTHS, type DateMention } from '../../../../nlu/pt-br/dates';
import { tokenAt } from '../../../../nlu/pt-br/prepared-text';
import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';

/**
 * The due dates a list asks about when they are a stretch of days, not one day: "o que vence
 * essa semana?", "quais vencem até sexta?", "boletos de dezembro", "nos próximos 10 dias".
 * Both ends are included; `from` is absent when the stretch has no start ("venceram até dia
 * 10": everything due up to then).
 *
 * One day ("amanhã", "dia 10") stays a `due_date`. A stretch read as one of its days lists the
 * wrong boletos, and "até o fim do mês" read as the 30th would list only that day's.
 */
export interface DueWindow {
  from?: string;
  until: string;
}

const FULL_MONTHS = Object.keys(MONTHS).filter((name) => name.length > 3);
const NUMBER = '(\\d{1,3})';

const WINDOWS: ReadonlyArray<{ pattern: RegExp; window: (today: EpochDay, m: RegExpExecArray) => Window }> = [
  {
    pattern: tokenPattern('(?:essa|esta|nessa|nesta|dessa|desta) semana'),
    window: (today) => thisWeek(today),
  },
  {
    pattern: tokenPattern('(?:semana que vem|proxima semana|semana seguinte)'),
    window: (today) => shiftWeek(thisWeek(today), 7),
  },
  {
    pattern: tokenPattern('(?:semana passada|ultima semana)'),
    window: (today) => shiftWeek(thisWeek(today), -7),
  },
  {
    pattern: tokenPattern('(?:esse|este|nesse|neste|desse|deste) mes'),
    window: (today) => month(today, 0),
  },
  {
    pattern: tokenPattern('(?:mes que vem|proximo mes|mes seguinte)'),
    window: (today) => month(today, 1),
  },
  {
    pattern: tokenPattern('(?:mes passado|ultimo mes)'),
    window: (today) => month(today, -1),
  },
  {
    pattern: tokenPattern(`(?:proximos|prox) ${NUMBER} dias`),
    window: (today, m) => ({ from: today, until: today + Number(m[1]) }),
  },
  {
    pattern: tokenPattern(`ultimos ${NUMBER} dias`),
    window: (today, m) => ({ from: today - Number(m[1]), until: today }),
  },
];

/** "em dezembro", "de janeiro de 2027", "do mês de março", "pra fevereiro". */
const NAMED_MONTH = tokenPattern(
  `(?:em|de|do mes de|no mes de|pra|para|pro mes de) (${FULL_MONTHS.join('|')})(?: de (\\d{4}))?`,
);
/** Words that put a named month behind: "venceram em outubro", "os pagos em setembro". */
const PAST_WORDS = tokenPattern(
  '(?:venceram|venceu|vencidos?|vencidas?|pagos|pagas|pagaram|pagou|foram|ficaram|emiti|emitiu|emitidos|gerados)',
);
const UNTIL_LINKS = new Set(['o', 'a', 'dia', 'no', 'na']);

interface Window {
  from?: EpochDay;
  until: EpochDay;
}

export function listWindow(
  scan: Scan,
  dates: readonly DateMention[],
  today: EpochDay,
): DueWindow | undefined {
  const days = dates.filter((date) => date.iso !== undefined);
  // "quais vencem até sexta?": the day closes the stretch, from today (or, already gone, from
  // nothing: "o que venceu até ontem").
  for (const date of days) {
    let i = date.from - 1;
    while (i >= 0 && UNTIL_LINKS.has(scan.word(i))) i--;
    if (scan.word(i) !== 'ate') continue;
    const until = dayOfIso(date.iso as string);
    if (until === undefined) return undefined;
    return asIso(until >= today ? { from: today, until } : { until });
  }
  const insideADay = (from: number, to: number) => days.some((date) => date.from < to && from < date.to);
  for (const { pattern, window } of WINDOWS) {
    let found: Window | undefined;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(scan.text.joined); m !== null && !found; m = pattern.exec(scan.text.joined)) {
      const [from, to] = tokenSpan(scan, m);
      if (!insideADay(from, to)) found = window(today, m);
    }
    if (found) return asIso(found);
  }
  NAMED_MONTH.lastIndex = 0;
  for (let m = NAMED_MONTH.exec(scan.text.joined); m !== null; m = NAMED_MONTH.exec(scan.text.joined)) {
    const [from, to] = tokenSpan(scan, m);
    if (insideADay(from, to)) continue;
    PAST_WORDS.lastIndex = 0;
    return asIso(
      namedMonth(today, MONTHS[m[1]!]!, m[2] ? Number(m[2]) : undefined, PAST_WORDS.test(scan.text.joined)),
    );
  }
  return undefined;
}

function tokenSpan(scan: Scan, m: RegExpExecArray): [number, number] {
  return [tokenAt(scan.text, m.index), tokenAt(scan.text, m.index + m[0].length - 1) + 1];
}

/** Monday to Sunday; said on a Sunday, the week ahead (the one ending today is over). */
function thisWeek(today: EpochDay): Window {
  const day = weekday(today);
  if (day === 0) return { from: today, until: today + 7 };
  const monday = today - (day - 1);
  return { from: monday, until: monday + 6 };
}

function shiftWeek(week: Window, days: number): Window {
  const until = week.until + days;
  return { from: until - 6, until };
}

function month(today: EpochDay, offset: number): Window {
  const { year, month: m } = civilDate(today);
  return { from: epochDay(year, m + offset, 1), until: endOfMonth(today, offset) };
}

/**
 * A named month without a year is the nearest one (ties go ahead: "em maio" said in November
 * is next May), or the last one when the words put it behind ("venceram em outubro").
 */
function namedMonth(today: EpochDay, named: number, year: number | undefined, past: boolean): Window {
  const now = civilDate(today);
  const ahead = (named - now.month + 12) % 12;
  // Months from this one: forward up to six ahead, else back; behind when the words say so.
  const offset = past ? (ahead === 0 ? 0 : ahead - 12) : ahead <= 6 ? ahead : ahead - 12;
  const first = year === undefined ? epochDay(now.year, now.month + offset, 1) : epochDay(year, named, 1);
  return { from: first, until: endOfMonth(first) };
}

function asIso(window: Window): DueWindow {
  return {
    ...(window.from !== undefined ? { from: isoDate(window.from) } : {}),
    until: isoDate(window.until),
  };
}
