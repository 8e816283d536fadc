import type { Stage } from './stage';

/**
 * Intent classification and entity extraction, then Gate 2 (docs/specification.md#gates): UNKNOWN or a confidence
 * under the threshold (0.7) stops the turn with a clarification; nothing is guessed.
 */
export const classify: Stage = {
  name: 'intent_classification',
  async run(t) {
    if (t.route !== 'new') return 'continue';
    const understanding =
      t.understanding ?? (await t.deps.engine.understand(t.text, t.scope, t.pack, t.typedText));
    t.intent = understanding.intent;
    t.confidence = understanding.confidence;
    t.entities = { ...understanding.entities };
    t.conflicts = understanding.conflicts ?? [];
    if (understanding.intent === 'UNKNOWN' || !t.pack.intents[understanding.intent]) {
      t.record('intent_gate_fail', { reason: 'unknown', confidence: understanding.confidence });
      t.reply(t.say('intent_not_understood'));
      return 'stop';
    }
    if (understanding.confidence < t.limits.intentConfidenceThreshold) {
      t.record('intent_gate_fail', { reason: 'low_confidence', confidence: understanding.confidence });
      t.reply(t.say('intent_unclear'));
      return 'stop';
    }
    t.record('intent_gate_pass', { confidence: understanding.confidence });
    if (!t.pack.intents[understanding.intent]!.tool) {
      // Conversation-only intents (GENERAL_QUESTION): answered from the pack's sentences.
      t.reply(t.pack.answer(understanding.intent));
      return 'stop';
    }
    return 'continue';
  },
};
