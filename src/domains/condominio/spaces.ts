import { foldAccents } from '../../core/text';
import type { Db } from '../types';

/** A space as Gate 3 and the tools read it (the `condo_spaces` row). */
export interface Space {
  id: string;
  name: string;
  aliases: string[];
  opensAt: number;
  closesAt: number;
  capacity: number;
  feeCents: number;
  minLeadHours: number;
  maxDaysAhead: number;
  maxPerUnitPerMonth: number;
  suppliersAllowed: boolean;
}

export interface Interval {
  start: number;
  end: number;
}

export function spacesOf(db: Db, tenantId: string): Promise<Space[]> {
  return db.condoSpace.findMany({ where: { tenantId }, orderBy: { name: 'asc' } });
}

const fold = (text: string): string =>
  foldAccents(text.toLowerCase())
    .replace(/^(?:o|a|os|as|do|da|no|na)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The spaces a resident's words name: the name or another name of the space said in full ("salão
 * de festas", "churras"), else the spaces whose name those words begin ("salão", "churrasq"),
 * else those holding every word ("quadra de tênis" for "Quadra de tênis coberta").
 */
export function spacesNamed(words: string, spaces: readonly Space[]): Space[] {
  const said = fold(words);
  if (said === '') return [];
  const names = (space: Space) => [fold(space.name), ...space.aliases.map(fold)];
  const exact = spaces.filter((space) => names(space).includes(said));
  if (exact.length > 0) return exact;
  const begun = spaces.filter((space) => names(space).some((name) => name.startsWith(said)));
  if (begun.length > 0) return begun;
  const saidWords = said.split(' ').filter((word) => word.length > 2);
  return spaces.filter(
    (space) =>
      saidWords.length > 0 &&
      saidWords.every((word) => names(space).some((name) => name.split(' ').some((w) => w.startsWith(word)))),
  );
}

/** The stretches of the opening hours no interval takes, in order. */
export function freeWindows(
  space: Pick<Space, 'opensAt' | 'closesAt'>,
  taken: readonly Interval[],
): Interval[] {
  const windows: Interval[] = [];
  let from = space.opensAt;
  for (const busy of [...taken].sort((a, b) => a.start - b.start)) {
    if (busy.start > from) windows.push({ start: from, end: Math.min(busy.start, space.closesAt) });
    from = Math.max(from, busy.end);
  }
  if (from < space.closesAt) windows.push({ start: from, end: space.closesAt });
  return windows.filter((w) => w.end > w.start);
}

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** How long a booking waiting for its fee step keeps its window (docs/condominio.md#steps). */
export const HOLD_MINUTES = 30;

/**
 * The bookings that take a window at `now`: the active ones, and those still held for their fee
 * step. A hold that ran out is no booking: nothing has to sweep it for the window to come free.
 */
export const takingTime = (now: Date) => ({
  OR: [{ status: 'ACTIVE' as const }, { status: 'HELD' as const, heldUntil: { gt: now } }],
});

/** The reservations taking a space's time on a day, as intervals (but `except`, the one rechecked). */
export async function takenOn(
  db: Db,
  spaceId: string,
  date: Date,
  now: Date,
  except?: string,
): Promise<Interval[]> {
  const rows = await db.condoReservation.findMany({
    where: { spaceId, date, ...takingTime(now), ...(except ? { id: { not: except } } : {}) },
    select: { startMinute: true, endMinute: true },
  });
  return rows.map((r) => ({ start: r.startMinute, end: r.endMinute }));
}
