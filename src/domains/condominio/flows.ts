import type { FlowStep, PackFlows } from '../types';

/**
 * A booking is up to four steps, each confirmed on its own (seed 003 §2.3): the booking, the
 * guests registered at the gate (when the request gave a number), the outside suppliers the
 * administration is asked to authorise (when the request named any: buffet, DJ…), and the fee
 * charged to the unit as a boleto (when the space has one). Until the fee step runs the booking
 * is only held, so stopping before it ("não", a new request) releases it and undoes the guests
 * and the suppliers' request: no booking is left without its fee. A step that fails undoes the
 * earlier ones by their compensating actions.
 */
export const CONDOMINIO_FLOWS: PackFlows = {
  steps: (intent, params) =>
    intent === 'CREATE_RESERVATION'
      ? 1 +
        (params.guests !== undefined ? 1 : 0) +
        (params.suppliers !== undefined ? 1 : 0) +
        (Number(params.fee_cents) > 0 ? 1 : 0)
      : 1,
  next(tool, params, result): FlowStep | undefined {
    const reservation = String(result.reservation_id);
    // The booking's and the guests' params carry the services still to ask for.
    const suppliers = params.suppliers === undefined ? undefined : String(params.suppliers);
    if (tool === 'criar_reserva' && params.guests !== undefined)
      return {
        intent: 'REGISTER_GUESTS',
        entities: {
          reservation_id: reservation,
          guests: Number(params.guests),
          ...(suppliers !== undefined ? { suppliers } : {}),
        },
      };
    if ((tool === 'criar_reserva' || tool === 'registrar_convidados') && suppliers !== undefined)
      return { intent: 'REQUEST_SUPPLIER', entities: { reservation_id: reservation, suppliers } };
    if (BEFORE_FEE.has(tool) && result.held === true)
      return { intent: 'CHARGE_FEE', entities: { reservation_id: reservation } };
    return undefined;
  },
  undoWhenStopped: (done) => done.some((step) => step.tool === 'criar_reserva' && step.result.held === true),
};

/** The steps a booking's fee step follows. */
const BEFORE_FEE = new Set(['criar_reserva', 'registrar_convidados', 'solicitar_fornecedor']);
