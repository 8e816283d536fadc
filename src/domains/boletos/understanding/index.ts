import { join } from 'node:path';
import { DEFAULT_TIME_ZONE } from '../../../nlu';
import { asksForWrite, decideIntent, lazyIntentModel } from '../../../nlu/intent-model';
import { createPtBrUnderstander, PT_BR_SPEECH_ACTS, ptBrModelInput } from '../../../nlu/pt-br';
import type { PackIntentModel } from '../../types';
import { writeIntents } from '../../write-intents';
import { BOLETOS_INTENTS } from '../intents';
import { boletoTools } from '../tools';
import { BOLETOS_HABITS, BOLETOS_SLOTS, BOLETOS_TEMPLATES } from './training-data';

export const boletosIntentModel: PackIntentModel = {
  path: join(__dirname, 'intent-model.json'),
  training: { templates: BOLETOS_TEMPLATES, slots: BOLETOS_SLOTS, habits: BOLETOS_HABITS },
  inputOf: ptBrModelInput,
};

const model = lazyIntentModel(boletosIntentModel.path);
const writes = writeIntents(BOLETOS_INTENTS, boletoTools);

/** The boletos pack's offline understanding: pt-BR readers + the pack's trained intent model. */
export const boletosUnderstander = createPtBrUnderstander((input) =>
  decideIntent(input, model(), writes, PT_BR_SPEECH_ACTS),
);

/** Whether the words ask for a write intent (see `nlu/intent-model/write-evidence.ts`). */
export const boletosAsksForWrite = asksForWrite(
  writes,
  PT_BR_SPEECH_ACTS,
  (text) =>
    boletosIntentModel.inputOf(text, {
      locale: 'pt-BR',
      now: new Date(),
      timeZone: DEFAULT_TIME_ZONE['pt-BR'],
    }).text,
);
