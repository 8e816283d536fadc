import { join } from 'node:path';
import { condominioModelInput, CONDOMINIO_SPEECH_ACTS, createCondominioUnderstander } from './pt-br';
import { packUnderstanding } from '../../pack-understanding';
import { CONDOMINIO_INTENTS } from '../intents';
import { condominioTools } from '../tools';
import { CONDOMINIO_HABITS, CONDOMINIO_SLOTS, CONDOMINIO_TEMPLATES } from './training-data';

/** The condominium pack's offline understanding: pt-BR readers + the pack's trained intent model. */
export const {
  understander: condominioUnderstander,
  intentModel: condominioIntentModel,
  asksForWrite: condominioAsksForWrite,
} = packUnderstanding({
  locale: 'pt-BR',
  intents: CONDOMINIO_INTENTS,
  tools: condominioTools,
  modelPath: join(__dirname, 'intent-model.json'),
  training: { templates: CONDOMINIO_TEMPLATES, slots: CONDOMINIO_SLOTS, habits: CONDOMINIO_HABITS },
  speechActs: CONDOMINIO_SPEECH_ACTS,
  inputOf: condominioModelInput,
  createUnderstander: createCondominioUnderstander,
});
