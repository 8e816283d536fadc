import type { PackFlows } from '../types';

/**
 * A booking with guests is two steps, each confirmed on its own (seed 003 §2.3): the booking
 * (with its fee boleto), then the guests registered at the gate. When the second fails, the
 * first is undone by its compensating action (the booking cancelled with its whole fee).
 */
export const CONDOMINIO_FLOWS: PackFlows = {
  steps: (intent, entities) => (intent === 'CREATE_RESERVATION' && entities.guests !== undefined ? 2 : 1),
  next(tool, params, result) {
    if (tool !== 'criar_reserva' || params.guests === undefined) return undefined;
    return {
      intent: 'REGISTER_GUESTS',
      entities: { reservation_id: String(result.reservation_id), guests: Number(params.guests) },
    };
  },
};
