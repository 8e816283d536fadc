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
    if (!check.pass && NOT_ASKED.has(check.reason)) return bestNotWriting(prediction.ranked, writes);
    if (!check.pass)
      return { intent: prediction.intent, confidence: Math.min(confidence, CAPPED_CONFIDENCE), capped: true };
  }
  return { intent: prediction.intent, confidence, capped: false };
}

/**
 * Words that say the write is not being asked for: negated ("não cancela o boleto do Paulo
 * ainda"), imagined or wished ("se ela não pagar até sexta, cancela", "ojalá me paguen el
 * bono"), or beyond what Iris does ("faz um pix de 50"). The message is then read as the best
 * reading that does not act — most often UNKNOWN, sometimes a question ("se eu cancelar um
 * boleto o cliente fica sabendo?") — still below Gate 2, so Iris answers with what it can do
 * or asks, and never proposes. A question alone is not such a case: "o 2210 foi cancelado?"
 * keeps its reading, held below the threshold, and is asked back.
 */
const NOT_ASKED: ReadonlySet<string> = new Set(['negated', 'hypothetical', 'out_of_reach']);

function bestNotWriting(
  ranked: ReadonlyArray<{ intent: string; probability: number }>,
  writes: ReadonlySet<string>,
): IntentDecision & { capped: boolean } {
  const reads = ranked.filter((r) => !writes.has(r.intent));
  const mass = reads.reduce((sum, r) => sum + r.probability, 0);
  const best = reads[0];
  if (best === undefined || mass <= 0) return { intent: 'UNKNOWN', confidence: 0, capped: true };
  // Its share among the readings that do not act, never above the cap.
  const share = Math.round((best.probability / mass) * 100) / 100;
  return { intent: best.intent, confidence: Math.min(share, CAPPED_CONFIDENCE), capped: true };
}
