import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';
import { isoOf, timeOf } from '../clock';
import { id, RESIDENTS } from './schemas';

const input = z.object({ reservation_id: id, guests: z.number().int().positive() });

/**
 * The second step of a booking with guests (seed 003 §2.3): the number of guests registered at
 * the gate for it. Checked again here, under the same transaction: the booking not cancelled and
 * the space's capacity (the síndico may have lowered it since) — a refusal undoes the booking
 * (its compensation). Undone itself by `remover_convidados`.
 */
export const registrarConvidados = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'registrar_convidados',
  description: 'Registra na portaria o número de convidados de uma reserva da unidade.',
  parameters: z.object({
    guests: z.number().int().positive().describe('Número de convidados'),
  }),
  input,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  compensatingAction: 'remover_convidados',
  compensationInput: (result) => ({ reservation_id: result.reservation_id }),
  async execute(params, ctx) {
    const booking = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      include: { space: { select: { name: true, capacity: true } } },
    });
    if (!booking || booking.status === 'CANCELLED') throw new DomainError('reservation_gone');
    if (booking.guestsNonce !== ctx.nonce) {
      if (params.guests > booking.space.capacity)
        throw new DomainError('over_capacity', {
          space: booking.space.name,
          capacity: booking.space.capacity,
        });
      await ctx.db.condoReservation.update({
        where: { id: booking.id },
        data: { registeredGuests: params.guests, guestsNonce: ctx.nonce },
      });
    }
    return {
      reservation_id: booking.id,
      guests: params.guests,
      space_name: booking.space.name,
      date: isoOf(booking.date),
      start_time: timeOf(booking.startMinute),
      end_time: timeOf(booking.endMinute),
      // Still waiting for its fee step (flows.ts).
      held: booking.status === 'HELD',
    };
  },
});

const undoInput = z.object({ reservation_id: id });

/** Undoes `registrar_convidados`: the booking's guest registration is taken back. */
export const removerConvidados = defineWriteTool<z.infer<typeof undoInput>, Record<string, unknown>>({
  name: 'remover_convidados',
  description: 'Retira da portaria os convidados registrados de uma reserva.',
  parameters: z.object({}),
  input: undoInput,
  featureFlag: FEATURES.reservations,
  allowedRoles: RESIDENTS,
  async execute(params, ctx) {
    const booking = await ctx.db.condoReservation.findFirst({
      where: { id: params.reservation_id, tenantId: ctx.tenant.id },
      include: { space: { select: { name: true } } },
    });
    if (!booking) throw new DomainError('reservation_gone');
    await ctx.db.condoReservation.update({
      where: { id: booking.id },
      data: { registeredGuests: null, guestsNonce: null },
    });
    return { space_name: booking.space.name, date: isoOf(booking.date) };
  },
});
