import type { IntentSpec } from '../types';

/** The boletos intents and their required entities (docs/specification.md#gates), with the tool each one calls. */
export const BOLETOS_INTENTS: Readonly<Record<string, IntentSpec>> = {
  CREATE_BOLETO: {
    name: 'CREATE_BOLETO',
    required: ['contact_name', 'amount_cents', 'due_date'],
    tool: 'create_boleto',
  },
  CANCEL_BOLETO: { name: 'CANCEL_BOLETO', required: ['boleto_id'], tool: 'cancel_boleto' },
  // By number, or by whose it is ("o boleto do Marcos já caiu?"): Gate 3 wants one of the two.
  CHECK_STATUS: { name: 'CHECK_STATUS', required: [], tool: 'get_boleto_status' },
  SEND_MESSAGE: {
    name: 'SEND_MESSAGE',
    required: ['contact_name', 'message_content'],
    tool: 'queue_message',
  },
  LIST_BOLETOS: { name: 'LIST_BOLETOS', required: [], tool: 'list_boletos' },
  GENERAL_QUESTION: { name: 'GENERAL_QUESTION', required: [] },
};
