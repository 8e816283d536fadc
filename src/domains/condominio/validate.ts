import type { Entities, Scope, Validation } from '../types';
import { daysBetween, dateOf, isoOf, minutesOf, minutesUntil, nowIn, timeOf } from './clock';
import { feeOutcomeOf } from './fee';
import { residentOf, type Resident } from './residents';
import { freeWindows, overlaps, takenOn, takingTime, type Space } from './spaces';
import { dayText, say } from './say';
import { findSpace, type Found } from './find-space';
import { validateNotice, validateOccupancy, validatePenalty } from './validate-sindico';
import { checkSuppliers } from './suppliers';

/**
 * Gate 3 of the condominium pack (docs/condominio.md#rules): a space named by the resident's
 * words is one of the condominium's, a day is a real day ahead within the space's limits, a
 * window lies within its hours and takes no one else's time, the guests fit, the outside
 * services asked for are ones Iris can name and the space takes suppliers, and the unit has not
 * used up its bookings of the month. Every rule is the space's data; the booking's
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
    case 'REQUEST_SUPPLIER':
      return validateSupplierRequest(entities, scope);
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
  const suppliers = checkSuppliers(entities.suppliers, space);
  if (suppliers && 'status' in suppliers) return suppliers;
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
      // Asked for by a later step of the flow (flows.ts), after the guests.
      ...(suppliers ? { suppliers: suppliers.services.join(', ') } : {}),
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

/**
 * The booking of the person's unit that a later step of its flow names, with its space: a person
 * with no unit, or a booking not theirs, is refused like a booking that is gone.
 */
async function unitBooking(entities: Entities, scope: Scope): Promise<Found<UnitBooking>> {
  const resident = await residentOf(scope.db, scope);
  if (!resident)
    return { failure: { status: 'not_found', field: 'space', messageKey: 'not_a_resident', params: {} } };
  const booking = await findUnitBooking(scope, String(entities.reservation_id), resident.unitId);
  return booking ? { ok: { resident, booking } } : { failure: GONE };
}

type UnitBooking = {
  resident: Resident;
  booking: NonNullable<Awaited<ReturnType<typeof findUnitBooking>>>;
};

function findUnitBooking(scope: Scope, id: string, unitId: string) {
  return scope.db.condoReservation.findFirst({
    where: { id, tenantId: scope.tenant.id, unitId },
    include: { space: { select: { name: true, capacity: true, suppliersAllowed: true } } },
  });
}

const GONE = {
  status: 'not_found',
  field: 'reservation_id',
  messageKey: 'reservation_gone',
  params: {},
} as const satisfies Validation;

/** Which booking a step is about, as its proposal says it: space, day and window. */
function stepParams(booking: {
  id: string;
  space: { name: string };
  date: Date;
  startMinute: number;
  endMinute: number;
}) {
  return {
    reservation_id: booking.id,
    space_name: booking.space.name,
    date: isoOf(booking.date),
    start_time: timeOf(booking.startMinute),
    end_time: timeOf(booking.endMinute),
  };
}

/** The guests of a booking of the unit that is not cancelled, within the space's capacity. */
async function validateGuests(entities: Entities, scope: Scope): Promise<Validation> {
  const found = await unitBooking(entities, scope);
  if ('failure' in found) return found.failure;
  const { booking } = found.ok;
  if (booking.status === 'CANCELLED') return GONE;
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
      ...stepParams(booking),
      guests,
      // The step after this one asks for them (flows.ts).
      ...(entities.suppliers !== undefined ? { suppliers: String(entities.suppliers) } : {}),
    },
  };
}

/**
 * The supplier step of a booking: the unit's booking, not cancelled, at a space that takes
 * suppliers, and the services as Iris names them.
 */
async function validateSupplierRequest(entities: Entities, scope: Scope): Promise<Validation> {
  const found = await unitBooking(entities, scope);
  if ('failure' in found) return found.failure;
  const { booking } = found.ok;
  if (booking.status === 'CANCELLED') return GONE;
  const suppliers = checkSuppliers(entities.suppliers, booking.space);
  if (!suppliers) return { status: 'missing', missing: ['suppliers'] };
  if ('status' in suppliers) return suppliers;
  return { status: 'pass', params: { ...stepParams(booking), services: suppliers.services } };
}

/**
 * The last step of a booking with a fee: the unit's booking, still held, and what its boleto will
 * be (the fee the booking was made with, due on its day). A hold that ran out while this waited
 * is checked again by the tool, under the space's lock.
 */
async function validateFee(entities: Entities, scope: Scope): Promise<Validation> {
  const found = await unitBooking(entities, scope);
  if ('failure' in found) return found.failure;
  const { booking, resident } = found.ok;
  if (booking.status !== 'HELD' || booking.feeCents <= 0) return GONE;
  return {
    status: 'pass',
    params: { ...stepParams(booking), fee_cents: booking.feeCents, unit_label: resident.unitLabel },
  };
}
