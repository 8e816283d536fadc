import type { Entities, Scope, Validation } from '../types';
import { daysBetween, dateOf, isoOf, minutesOf, minutesUntil, nowIn, timeOf } from './clock';
import { feeOutcomeOf } from './fee';
import { foldAccents } from '../../core/text';
import { residentOf, type Resident } from './residents';
import { freeWindows, overlaps, spacesNamed, spacesOf, takenOn, takingTime, type Space } from './spaces';
import { dayText, say } from './say';

/**
 * Gate 3 of the condominium pack (docs/condominio.md#rules): a space named by the resident's
 * words is one of the condominium's, a day is a real day ahead within the space's limits, a
 * window lies within its hours and takes no one else's time, the guests fit, and the unit has
 * not used up its bookings of the month. Every rule is the space's data; the booking's
 * transaction checks the time and the month again (criar_reserva).
 */
export async function validateCondominio(
  intent: string,
  entities: Entities,
  scope: Scope,
): Promise<Validation> {
  switch (intent) {
    case 'CHECK_AVAILABILITY':
      return validateAvailability(entities, scope);
    case 'CREATE_RESERVATION':
      return validateReservation(entities, scope);
    case 'LIST_RESERVATIONS':
      return validateList(entities, scope);
    case 'CANCEL_RESERVATION':
      return validateCancel(entities, scope);
    case 'REGISTER_GUESTS':
      return validateGuests(entities, scope);
    case 'CHARGE_FEE':
      return validateFee(entities, scope);
    case 'PUBLISH_NOTICE':
      return validateNotice(entities, scope);
    case 'CHECK_OCCUPANCY':
      return validateOccupancy(entities, scope);
    case 'APPLY_PENALTY':
      return validatePenalty(entities, scope);
    default:
      return { status: 'pass', params: {} };
  }
}

const date = dayText;
const windowsText = (windows: ReadonlyArray<{ start: number; end: number }>) =>
  windows.map((w) => say('window', { start: timeOf(w.start), end: timeOf(w.end) })).join('; ');

type Found<T> = { ok: T } | { failure: Validation };

async function findSpace(words: unknown, scope: Scope): Promise<Found<Space>> {
  const spaces = await spacesOf(scope.db, scope.tenant.id);
  const named = spacesNamed(String(words), spaces);
  if (named.length === 1) return { ok: named[0]! };
  const list = (named.length > 1 ? named : spaces).map((s) => s.name).join(', ');
  return named.length > 1
    ? {
        failure: {
          status: 'ambiguous',
          field: 'space',
          messageKey: 'space_ambiguous',
          params: { spaces: list },
        },
      }
    : {
        failure: {
          status: 'not_found',
          field: 'space',
          messageKey: 'space_not_found',
          params: { space: String(words), spaces: list },
        },
      };
}

/** A real day, not gone, within how far ahead the space takes bookings. */
function checkDay(iso: unknown, space: Space, scope: Scope): Validation | undefined {
  const text = String(iso);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime()) || isoOf(day) !== text)
    return { status: 'invalid', field: 'date', messageKey: 'date_invalid' };
  const { today } = nowIn(scope.now, scope.tenant.timeZone);
  const ahead = daysBetween(today, text);
  if (ahead < 0)
    return { status: 'invalid', field: 'date', messageKey: 'date_past', params: { date: date(text) } };
  if (ahead > space.maxDaysAhead)
    return {
      status: 'invalid',
      field: 'date',
      messageKey: 'date_too_far',
      params: { days: space.maxDaysAhead },
    };
  return undefined;
}

