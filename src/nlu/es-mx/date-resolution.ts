import {
  civilDate,
  epochDay,
  type EpochDay,
  isoDate,
  isoMonth,
  isValidDate,
  yearOfDayMonth,
} from '../civil-date';
import type { DateMention, Direction } from './date-mentions';

/**
 * Resolves a day mention to `YYYY-MM-DD`, or undefined when the mention is not a single day (a
 * month, a time). `direction` is where an open mention points: a spending already happened
 * ("el viernes" = the last Friday, "el 15" = the latest 15th not after today), a planned purchase
 * is ahead ("este viernes" = the next Friday, "el 15" = the next 15th, today included). Explicit
 * words win over the direction: "el viernes pasado", "el próximo viernes".
 */
export function resolveDay(mention: DateMention, today: EpochDay, direction: Direction): string | undefined {
  switch (mention.kind) {
    case 'relative-day':
      return isoDate(today + mention.offsetDays);
    case 'weekday':
      return isoDate(nearestWeekday(today, mention.weekday, mention.lean ?? direction));
    case 'day-of-month':
      return nearestDayOfMonth(today, mention.day, direction);
    case 'calendar':
      return calendarDay(today, mention.day, mention.month, mention.year, direction);
    default:
      return undefined;
  }
}

/**
 * Resolves a month mention to `YYYY-MM`: "este mes", "el mes pasado", or a name. A bare month
 * name is the latest such month up to the current one when looking back (a query: "octubre"
 * asked in January is last October) and the next one from the current on when looking ahead
 * (a budget: "para diciembre").
 */
export function resolveMonth(
  mention: DateMention,
  today: EpochDay,
  direction: Direction,
): string | undefined {
  const now = civilDate(today);
  if (mention.kind === 'relative-month') return isoMonth(now.year, now.month + mention.offsetMonths);
  if (mention.kind !== 'month') return undefined;
  if (mention.year !== undefined) return isoMonth(mention.year, mention.month);
  if (mention.yearOffset !== undefined) return isoMonth(now.year + mention.yearOffset, mention.month);
  const yearShift =
    direction === 'past' ? (mention.month > now.month ? -1 : 0) : mention.month < now.month ? 1 : 0;
  return isoMonth(now.year + yearShift, mention.month);
}

/** Strictly before or strictly after today: "el viernes" said on a Friday means another Friday. */
function nearestWeekday(today: EpochDay, weekday: number, direction: Direction): EpochDay {
  const todayWeekday = civilDate(today).weekday;
  if (direction === 'past') return today - ((todayWeekday - weekday + 7) % 7 || 7);
  return today + ((weekday - todayWeekday + 7) % 7 || 7);
}

/** Walks month by month (at most a year) to the nearest month that has that day. */
function nearestDayOfMonth(today: EpochDay, day: number, direction: Direction): string | undefined {
  const now = civilDate(today);
  const step = direction === 'past' ? -1 : 1;
  for (let offset = 0; Math.abs(offset) <= 12; offset += step) {
    const monthIndex = now.month - 1 + offset;
    const year = now.year + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    if (!isValidDate(year, month, day)) continue;
    const candidate = epochDay(year, month, day);
    if (direction === 'past' ? candidate <= today : candidate >= today) return isoDate(candidate);
  }
  return undefined;
}

/**
 * A day and month, with or without a year. Without one, the nearest such day in `direction`
 * (today included); a day no year has ("31/02") keeps its numbers (`2026-02-31`) so that Gate 3
 * says the date is not valid instead of asking for a date as if none had been given.
 */
function calendarDay(
  today: EpochDay,
  day: number,
  month: number,
  year: number | undefined,
  direction: Direction,
): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const thisYear = civilDate(today).year;
  const impossible = `${year ?? thisYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year !== undefined)
    return isValidDate(year, month, day) ? isoDate(epochDay(year, month, day)) : impossible;
  // The coming (or last) such month: "29 de febrero" said in January 2027 is impossible.
  const y = yearOfDayMonth(today, month, day, direction === 'past' ? 'last' : 'next');
  return isValidDate(y, month, day)
    ? isoDate(epochDay(y, month, day))
    : `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
