import { join } from 'node:path';
import { createPtBrUnderstander, PT_BR_SPEECH_ACTS, ptBrModelInput } from './pt-br';
import { packUnderstanding } from '../../pack-understanding';
import { BOLETOS_INTENTS } from '../intents';
import { boletoTools } from '../tools';
import { BOLETOS_HABITS, BOLETOS_SLOTS, BOLETOS_TEMPLATES } from './training-data';

/** The boletos pack's offline understanding: pt-BR readers + the pack's trained intent model. */
export const {
  understander: boletosUnderstander,
  intentModel: boletosIntentModel,
  asksForWrite: boletosAsksForWrite,
} = packUnderstanding({
  locale: 'pt-BR',
  intents: BOLETOS_INTENTS,
  tools: boletoTools,
  modelPath: join(__dirname, 'intent-model.json'),
  training: { templates: BOLETOS_TEMPLATES, slots: BOLETOS_SLOTS, habits: BOLETOS_HABITS },
  speechActs: PT_BR_SPEECH_ACTS,
  inputOf: ptBrModelInput,
  createUnderstander: createPtBrUnderstander,
});
