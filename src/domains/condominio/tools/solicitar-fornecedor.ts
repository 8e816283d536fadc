import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { defineWriteTool } from '../../define-tool';
import type { Scope } from '../../types';
import { FEATURES } from '../features';
import { isoOf, timeOf } from '../clock';
import { isUniqueViolation } from '../../unique-violation';
import { id, RESIDENTS } from './schemas';

const input = z.object({
  reservation_id: id,
  services: z.array(z.string().min(1).max(40)).min(1).max(5),
});

/**
 * A later step of a booking (seed 003 §2.3): the resident asks the administration to authorise
 * the outside services that will work at it (buffet, DJ…). The request is recorded for the
 * síndico, who sees it with the day's bookings (`ver_ocupacao`); the booking must not be
 * cancelled. Exactly once: the confirmation's nonce is unique on the row. Undone by
 * `cancelar_solicitacao` when a later step fails or the person stops before the fee.
 */
export const solicitarFornecedor = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'solicitar_fornecedor',
  description:
    'Pede à administração a autorização dos fornecedores de um evento (buffet, DJ…) numa reserva da unidade.',
  parameters: z.object({
    suppliers: z.string().describe('Os serviços contratados, como a pessoa disse (buffet, DJ, decoração…)'),
  }),
  input,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  compensatingAction: 'cancelar_solicitacao',
  compensationInput: (result) => ({ request_id: result.request_id }),
  async execute(params, ctx) {
    const booking = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      include: { space: { select: { name: true } } },
    });
    if (!booking || booking.status === 'CANCELLED') throw new DomainError('reservation_gone');
    const request = await recorded(ctx, params);
    return {
      request_id: request.id,
      reservation_id: booking.id,
      services: request.services,
      space_name: booking.space.name,
      date: isoOf(booking.date),
      start_time: timeOf(booking.startMinute),
      end_time: timeOf(booking.endMinute),
      // Still waiting for its fee step (flows.ts).
      held: booking.status === 'HELD',
    };
  },
});

/** The request this confirmation made: created once, found again by a second run of its "sim". */
async function recorded(ctx: Scope & { nonce: string }, params: z.infer<typeof input>) {
  const existing = await ctx.db.condoSupplierRequest.findUnique({ where: { nonce: ctx.nonce } });
  if (existing) return existing;
  try {
    return await ctx.db.condoSupplierRequest.create({
      data: {
        tenantId: ctx.tenant.id,
        reservationId: params.reservation_id,
        services: params.services,
        nonce: ctx.nonce,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return ctx.db.condoSupplierRequest.findUniqueOrThrow({ where: { nonce: ctx.nonce } });
  }
}

const undoInput = z.object({ request_id: id });

/** Undoes `solicitar_fornecedor`: the request to the administration is withdrawn. */
export const cancelarSolicitacao = defineWriteTool<z.infer<typeof undoInput>, Record<string, unknown>>({
  name: 'cancelar_solicitacao',
  description: 'Retira o pedido de autorização de fornecedores de uma reserva.',
  parameters: z.object({}),
  input: undoInput,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  async execute(params, ctx) {
    const request = await ctx.db.condoSupplierRequest.findFirst({
      where: { id: params.request_id, tenantId: ctx.tenant.id },
      include: { reservation: { include: { space: { select: { name: true } } } } },
    });
    if (!request) throw new DomainError('reservation_gone');
    if (request.status !== 'CANCELLED')
      await ctx.db.condoSupplierRequest.update({
        where: { id: request.id },
        data: { status: 'CANCELLED', cancelledAt: ctx.now },
      });
    return {
      services: request.services,
      space_name: request.reservation.space.name,
      date: isoOf(request.reservation.date),
    };
  },
});
