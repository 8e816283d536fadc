import { extractFeatures, foldForFeatures } from './features';
import type { LinearIntentModel } from './linear-model';
import { CAPPED_CONFIDENCE, checkWrite, type SpeechActRules } from './write-evidence';

export interface IntentDecision {
  intent: string;
  confidence: number;
}

/**
 * What an intent model reads of a message, as the locale's readers prepare it: the canonical
 * words with the values masked ("gera boleto de xvalor pro xnome"), and what they found
 * (`amount`, `date`, `id`…).
 */
export interface ModelInput {
  text: string;
  signals: string[];
}

/** Decides the intent of a message from what the readers made of it. */
export type IntentReader = (input: ModelInput) => IntentDecision;

/**
 * The intent of a message: the model's best class and its calibrated probability, lowered
 * below Gate 2 when the best class is a write the words do not ask for (see
 * `write-evidence.ts`). `input` is the message as the locale's readers prepared it for the
 * model (canonical words, values masked, signals); the write check reads the same words, so a
 * message quoted for sending ("avisa o João que criei o boleto") cannot look like a creation.
 */
export function decideIntent(
  input: ModelInput,
  model: LinearIntentModel,
  writes: ReadonlySet<string>,
  speechActs: SpeechActRules,
): IntentDecision {
  const prediction = model.predict(extractFeatures(input.text, input.signals));
  // No reading is certain: 0.99 at most, as for the model engine's readings.
  const confidence = Math.min(0.99, Math.round(prediction.probability * 100) / 100);
  if (writes.has(prediction.intent)) {
    const check = checkWrite(prediction.intent, foldForFeatures(input.text), speechActs);
    if (!check.pass)
      return { intent: prediction.intent, confidence: Math.min(confidence, CAPPED_CONFIDENCE) };
  }
  return { intent: prediction.intent, confidence };
}
