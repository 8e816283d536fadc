import type { IntentSpec } from '../types';

/**
 * The condominium intents (docs/condominio.md), the entities each always needs, and the tool it
 * calls. A cancellation names its reservation by space and/or day; which ones match is Gate 3's
 * question (validate.ts), so it requires nothing up front.
 */
export const CONDOMINIO_INTENTS: Readonly<Record<string, IntentSpec>> = {
  CHECK_AVAILABILITY: {
    name: 'CHECK_AVAILABILITY',
    required: ['space', 'date'],
    tool: 'verificar_disponibilidade',
  },
  CREATE_RESERVATION: {
    name: 'CREATE_RESERVATION',
    required: ['space', 'date', 'start_time', 'end_time'],
    tool: 'criar_reserva',
  },
  LIST_RESERVATIONS: { name: 'LIST_RESERVATIONS', required: [], tool: 'listar_reservas' },
  CANCEL_RESERVATION: { name: 'CANCEL_RESERVATION', required: [], tool: 'cancelar_reserva' },
  // The síndico's: the spaces' occupancy (a day's bookings, or the next 30 days).
  CHECK_OCCUPANCY: { name: 'CHECK_OCCUPANCY', required: [], tool: 'ver_ocupacao' },
  // The síndico's: the fine the regulations set for an infraction, to a unit (irreversible).
  APPLY_PENALTY: { name: 'APPLY_PENALTY', required: ['unit', 'infraction'], tool: 'aplicar_penalidade' },
  // The síndico's: a notice to every resident (irreversible once confirmed).
  PUBLISH_NOTICE: { name: 'PUBLISH_NOTICE', required: ['message_content'], tool: 'publicar_aviso' },
  // Later steps of a booking (flows.ts), never read from a message.
  REGISTER_GUESTS: {
    name: 'REGISTER_GUESTS',
    required: ['reservation_id', 'guests'],
    tool: 'registrar_convidados',
    flowStep: true,
  },
  REQUEST_SUPPLIER: {
    name: 'REQUEST_SUPPLIER',
    required: ['reservation_id', 'suppliers'],
    tool: 'solicitar_fornecedor',
    flowStep: true,
  },
  UNDO_SUPPLIER_REQUEST: {
    name: 'UNDO_SUPPLIER_REQUEST',
    required: ['request_id'],
    tool: 'cancelar_solicitacao',
    flowStep: true,
  },
  CHARGE_FEE: {
    name: 'CHARGE_FEE',
    required: ['reservation_id'],
    tool: 'cobrar_taxa_reserva',
    flowStep: true,
  },
  UNDO_GUESTS: {
    name: 'UNDO_GUESTS',
    required: ['reservation_id'],
    tool: 'remover_convidados',
    flowStep: true,
  },
  GENERAL_QUESTION: { name: 'GENERAL_QUESTION', required: [] },
};
