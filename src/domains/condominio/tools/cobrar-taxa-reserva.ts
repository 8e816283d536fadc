import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';
import { isoOf } from '../clock';
import { chargeFee } from '../fee';
import { slotOrMonthBroken } from '../validate';
import { bookingView } from './criar-reserva';
import { id, RESIDENTS, UNDONE_BY_CANCELLING } from './schemas';

const input = z.object({ reservation_id: id });

/**
 * The last step of a booking with a fee (seed 003 §2.3): the fee is charged to the unit as a
 * boleto, through the same issuing the boletos pack uses, and the held booking becomes a booking
 * in the same transaction — no booking without its fee, no fee without its booking. A hold that
 * ran out while this step waited still books when its window is free (checked again under the
 * space's lock); when someone took it meanwhile, the step fails and the earlier steps are undone.
 * Exactly once: the fee's boleto reference derives from this confirmation, and the row keeps it.
 */
export const cobrarTaxaReserva = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'cobrar_taxa_reserva',
  description: 'Gera o boleto da taxa de uso de uma reserva da unidade e confirma a reserva.',
  parameters: z.object({}),
  input,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  ...UNDONE_BY_CANCELLING,
  async execute(params, ctx) {
    const found = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      select: { spaceId: true },
    });
    if (!found) throw new DomainError('reservation_gone');
    // The same lock as a new booking of the space: a recheck and a rival booking never interleave.
    await ctx.db.$queryRaw`SELECT id FROM condo_spaces WHERE id = ${found.spaceId}::uuid FOR UPDATE`;
    const booking = await ctx.db.condoReservation.findUniqueOrThrow({ where: { id: params.reservation_id } });
    if (booking.feeNonce === ctx.nonce) return bookingView(ctx.db, booking, ctx.tenant.timeZone);
    if (booking.status !== 'HELD') throw new DomainError('reservation_gone');
    const space = await ctx.db.condoSpace.findUniqueOrThrow({ where: { id: booking.spaceId } });
    if (!booking.heldUntil || booking.heldUntil <= ctx.now) {
      const broken = await slotOrMonthBroken(
        ctx,
        space,
        booking,
        isoOf(booking.date),
        { start: booking.startMinute, end: booking.endMinute },
        booking.id,
      );
      if (broken) throw new DomainError(broken.messageKey, broken.params);
    }
    const unit = await ctx.db.condoUnit.findUniqueOrThrow({ where: { id: booking.unitId } });
    const fee = await chargeFee(ctx, {
      feeCents: booking.feeCents,
      date: isoOf(booking.date),
      spaceName: space.name,
      unit,
    });
    const active = await ctx.db.condoReservation.update({
      where: { id: booking.id },
      data: { status: 'ACTIVE', feeBoletoId: fee.id, feeNonce: ctx.nonce, heldUntil: null },
    });
    return bookingView(ctx.db, active, ctx.tenant.timeZone);
  },
});
