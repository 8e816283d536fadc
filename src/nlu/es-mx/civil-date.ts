/**
 * Calendar days without a time of day or a zone, counted as days since 1970-01-01. A message's
 * "hoy" is the tenant's local day, which differs from the UTC day every evening in Mexico.
 */
export type DayNumber = number;

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of `instant` in `timeZone` (formatters are cached: they are costly). */
export function localDay(instant: Date, timeZone: string): DayNumber {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return dayNumber(part('year'), part('month'), part('day'));
}

export function dayNumber(year: number, month: number, day: number): DayNumber {
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

export function civil(day: DayNumber): CivilDate {
  const date = new Date(day * MS_PER_DAY);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** `YYYY-MM-DD` */
export function isoDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a year and a month that may be out of 1..12 (month 0 is last December). */
export function isoMonth(year: number, month: number): string {
  const normalized = new Date(Date.UTC(year, month - 1, 1));
  return normalized.toISOString().slice(0, 7);
}

export function isValidDate(year: number, month: number, day: number): boolean {
  return civil(dayNumber(year, month, day)).day === day && month >= 1 && month <= 12;
}