async function validateAvailability(entities: Entities, scope: Scope): Promise<Validation> {
  const missing = ['space', 'date'].filter((field) => entities[field] === undefined);
  if (missing.length > 0) return { status: 'missing', missing };
  const found = await findSpace(entities.space, scope);
  if ('failure' in found) return found.failure;
  const space = found.ok;
  const dayFailure = checkDay(entities.date, space, scope);
  if (dayFailure) return dayFailure;
  const start = minutesOf(entities.start_time);
  const end = minutesOf(entities.end_time);
  return {
    status: 'pass',
    params: {
      space_id: space.id,
      date: String(entities.date),
      ...(start !== undefined ? { start_time: timeOf(start) } : {}),
      ...(end !== undefined && (start === undefined || end > start) ? { end_time: timeOf(end) } : {}),
    },
  };
}

async function validateReservation(entities: Entities, scope: Scope): Promise<Validation> {
  const missing = ['space', 'date', 'start_time', 'end_time'].filter(
    (field) => entities[field] === undefined,
  );
  if (missing.length > 0) return { status: 'missing', missing };
  const resident = await residentOf(scope.db, scope);
  if (!resident) return { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} };
  const found = await findSpace(entities.space, scope);
  if ('failure' in found) return found.failure;
  const space = found.ok;
  const dayFailure = checkDay(entities.date, space, scope);
  if (dayFailure) return dayFailure;
  const day = String(entities.date);
  const start = minutesOf(entities.start_time);
  const end = minutesOf(entities.end_time);
  if (start === undefined) return { status: 'invalid', field: 'start_time', messageKey: 'time_invalid' };
  if (end === undefined || end <= start)
    return { status: 'invalid', field: 'end_time', messageKey: 'time_invalid' };
  if (start < space.opensAt || end > space.closesAt)
    return {
      status: 'invalid',
      field: 'start_time',
      messageKey: 'outside_hours',
      params: { space: space.name, opens: timeOf(space.opensAt), closes: timeOf(space.closesAt) },
    };
  if (minutesUntil(scope.now, scope.tenant.timeZone, day, start) < space.minLeadHours * 60)
    return {
      status: 'invalid',
      field: 'date',
      messageKey: 'lead_time',
      params: { space: space.name, hours: space.minLeadHours },
    };
  const guests = entities.guests === undefined ? undefined : Number(entities.guests);
  if (guests !== undefined && (!Number.isInteger(guests) || guests <= 0))
    return { status: 'invalid', field: 'guests', messageKey: 'guests_invalid' };
  if (guests !== undefined && guests > space.capacity)
    return {
      status: 'invalid',
      field: 'guests',
      messageKey: 'over_capacity',
      params: { space: space.name, capacity: space.capacity },
    };
  const broken = await slotOrMonthBroken(scope, space, resident, day, { start, end });
  if (broken) return broken;
  return {
    status: 'pass',
    params: {
      space_id: space.id,
      space_name: space.name,
      unit_id: resident.unitId,
      unit_label: resident.unitLabel,
      date: day,
      start_time: timeOf(start),
      end_time: timeOf(end),
      ...(guests !== undefined ? { guests } : {}),
      fee_cents: space.feeCents,
    },
  };
}

/**
 * The window is free and the unit has a booking of the space left this month. Shared with the
 * booking's transaction, which asks it again under the space's lock.
 */
export async function slotOrMonthBroken(
  scope: Pick<Scope, 'db' | 'now'>,
  space: Space,
  resident: Pick<Resident, 'unitId'>,
  day: string,
  window: { start: number; end: number },
  /** The booking being checked again (a hold that ran out, at its fee step): not counted. */
  except?: string,
): Promise<Extract<Validation, { status: 'invalid' }> | undefined> {
  const taken = await takenOn(scope.db, space.id, dateOf(day), scope.now, except);
  if (taken.some((busy) => overlaps(busy, window))) {
    const free = freeWindows(space, taken);
    return free.length > 0
      ? {
          status: 'invalid',
          field: 'start_time',
          messageKey: 'slot_taken',
          params: { space: space.name, date: date(day), windows: windowsText(free) },
        }
      : {
          status: 'invalid',
          field: 'date',
          messageKey: 'slot_taken_full',
          params: { space: space.name, date: date(day) },
        };
  }
  const month = day.slice(0, 7);
  const count = await scope.db.condoReservation.count({
    where: {
      spaceId: space.id,
      unitId: resident.unitId,
      ...takingTime(scope.now),
      ...(except ? { id: { not: except } } : {}),
      date: { gte: dateOf(`${month}-01`), lt: dateOf(nextMonthStart(month)) },
    },
  });
  if (count >= space.maxPerUnitPerMonth)
    return {
      status: 'invalid',
      field: 'date',
      messageKey: 'monthly_limit',
      params: { count, space: space.name, month: `${month.slice(5, 7)}/${month.slice(0, 4)}` },
    };
  return undefined;
}

function nextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
}

async function validateList(entities: Entities, scope: Scope): Promise<Validation> {
  const resident = await residentOf(scope.db, scope);
  if (!resident) return { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} };
  if (entities.space === undefined)
    return { status: 'pass', params: { unit_id: resident.unitId, unit_label: resident.unitLabel } };
  const found = await findSpace(entities.space, scope);
  if ('failure' in found) return found.failure;
  return {
    status: 'pass',
    params: { unit_id: resident.unitId, unit_label: resident.unitLabel, space_id: found.ok.id },
  };
}

/** The one active reservation ahead of the unit that the words name (space and/or day). */
async function validateCancel(entities: Entities, scope: Scope): Promise<Validation> {
  const resident = await residentOf(scope.db, scope);
  if (!resident) return { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} };
  let space: Space | undefined;
  if (entities.space !== undefined) {
    const found = await findSpace(entities.space, scope);
    if ('failure' in found) return found.failure;
    space = found.ok;
  }
  const { today } = nowIn(scope.now, scope.tenant.timeZone);
  const day = entities.date === undefined ? undefined : String(entities.date);
  const rows = await scope.db.condoReservation.findMany({
    where: {
      tenantId: scope.tenant.id,
      unitId: resident.unitId,
      ...takingTime(scope.now),
      date: day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) ? dateOf(day) : { gte: dateOf(today) },
      ...(space ? { spaceId: space.id } : {}),
    },
    include: { space: { select: { name: true, freeCancelHours: true } }, feeBoleto: true },
    orderBy: [{ date: 'asc' }, { startMinute: 'asc' }],
    take: 6,
  });
  const filter =
    (space ? say('filter_space', { space: space.name }) : '') +
    (day !== undefined ? say('filter_date', { date: date(day) }) : '');
  if (rows.length === 0)
    return { status: 'not_found', field: 'date', messageKey: 'reservation_not_found', params: { filter } };
  if (rows.length > 1)
    return {
      status: 'ambiguous',
      field: 'date',
      messageKey: 'reservation_ambiguous',
      params: { filter, reservations: rows.map((r) => lineOf(r)).join('; ') },
    };
  const row = rows[0]!;
  const fee = feeOutcomeOf(
    scope,
    { date: isoOf(row.date), startMinute: row.startMinute, fee: row.feeBoleto },
    row.space.freeCancelHours,
  );
  return {
    status: 'pass',
    params: {
      reservation_id: row.id,
      fee_outcome: fee,
      ...(row.feeBoleto ? { fee_number: row.feeBoleto.number } : {}),
      free_cancel_hours: row.space.freeCancelHours,
      space_name: row.space.name,
      unit_label: resident.unitLabel,
      date: isoOf(row.date),
      start_time: timeOf(row.startMinute),
      end_time: timeOf(row.endMinute),
    },
  };
}

/** "Salão de festas, sábado, 05/12/2026, das 18:00 às 23:00". */
export function lineOf(row: {
  space: { name: string };
  date: Date;
  startMinute: number;
  endMinute: number;
}): string {
  return say('reservation_line', {
    space: row.space.name,
    date: date(isoOf(row.date)),
    start: timeOf(row.startMinute),
    end: timeOf(row.endMinute),
  });
}

