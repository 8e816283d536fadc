import { readNumberWords } from './number-words';
import type { Scan } from './scan';

/**
 * A time window said in Brazilian Portuguese: "das 18h às 23h", "das 2 às 6 da tarde", "de
 * meio-dia às 4", "19:30", "a partir das 8 da noite", "até as 22h". Minutes after midnight;
 * a time said alone is a start, "até" an end. When a window is said again ("das 18h às 22h…
 * não, até as 23h"), the last word on each end stands. Its tokens are taken, so its numbers
 * are never read as a count or a day.
 */
export interface TimeWindow {
  start?: number;
  end?: number;
  /** The token ranges the times were said in. */
  spans: Array<{ from: number; to: number }>;
}

interface ClockTime {
  minutes: number;
  /** "da tarde", "da noite": the hour is after noon. */
  afternoon: boolean;
  /** A period was said ("da manhã", "da tarde"): the hour is as meant, not to be guessed. */
  period: boolean;
  /** Said as a time beyond doubt: "18h", "19:30", "meio-dia", a period. */
  marked: boolean;
  to: number;
}

const HOUR_WORDS = new Set(['h', 'hs', 'hr', 'hrs', 'hora', 'horas']);
const PERIODS: Record<string, boolean> = { manha: false, madrugada: false, tarde: true, noite: true };
/** Words that open a window ("das 18 às 23") or a start ("às 15", "a partir das 8"). */
const OPENERS = new Set(['das', 'de', 'do', 'entre', 'desde']);
/** "até umas seis", "às quase 8": hedges between a connector and the time. */
const HEDGES = new Set(['umas', 'uma', 'lá', 'la', 'pelas', 'quase', 'tipo']);
const AT = new Set(['as', 'a', 'pelas', 'partir']);
const CONNECTORS = new Set(['as', 'a', 'ate', 'e', '-']);
/** "às 20 pessoas" is a count, not a time. */
const COUNTED = /^(?:pessoas?|convidad[oa]s?|criancas?|adultos?|amigos?|anos|reais|dias|minutos)$/;

function readClock(scan: Scan, i: number): ClockTime | undefined {
  if (!scan.isFree(i)) return undefined;
  const word = scan.word(i);
  let hour: number | undefined;
  let minute = 0;
  let marked = false;
  let j = i + 1;
  if (/^\d{1,2}$/.test(word)) {
    hour = Number(word);
    const glued = /^h(\d{2})$/.exec(scan.word(j));
    if (glued && Number(glued[1]) < 60) {
      // "23h30" comes as "23" "h30".
      minute = Number(glued[1]);
      marked = true;
      j++;
    } else if (HOUR_WORDS.has(scan.word(j))) {
      marked = true;
      j++;
      // "18h30", but not "18h 25 pessoas".
      if (/^\d{2}$/.test(scan.word(j)) && Number(scan.word(j)) < 60 && !COUNTED.test(scan.word(j + 1)))
        minute = Number(scan.word(j++));
    } else if (scan.word(j) === ':' && /^\d{2}$/.test(scan.word(j + 1))) {
      minute = Number(scan.word(j + 1));
      marked = true;
      j += 2;
    }
  } else if (word === 'meio' || word === 'meia') {
    const k = scan.word(j) === '-' ? j + 1 : j;
    const next = scan.word(k);
    if (word === 'meio' && next === 'dia') hour = 12;
    else if (word === 'meia' && next === 'noite') hour = 24;
    else return undefined;
    marked = true;
    j = k + 1;
  } else if (isHourWord(scan, i)) {
    hour = readNumberWords(scan, i)!.value;
    if (HOUR_WORDS.has(scan.word(j))) {
      marked = true;
      j++;
    }
  }
  if (hour === undefined || hour > 24 || minute >= 60 || COUNTED.test(scan.word(j))) return undefined;
  let afternoon = false;
  let period = false;
  if ((scan.word(j) === 'da' || scan.word(j) === 'de') && PERIODS[scan.word(j + 1)] !== undefined) {
    afternoon = PERIODS[scan.word(j + 1)]!;
    period = marked = true;
    j += 2;
  }
  if (afternoon && hour < 12) hour += 12;
  return { minutes: hour * 60 + minute, afternoon, period, marked, to: j };
}

export function readTimeWindow(scan: Scan): TimeWindow {
  const window: TimeWindow = { spans: [] };
  for (let i = 0; i < scan.tokens.length; i++) {
    if (!scan.isFree(i)) continue;
    const word = scan.word(i);
    // "a partir das 8", "até as 22h", "das 18 às 23", "às 15", "18h às 23h", "19:30".
    const from = i;
    let k = i;
    let startOnly = false;
    let endOnly = false;
    if (word === 'a' && scan.word(i + 1) === 'partir') {
      k = scan.word(i + 2) === 'das' || scan.word(i + 2) === 'de' ? i + 3 : i + 2;
      startOnly = true;
    } else if (word === 'ate') {
      k = scan.word(i + 1) === 'as' || scan.word(i + 1) === 'a' ? i + 2 : i + 1;
      endOnly = true;
    } else if (OPENERS.has(word) || AT.has(word) || word === 'pelas') {
      k = i + 1;
    }
    const first = readClock(scan, k);
    if (!first) continue;
    // A bare number counts only when a word said it is a time ("às 15", "das 2 às 6").
    if (!first.marked && k === i) continue;
    let to = first.to;
    let second: ClockTime | undefined;
    if (!startOnly && !endOnly && CONNECTORS.has(scan.word(to))) {
      let m =
        scan.word(to) === 'ate' && (scan.word(to + 1) === 'as' || scan.word(to + 1) === 'a')
          ? to + 2
          : to + 1;
      // "umas seis" is a time; "uma" alone is one o'clock.
      if (HEDGES.has(scan.word(m)) && readClock(scan, m + 1)) m++;
      const next = readClock(scan, m);
      if (next) {
        second = next;
        to = next.to;
      }
    }
    if (endOnly) window.end = first.minutes;
    else if (second) {
      const [start, end] = afternoonRange(first, second);
      window.start = start;
      window.end = end;
    } else window.start = guessAfternoon(first);
    scan.claim(from, to);
    window.spans.push({ from, to });
    i = to - 1;
  }
  return window;
}

/**
 * "das 2 às 6 da tarde" is 14:00 to 18:00; "de meio-dia às 4" ends at 16:00; "das 7 às 11 da
 * noite" starts at 19:00. A booking's hour from 1 to 6 said with no period is the afternoon's.
 */
function afternoonRange(first: ClockTime, second: ClockTime): [number, number] {
  let start = first.period ? first.minutes : guessAfternoon(first);
  let end = second.period ? second.minutes : guessAfternoon(second);
  if (!first.period && second.afternoon && start < 12 * 60 && start + 12 * 60 <= end) start += 12 * 60;
  if (!second.period && end <= start && end < 12 * 60 && end + 12 * 60 > start) end += 12 * 60;
  return [start, end];
}

function guessAfternoon(time: ClockTime): number {
  return !time.period && time.minutes >= 60 && time.minutes < 7 * 60 ? time.minutes + 12 * 60 : time.minutes;
}

/** "seis", "duas": one number word from 1 to 12 is an hour ("seis da tarde"). */
function isHourWord(scan: Scan, i: number): boolean {
  const phrase = readNumberWords(scan, i);
  return phrase !== undefined && phrase.words === 1 && phrase.value >= 1 && phrase.value <= 12;
}
