import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';
import { isoOf, timeOf } from '../clock';
import { cancelFee, feeOutcomeOf, type FeeOutcome } from '../fee';
import { id, RESIDENTS } from './schemas';

/** `undo`: a compensation (a later step of the booking failed), not a resident's cancellation. */
const input = z.object({ reservation_id: id, undo: z.boolean().optional() });

/**
 * Cancels one of the unit's bookings (a write: proposed, confirmed, then run once), and its fee
 * boleto when cancelled in time, and the suppliers asked for it (no event, nobody to authorise). The row
 * keeps the nonce that cancelled it: a second run of the same "sim" finds it cancelled by that
 * nonce and answers the same; one cancelled meanwhile by someone else is refused.
 */
export const cancelarReserva = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'cancelar_reserva',
  description: 'Cancela uma reserva da unidade da pessoa, indicada pelo espaço e/ou pelo dia.',
  parameters: z.object({
    space: z.string().optional().describe('O espaço da reserva, se dito'),
    date: z.string().optional().describe('O dia da reserva (AAAA-MM-DD), se dito'),
  }),
  input,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  async execute(params, ctx) {
    // One relation per query inside the transaction (see criar-reserva's byNonce).
    const booking = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      include: { space: { select: { name: true, freeCancelHours: true } } },
    });
    if (!booking) throw new DomainError('reservation_gone');
    const changed = await ctx.db.condoReservation.updateMany({
      where: { id: booking.id, status: { in: ['ACTIVE', 'HELD'] } },
      data: { status: 'CANCELLED', cancelNonce: ctx.nonce, cancelledAt: ctx.now },
    });
    // Cancelled now, or by this same confirmation in an earlier run; otherwise someone else's.
    if (changed.count === 0 && booking.cancelNonce !== ctx.nonce) throw new DomainError('reservation_gone');
    await ctx.db.condoSupplierRequest.updateMany({
      where: { reservationId: booking.id, status: 'REQUESTED' },
      data: { status: 'CANCELLED', cancelledAt: ctx.now },
    });
    const feeBoleto = booking.feeBoletoId
      ? await ctx.db.boleto.findUnique({ where: { id: booking.feeBoletoId } })
      : null;
    // The fee goes with the booking when cancelled in time (the space's free-cancellation hours);
    // closer to the start it stays due. Decided at the "sim": the proposal said the same unless
    // the hours ran out while it waited. Undoing a booking that could not be completed takes its
    // whole fee back, whenever it is.
    let fee: FeeOutcome =
      params.undo && feeBoleto && feeBoleto.status !== 'CANCELLED'
        ? 'cancel'
        : feeOutcomeOf(
            ctx,
            { date: isoOf(booking.date), startMinute: booking.startMinute, fee: feeBoleto },
            booking.space.freeCancelHours,
          );
    if (fee === 'cancel' && feeBoleto) fee = await cancelFee(ctx, feeBoleto);
    return {
      fee_outcome: fee,
      ...(feeBoleto ? { fee_number: feeBoleto.number } : {}),
      free_cancel_hours: booking.space.freeCancelHours,
      space_name: booking.space.name,
      date: isoOf(booking.date),
      start_time: timeOf(booking.startMinute),
      end_time: timeOf(booking.endMinute),
    };
  },
});