/** The guests of a booking of the unit that is still active, within the space's capacity. */
async function validateGuests(entities: Entities, scope: Scope): Promise<Validation> {
  const resident = await residentOf(scope.db, scope);
  if (!resident) return { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} };
  const booking = await scope.db.condoReservation.findFirst({
    where: { id: String(entities.reservation_id), tenantId: scope.tenant.id, unitId: resident.unitId },
    include: { space: { select: { name: true, capacity: true } } },
  });
  if (!booking || booking.status === 'CANCELLED')
    return { status: 'not_found', field: 'reservation_id', messageKey: 'reservation_gone', params: {} };
  const guests = Number(entities.guests);
  if (!Number.isInteger(guests) || guests <= 0)
    return { status: 'invalid', field: 'guests', messageKey: 'guests_invalid' };
  if (guests > booking.space.capacity)
    return {
      status: 'invalid',
      field: 'guests',
      messageKey: 'over_capacity',
      params: { space: booking.space.name, capacity: booking.space.capacity },
    };
  return {
    status: 'pass',
    params: {
      reservation_id: booking.id,
      guests,
      space_name: booking.space.name,
      date: isoOf(booking.date),
      start_time: timeOf(booking.startMinute),
      end_time: timeOf(booking.endMinute),
    },
  };
}

/**
 * The last step of a booking with a fee: the unit's booking, still held, and what its boleto will
 * be (the fee the booking was made with, due on its day). A hold that ran out while this waited
 * is checked again by the tool, under the space's lock.
 */
async function validateFee(entities: Entities, scope: Scope): Promise<Validation> {
  const resident = await residentOf(scope.db, scope);
  if (!resident) return { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} };
  const booking = await scope.db.condoReservation.findFirst({
    where: { id: String(entities.reservation_id), tenantId: scope.tenant.id, unitId: resident.unitId },
    include: { space: { select: { name: true } } },
  });
  if (!booking || booking.status !== 'HELD' || booking.feeCents <= 0)
    return { status: 'not_found', field: 'reservation_id', messageKey: 'reservation_gone', params: {} };
  return {
    status: 'pass',
    params: {
      reservation_id: booking.id,
      fee_cents: booking.feeCents,
      unit_label: resident.unitLabel,
      space_name: booking.space.name,
      date: isoOf(booking.date),
      start_time: timeOf(booking.startMinute),
      end_time: timeOf(booking.endMinute),
    },
  };
}

/** Only the síndico sees the whole condominium's bookings; a space and a day narrow it. */
async function validateOccupancy(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'space', messageKey: 'only_sindico_occupancy', params: {} };
  let spaceId: string | undefined;
  if (entities.space !== undefined) {
    const found = await findSpace(entities.space, scope);
    if ('failure' in found) return found.failure;
    spaceId = found.ok.id;
  }
  const day = entities.date === undefined ? undefined : String(entities.date);
  if (day !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && isoOf(dateOf(day)) === day))
    return { status: 'invalid', field: 'date', messageKey: 'date_invalid' };
  return {
    status: 'pass',
    params: { ...(spaceId ? { space_id: spaceId } : {}), ...(day ? { date: day } : {}) },
  };
}

/** How many days a fine's boleto gives the unit to pay (shown in the proposal). */
export const PENALTY_DUE_DAYS = 10;

/**
 * The síndico's fine: a unit of the condominium (by its number, and block when said) and an
 * infraction its regulations list (by name or another name); the amount is the infraction's,
 * the boleto due in PENALTY_DUE_DAYS days.
 */
