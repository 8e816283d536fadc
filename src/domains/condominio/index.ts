import type { DomainPack } from '../types';
import { CONDOMINIO_FEATURES } from './features';
import { CONDOMINIO_FLOWS } from './flows';
import { CONDOMINIO_INTENTS } from './intents';
import { CONDOMINIO_PROMPTS } from './prompts';
import { describeProposal, render } from './render';
import { say } from './say';
import { condominioTools } from './tools';
import { condominioAsksForWrite, condominioIntentModel, condominioUnderstander } from './understanding';
import { validateCondominio } from './validate';

/**
 * The condominium pack (pt-BR, BRL; docs/condominio.md): residents check when a shared space is
 * free, book it for their unit and cancel their bookings; rules questions are answered from the
 * condominium's documents. Bookings and cancellations are proposed with every value stated and
 * run once after an allowlisted "sim"; the space's hours, fee and limits are data.
 */
export const condominioPack: DomainPack = {
  id: 'condominio',
  locale: 'pt-BR',
  currency: 'BRL',
  intents: CONDOMINIO_INTENTS,
  tools: condominioTools,
  understander: condominioUnderstander,
  entities: [
    'space',
    'date',
    'start_time',
    'end_time',
    'guests',
    'suppliers',
    'message_content',
    'unit',
    'infraction',
  ],
  intentModel: condominioIntentModel,
  prompts: CONDOMINIO_PROMPTS,
  asksForWrite: condominioAsksForWrite,
  fieldLabel: (field) => say(`field_${field}`),
  askedTogether: [['start_time', 'end_time']],
  flow: CONDOMINIO_FLOWS,
  defaultFeatures: CONDOMINIO_FEATURES,
  // Seed 003 §10.4: bookings and availability operational, the regulations institutional,
  // residents, guests and fines personal (never sent to a model by default).
  dataSources: [
    'reservation_history',
    'space_availability',
    'regulations',
    'resident_profiles',
    'guest_lists',
    'supplier_requests',
    'penalties',
  ],
  validate: validateCondominio,
  // The slot and the month's limit are checked again inside the booking's transaction; the
  // lead time (hours) is checked when proposed, and a proposal waits minutes at most.
  recheck: () => undefined,
  say,
  describeProposal: (tool, params) => describeProposal(tool, params),
  render: (tool, result) => render(tool, result),
  answer: () => say('help'),
};
