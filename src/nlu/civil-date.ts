import { isoDateInZone } from '../core/format';

/**
 * Civil-date arithmetic in the tenant's time zone, shared by every locale's date reader.
 *
 * A due date or a spending day is a calendar day, not an instant: "amanhã" said at 23:30 in São
 * Paulo is the next São Paulo day although UTC has moved on, and "hoy" at 19:00 in Mexico City is
 * already tomorrow in UTC. So the only zone-aware step is finding *today* in the tenant's zone;
 * everything after that is arithmetic on day numbers (days since 1970-01-01), which has no DST or
 * offset pitfalls.
 */

/** A calendar day as a count of days since 1970-01-01 (a Thursday). */
export type EpochDay = number;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
/** Last answer per zone, by minute: formatting costs ~10 µs and messages come in bursts. */
const lastToday = new Map<string, { minute: number; day: EpochDay }>();

/** The calendar day `now` falls on in `timeZone` (an unknown zone throws RangeError). */
export function todayIn(now: Date, timeZone: string): EpochDay {
  const minute = Math.floor(now.getTime() / MS_PER_MINUTE);
  const cached = lastToday.get(timeZone);
  if (cached?.minute === minute) return cached.day;
  const [y, m, d] = isoDateInZone(now, timeZone).split('-').map(Number);
  const day = epochDay(y ?? NaN, m ?? NaN, d ?? NaN);
  lastToday.set(timeZone, { minute, day });
  return day;
}

/** The day number of a year, a month (may be out of 1..12) and a day of the month. */
export function epochDay(year: number, month: number, day: number): EpochDay {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number;
}

export function civilDate(day: EpochDay): CivilDate {
  const date = new Date(day * MS_PER_DAY);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: EpochDay): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the month has that day (30/02 does not). */
export function isValidDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The day, or `undefined` when the month has no such day (30/02). */
export function validDay(year: number, month: number, day: number): EpochDay | undefined {
  return isValidDate(year, month, day) ? epochDay(year, month, day) : undefined;
}

/** The last day of the month `offset` months after the month of `day`. */
export function endOfMonth(day: EpochDay, offset = 0): EpochDay {
  const { year, month } = civilDate(day);
  return epochDay(year, month + offset + 1, 0);
}

/** Same day of month `months` later, clamped to the month's end (31/01 + 1 month = 28/02). */
export function addMonths(day: EpochDay, months: number): EpochDay {
  const { year, month, day: dom } = civilDate(day);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const y = target.getUTCFullYear();
  const m = target.getUTCMonth() + 1;
  return epochDay(y, m, Math.min(dom, daysInMonth(y, m)));
}

/**
 * The year a day and month next comes round (on or after today) or last came (on or before),
 * by the calendar's order alone, whether that year has the day or not: "29/02" said in
 * January 2027 means the coming February, which has no 29th, so it is an impossible date to
 * refuse, not February 2028.
 */
export function yearOfDayMonth(
  today: EpochDay,
  month: number,
  day: number,
  direction: 'next' | 'last',
): number {
  const now = civilDate(today);
  // "31 de noviembre" said in November is this November's, whichever way the words point.
  if (month === now.month && day > daysInMonth(now.year, month)) return now.year;
  const order = month - now.month || day - now.day;
  if (direction === 'next') return order >= 0 ? now.year : now.year + 1;
  return order <= 0 ? now.year : now.year - 1;
}

/** The day an ISO date names, or undefined when it names none ("2027-02-29"): `isoDate` undone. */
export function dayOfIso(iso: string): EpochDay | undefined {
  const [y, m, d] = iso.split('-').map(Number);
  const day = epochDay(y ?? NaN, m ?? NaN, d ?? NaN);
  return isoDate(day) === iso ? day : undefined;
}

/** `YYYY-MM-DD` */
export function isoDate(day: EpochDay): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a year and a month that may be out of 1..12 (month 0 is last December). */
export function isoMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 7);
}
