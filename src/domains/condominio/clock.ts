import { dateFormat, isoDateInZone } from '../../core/format';

/** "18:30" -> 1110 (minutes after midnight); undefined for anything else. */
export function minutesOf(time: unknown): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(String(time));
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 24 * 60 ? minutes : undefined;
}

/** 1110 -> "18:30". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Today's date (YYYY-MM-DD) and the minutes already gone of it, in the tenant's time zone. */
export function nowIn(now: Date, timeZone: string): { today: string; minute: number } {
  const parts = dateFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { today: isoDateInZone(now, timeZone), minute: part('hour') * 60 + part('minute') };
}

/** Minutes from now until `date` at `minute` (the tenant's time zone); negative when gone. */
export function minutesUntil(now: Date, timeZone: string, date: string, minute: number): number {
  const at = nowIn(now, timeZone);
  return daysBetween(at.today, date) * 24 * 60 + minute - at.minute;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A DATE column as YYYY-MM-DD, and back. */
export const isoOf = (date: Date): string => date.toISOString().slice(0, 10);
export const dateOf = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
