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
  const whole = decideOn(input, model, writes, speechActs);
  if (whole.confidence >= UNSURE_BELOW || whole.capped || whole.intent === 'UNKNOWN') return strip(whole);
  // A story the model is unsure about may end in the request it leans to, which it reads with
  // confidence on its own ("…a família nos avisou hoje. Por favor cancele o boleto nº 4410"):
  // the last sentence is read alone, with the same checks, and it decides only when it is
  // sure of the same intent. A reading the write check held back is never lifted.
  const last = lastSentence(input.text);
  if (last === undefined) return strip(whole);
  const request = decideOn({ text: last, signals: input.signals }, model, writes, speechActs);
  const confirms = request.intent === whole.intent && request.confidence >= UNSURE_BELOW;
  return strip(confirms ? request : whole);
}

function strip(decision: IntentDecision & { capped: boolean }): IntentDecision {
  return { intent: decision.intent, confidence: decision.confidence };
}

/** Gate 2's threshold: below it the pipeline asks what the person wants. */
const UNSURE_BELOW = 0.7;

/** The last sentence of a message of several, with enough words to be a request. */
function lastSentence(text: string): string | undefined {
  const sentences = (text.match(/(?:[^.!?]|(?:\.\s?){2,})*(?:[.!?]+|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= 3);
  return sentences.length >= 2 ? sentences[sentences.length - 1] : undefined;
}

function decideOn(
  input: ModelInput,
  model: LinearIntentModel,
  writes: ReadonlySet<string>,
  speechActs: SpeechActRules,
): IntentDecision & { capped: boolean } {
  const prediction = model.predict(extractFeatures(input.text, input.signals));
  // No reading is certain: 0.99 at most, as for the model engine's readings.
  const confidence = Math.min(0.99, Math.round(prediction.probability * 100) / 100);
  if (writes.has(prediction.intent)) {
    const check = checkWrite(prediction.intent, foldForFeatures(input.text), speechActs);
    if (!check.pass)
      return { intent: prediction.intent, confidence: Math.min(confidence, CAPPED_CONFIDENCE), capped: true };
  }
  return { intent: prediction.intent, confidence, capped: false };
}
