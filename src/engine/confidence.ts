import type { Understanding } from '../core/understanding';

/**
 * A confidence for Gate 2 (threshold 0.7) for a model reading. Gemini gives no probability for
 * the function it picks, so the number is built from evidence we can check:
 *
 * | evidence                                                          | confidence |
 * |-------------------------------------------------------------------|------------|
 * | the offline rules read the same intent                            | max(offline, 0.9) |
 * | the offline rules read nothing with an action (UNKNOWN, a general |            |
 * |   question, or below 0.7): the model fills the gap                | 0.8        |
 * | the offline rules read another action with confidence >= 0.7      | 0.5 (Gate 2 asks) |
 *
 * then, for each value grounding dropped (an invented amount, date, name...): minus 0.05, since a
 * reading that invents values is less trustworthy. Reaching this point already means the tool was
 * offered to this user and its arguments passed the tool's schema (otherwise there is no model
 * reading at all). When the answer carries `avgLogprobs` (the mean log-probability of its tokens),
 * the result is capped at `exp(avgLogprobs)`, the geometric mean probability of those tokens.
 * Clamped to [0, 0.99]: no reading is certain.
 */
export const CONFIDENCE = {
  agreement: 0.9,
  modelAlone: 0.8,
  disagreement: 0.5,
  perDroppedValue: 0.05,
  ceiling: 0.99,
} as const;

export interface ConfidenceEvidence {
  intent: string;
  offline: Understanding;
  droppedValues: number;
  avgLogprobs?: number | undefined;
  /** Gate 2's threshold; an offline reading below it does not count as a competing one. */
  threshold: number;
  /** Intents that lead to no tool (GENERAL_QUESTION): they do not compete with an action. */
  conversational: ReadonlySet<string>;
}

export function modelConfidence(evidence: ConfidenceEvidence): number {
  const { offline, intent } = evidence;
  const competing =
    offline.intent !== 'UNKNOWN' &&
    !evidence.conversational.has(offline.intent) &&
    offline.confidence >= evidence.threshold;
  let confidence: number;
  if (offline.intent === intent) confidence = Math.max(offline.confidence, CONFIDENCE.agreement);
  else if (competing) confidence = CONFIDENCE.disagreement;
  else confidence = CONFIDENCE.modelAlone;
  confidence -= CONFIDENCE.perDroppedValue * evidence.droppedValues;
  if (evidence.avgLogprobs !== undefined && Number.isFinite(evidence.avgLogprobs)) {
    confidence = Math.min(confidence, Math.exp(evidence.avgLogprobs));
  }
  return Math.round(Math.min(CONFIDENCE.ceiling, Math.max(0, confidence)) * 100) / 100;
}
