import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { defineWriteTool } from '../../define-tool';
import { isoOf, timeOf } from '../clock';
import { id, RESIDENTS } from './schemas';

const input = z.object({ reservation_id: id });

/**
 * Cancels one of the unit's bookings (a write: proposed, confirmed, then run once). The row
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
  allowedRoles: RESIDENTS,
  async execute(params, ctx) {
    const changed = await ctx.db.condoReservation.updateMany({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id, status: 'ACTIVE' },
      data: { status: 'CANCELLED', cancelNonce: ctx.nonce, cancelledAt: ctx.now },
    });
    const row = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      include: { space: { select: { name: true } } },
    });
    if (!row || (changed.count === 0 && row.cancelNonce !== ctx.nonce))
      throw new DomainError('reservation_gone');
    return {
      space_name: row.space.name,
      date: isoOf(row.date),
      start_time: timeOf(row.startMinute),
      end_time: timeOf(row.endMinute),
    };
  },
});
