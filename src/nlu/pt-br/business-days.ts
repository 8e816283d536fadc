import { civilDate, epochDay, weekday, type EpochDay } from '../civil-date';

/**
 * Brazilian bank business days ("dia útil"): Monday to Friday, except the national holidays
 * and the days banks close for (Carnival Monday and Tuesday, Good Friday, Corpus Christi), as
 * FEBRABAN's calendar has them. Local holidays of a city are not known here.
 */
const FIXED_HOLIDAYS = new Set([
  '01-01',
  '04-21',
  '05-01',
  '09-07',
  '10-12',
  '11-02',
  '11-15',
  '11-20',
  '12-25',
]);

/** Easter Sunday of `year` (the anonymous Gregorian computus). */
export function easter(year: number): EpochDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return epochDay(year, month, day);
}

export function isBusinessDay(day: EpochDay): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  const { year, month, day: dom } = civilDate(day);
  if (FIXED_HOLIDAYS.has(`${String(month).padStart(2, '0')}-${String(dom).padStart(2, '0')}`)) return false;
  const offset = day - easter(year);
  // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
  return offset !== -48 && offset !== -47 && offset !== -2 && offset !== 60;
}

/** The first business day after `day`. */
export function nextBusinessDay(day: EpochDay): EpochDay {
  let next = day + 1;
  while (!isBusinessDay(next)) next++;
  return next;
}

/**
 * The `nth` business day of a month (1 = the first; -1 = the last), or undefined past the
 * month's end.
 */
export function nthBusinessDay(year: number, month: number, nth: number): EpochDay | undefined {
  if (nth === -1) {
    let last = epochDay(year, month + 1, 0);
    while (!isBusinessDay(last)) last--;
    return last;
  }
  let day = epochDay(year, month, 1) - 1;
  for (let count = 0; count < nth;) {
    day++;
    if (civilDate(day).month !== ((month - 1) % 12) + 1) return undefined;
    if (isBusinessDay(day)) count++;
  }
  return day;
}
