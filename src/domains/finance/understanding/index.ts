import { join } from 'node:path';
import { createEsMxUnderstander, ES_MX_SPEECH_ACTS, esMxModelInput } from './es-mx';
import { packUnderstanding } from '../../pack-understanding';
import { FINANCE_INTENTS } from '../intents';
import { financeTools } from '../tools';
import { FINANCE_HABITS, FINANCE_SLOTS, FINANCE_TEMPLATES } from './training-data';

/** The finance pack's offline understanding: es-MX readers + the pack's trained intent model. */
export const {
  understander: financeUnderstander,
  intentModel: financeIntentModel,
  asksForWrite: financeAsksForWrite,
} = packUnderstanding({
  locale: 'es-MX',
  intents: FINANCE_INTENTS,
  tools: financeTools,
  modelPath: join(__dirname, 'intent-model.json'),
  training: { templates: FINANCE_TEMPLATES, slots: FINANCE_SLOTS, habits: FINANCE_HABITS },
  speechActs: ES_MX_SPEECH_ACTS,
  inputOf: (text) => esMxModelInput(text),
  createUnderstander: createEsMxUnderstander,
});
