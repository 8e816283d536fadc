import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import type { Db } from '../../types';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';
import { dateOf, isoOf, minutesOf, nowIn, timeOf } from '../clock';
import { boletoViewOf } from '../fee';
import { HOLD_MINUTES } from '../spaces';
import { slotOrMonthBroken } from '../validate';
import { isUniqueViolation } from '../../unique-violation';
import { clockTime, id, isoDate, RESIDENTS, UNDONE_BY_CANCELLING } from './schemas';

const input = z
  .object({
    space_id: id,
    unit_id: id,
    date: isoDate,
    start_time: clockTime,
    end_time: clockTime,
    guests: z.number().int().positive().optional(),
    fee_cents: z.number().int().min(0),
  })
  .refine((v) => (minutesOf(v.end_time) ?? 0) > (minutesOf(v.start_time) ?? 0), {
    message: 'the window ends after it starts',
  });

/**
 * Books a space for the unit (a write: proposed, confirmed, then run once). A space with a fee is
 * booked HELD: it keeps the window for HOLD_MINUTES while the later steps wait, and becomes a
 * booking when its fee boleto is issued (`cobrar_taxa_reserva`, the flow's last step). Two
 * residents confirming the same evening at the same time: the space's row is locked for the
 * transaction, the window and the month's limit are checked again under it, and the second one
 * is told the free windows. Exactly once: the confirmation nonce is unique on the row.
 */
export const criarReserva = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'criar_reserva',
  description: 'Reserva um espaço do condomínio para a unidade da pessoa, num dia e horário.',
  parameters: z.object({
    space: z.string().describe('O espaço, como a pessoa o chamou'),
    date: isoDate.describe('O dia (AAAA-MM-DD)'),
    start_time: clockTime.describe('Início (HH:MM)'),
    end_time: clockTime.describe('Fim (HH:MM)'),
    guests: z.number().int().optional().describe('Número de convidados, se dito'),
    suppliers: z
      .string()
      .optional()
      .describe('Serviços de fora contratados para o evento (buffet, DJ, decoração…), se ditos'),
  }),
  input,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  ...UNDONE_BY_CANCELLING,
  async execute(params, ctx) {
    const existing = await byNonce(ctx.db, ctx.nonce, ctx.tenant);
    if (existing) return existing;
    // Serialises the bookings of this space: whoever holds the lock sees every booking made before.
    const locked = await ctx.db.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM condo_spaces WHERE id = ${params.space_id}::uuid AND "tenantId" = ${ctx.tenant.id}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new DomainError('space_not_found', { space: '', spaces: '' });
    const space = await ctx.db.condoSpace.findUniqueOrThrow({ where: { id: params.space_id } });
    const start = minutesOf(params.start_time) ?? 0;
    const end = minutesOf(params.end_time) ?? 0;
    const broken = await slotOrMonthBroken(ctx, space, { unitId: params.unit_id }, params.date, {
      start,
      end,
    });
    if (broken) throw new DomainError(broken.messageKey, broken.params);
    try {
      await ctx.db.condoReservation.create({
        data: {
          tenantId: ctx.tenant.id,
          spaceId: space.id,
          unitId: params.unit_id,
          userId: ctx.user.id,
          date: dateOf(params.date),
          startMinute: start,
          endMinute: end,
          guests: params.guests ?? null,
          feeCents: params.fee_cents,
          nonce: ctx.nonce,
          ...(params.fee_cents > 0
            ? { status: 'HELD' as const, heldUntil: new Date(ctx.now.getTime() + HOLD_MINUTES * 60_000) }
            : {}),
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await byNonce(ctx.db, ctx.nonce, ctx.tenant);
    if (!row) throw new Error(`reservation of nonce ${ctx.nonce} not found after insert`);
    return row;
  },
});

/**
 * The booking a confirmation made, as the reply shows it. Its space, unit and fee are read one
 * after the other: several relations in one query make Prisma send them at once on the
 * transaction's single connection, which pg warns is going away.
 */
async function byNonce(db: Db, nonce: string, tenant: { id: string; timeZone: string }) {
  const row = await db.condoReservation.findUnique({ where: { nonce } });
  if (!row) return undefined;
  if (row.tenantId !== tenant.id) throw new Error(`nonce ${nonce} belongs to another tenant`);
  return bookingView(db, row, tenant.timeZone);
}

/** A booking as the replies show it: space, unit, day, window, guests, fee and its boleto. */
export async function bookingView(
  db: Db,
  row: {
    id: string;
    spaceId: string;
    unitId: string;
    date: Date;
    startMinute: number;
    endMinute: number;
    guests: number | null;
    feeCents: number;
    feeBoletoId: string | null;
    status: string;
    heldUntil: Date | null;
  },
  timeZone: string,
) {
  const space = await db.condoSpace.findUniqueOrThrow({ where: { id: row.spaceId }, select: { name: true } });
  const unit = await db.condoUnit.findUniqueOrThrow({ where: { id: row.unitId }, select: { label: true } });
  return {
    reservation_id: row.id,
    space_name: space.name,
    unit_label: unit.label,
    date: isoOf(row.date),
    start_time: timeOf(row.startMinute),
    end_time: timeOf(row.endMinute),
    guests: row.guests,
    fee_cents: row.feeCents,
    held: row.status === 'HELD',
    ...(row.status === 'HELD' && row.heldUntil
      ? { held_until: timeOf(nowIn(row.heldUntil, timeZone).minute) }
      : {}),
    fee_boleto: await boletoViewOf(db, row.feeBoletoId),
  };
}