async function validatePenalty(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'unit', messageKey: 'only_sindico_penalty', params: {} };
  const missing = ['unit', 'infraction'].filter((field) => entities[field] === undefined);
  if (missing.length > 0) return { status: 'missing', missing };
  const units = await scope.db.condoUnit.findMany({
    where: { tenantId: scope.tenant.id },
    orderBy: { label: 'asc' },
  });
  const said = String(entities.unit);
  const matching = unitsNamed(said, units);
  if (matching.length !== 1)
    return {
      status: matching.length > 1 ? 'ambiguous' : 'not_found',
      field: 'unit',
      messageKey: matching.length > 1 ? 'unit_ambiguous' : 'unit_not_found',
      params: { unit: said, units: (matching.length > 1 ? matching : units).map((u) => u.label).join('; ') },
    };
  const infractions = await scope.db.condoInfraction.findMany({
    where: { tenantId: scope.tenant.id },
    orderBy: { name: 'asc' },
  });
  const named = infractionsNamed(String(entities.infraction), infractions);
  if (named.length !== 1)
    return {
      status: named.length > 1 ? 'ambiguous' : 'not_found',
      field: 'infraction',
      messageKey: infractions.length === 0 ? 'no_infractions' : 'infraction_not_found',
      params: {
        infraction: String(entities.infraction),
        infractions: (named.length > 1 ? named : infractions).map((i) => i.name).join('; '),
      },
    };
  const infraction = named[0]!;
  const { today } = nowIn(scope.now, scope.tenant.timeZone);
  return {
    status: 'pass',
    params: {
      unit_id: matching[0]!.id,
      unit_label: matching[0]!.label,
      infraction_id: infraction.id,
      infraction: infraction.name,
      rule: infraction.rule,
      amount_cents: infraction.amountCents,
      due_date: isoOf(new Date(dateOf(today).getTime() + PENALTY_DUE_DAYS * 86_400_000)),
    },
  };
}

/**
 * The infractions the words name: one whose name or another name is said ("barulho depois das
 * 22h" holds "barulho"), or whose name begins with the words ("lixo" for "Lixo fora do horário").
 */
function infractionsNamed<T extends { name: string; aliases: string[] }>(
  said: string,
  infractions: readonly T[],
): T[] {
  const fold = (text: string) =>
    ` ${foldAccents(text.toLowerCase())
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()} `;
  const words = fold(said);
  const names = (i: T) => [i.name, ...i.aliases].map(fold);
  const held = infractions.filter((i) => names(i).some((name) => words.includes(name)));
  if (held.length > 0) return held;
  return infractions.filter((i) => names(i).some((name) => name.startsWith(words.trimEnd())));
}

/** The units whose label holds the number said (and the block, when said): "101", "bloco B 12". */
function unitsNamed(said: string, units: ReadonlyArray<{ id: string; label: string }>) {
  const number = /(\d{1,4}[a-z]?)\s*$/i.exec(said)?.[1]?.toLowerCase();
  const block = /^bloco\s+(\S+)/i.exec(said)?.[1]?.toLowerCase();
  if (!number) return [];
  return units.filter((unit) => {
    const words = foldAccents(unit.label.toLowerCase()).split(/[^a-z0-9]+/);
    const blockAt = words.indexOf('bloco');
    return words.includes(number) && (!block || (blockAt >= 0 && words[blockAt + 1] === block));
  });
}

async function isSindico(scope: Scope): Promise<boolean> {
  const resident = await scope.db.condoResident.findUnique({ where: { userId: scope.user.id } });
  return resident !== null && resident.tenantId === scope.tenant.id && resident.role === 'sindico';
}

/** Only the síndico publishes; the text as written, to every other resident (counted for the proposal). */
async function validateNotice(entities: Entities, scope: Scope): Promise<Validation> {
  if (!(await isSindico(scope)))
    return { status: 'not_found', field: 'message_content', messageKey: 'only_sindico', params: {} };
  const text = String(entities.message_content ?? '').trim();
  if (text === '') return { status: 'missing', missing: ['message_content'] };
  if (text.length > 1000)
    return { status: 'invalid', field: 'message_content', messageKey: 'notice_too_long' };
  const recipients = await scope.db.condoResident.count({
    where: { tenantId: scope.tenant.id, userId: { not: scope.user.id } },
  });
  return { status: 'pass', params: { text, recipients } };
}
