import { z } from 'zod';

/**
 * The zod pieces the condominium tools share. `parameters` (what a model may state) use the
 * understander's entity names, described in Portuguese; `input` is what a use case runs with
 * after Gate 3 resolved the space and the unit.
 */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
export const clockTime = z.string().regex(/^(?:[01]\d|2[0-4]):[0-5]\d$/, 'HH:MM');
export const id = z.string().uuid();

/** Residents book and cancel; a viewer (a doorman's account, say) only reads. */
export const RESIDENTS = ['owner', 'operator'] as const;

/**
 * Undone, when a later step of the booking fails or the person stops before its fee, by
 * cancelling the booking with its whole fee (`cancelar_reserva` as an undo).
 */
export const UNDONE_BY_CANCELLING = {
  compensatingAction: 'cancelar_reserva',
  compensationInput: (result: Record<string, unknown>) => ({
    reservation_id: result.reservation_id,
    undo: true,
  }),
} as const;
