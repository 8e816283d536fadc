import { join } from 'node:path';
import { DEFAULT_TIME_ZONE } from '../../../nlu';
import { asksForWrite, decideIntent, lazyIntentModel } from '../../../nlu/intent-model';
import { createEsMxUnderstander, ES_MX_SPEECH_ACTS, esMxModelInput } from '../../../nlu/es-mx';
import type { PackIntentModel } from '../../types';
import { writeIntents } from '../../write-intents';
import { FINANCE_INTENTS } from '../intents';
import { financeTools } from '../tools';
import { FINANCE_HABITS, FINANCE_SLOTS, FINANCE_TEMPLATES } from './training-data';

export const financeIntentModel: PackIntentModel = {
  path: join(__dirname, 'intent-model.json'),
  training: { templates: FINANCE_TEMPLATES, slots: FINANCE_SLOTS, habits: FINANCE_HABITS },
  inputOf: (text) => esMxModelInput(text),
};

const model = lazyIntentModel(financeIntentModel.path);
const writes = writeIntents(FINANCE_INTENTS, financeTools);

/** The finance pack's offline understanding: es-MX readers + the pack's trained intent model. */
export const financeUnderstander = createEsMxUnderstander((input) =>
  decideIntent(input, model(), writes, ES_MX_SPEECH_ACTS),
);

/** Whether the words ask for a write intent (see `nlu/intent-model/write-evidence.ts`). */
export const financeAsksForWrite = asksForWrite(
  writes,
  ES_MX_SPEECH_ACTS,
  (text) =>
    financeIntentModel.inputOf(text, {
      locale: 'es-MX',
      now: new Date(),
      timeZone: DEFAULT_TIME_ZONE['es-MX'],
    }).text,
);
