/**
 * Civil-date arithmetic in the tenant's time zone.
 *
 * Due dates are calendar days, not instants: "amanhã" said at 23:30 in São Paulo is the next
 * São Paulo day even though UTC has already moved on. So the only time-zone-aware step is
 * finding *today* in the tenant's zone; everything after that is arithmetic on day numbers
 * (days since 1970-01-01), which has no DST or offset pitfalls.
 */

/** A calendar day as a count of days since 1970-01-01 (a Thursday). */
export type EpochDay = number;

const MS_PER_DAY = 86_400_000;

/** `Intl.DateTimeFormat` is costly to build (tens of µs), so one per zone is kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for an unknown zone: a configuration error the caller must see.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const MS_PER_MINUTE = 60_000;
/** Last answer per zone, by minute: formatting costs ~10 µs and messages come in bursts. */
const lastToday = new Map<string, { minute: number; day: EpochDay }>();

/** The calendar day `now` falls on in `timeZone`. */
export function todayIn(now: Date, timeZone: string): EpochDay {
  const minute = Math.floor(now.getTime() / MS_PER_MINUTE);
  const cached = lastToday.get(timeZone);
  if (cached?.minute === minute) return cached.day;
  // en-CA formats as YYYY-MM-DD.
  const [y, m, d] = formatterFor(timeZone).format(now).split('-').map(Number);
  const day = epochDay(y ?? NaN, m ?? NaN, d ?? NaN);
  lastToday.set(timeZone, { minute, day });
  return day;
}

export function epochDay(year: number, month: number, day: number): EpochDay {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export function civilDate(day: EpochDay): CivilDate {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: EpochDay): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day, or `undefined` when the month has no such day (30/02). */
export function validDay(year: number, month: number, day: number): EpochDay | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return epochDay(year, month, day);
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

export function isoDate(day: EpochDay): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
