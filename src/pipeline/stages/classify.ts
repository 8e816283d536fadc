import type { Understanding } from '../../core/understanding';
import { STOP, type Request, type Said, type Stop } from '../request';
import type { Turn } from '../turn';

/**
 * Intent classification and entity extraction, then Gate 2 (docs/specification.md#gates): UNKNOWN or a confidence
 * under the threshold (0.7) stops the turn with a clarification; nothing is guessed. An
 * understanding another step already computed (a message that superseded a proposal or
 * abandoned a draft) is used as it is, not computed again.
 */
export async function classify(t: Turn, said: Said, known?: Understanding): Promise<Request | Stop> {
  const understanding = known ?? (await t.deps.engine.understand(said.text, t.scope, t.pack, said.typed));
  t.intent = understanding.intent;
  t.memoryProposal = understanding.memoryProposal;
  if (understanding.intent === 'UNKNOWN' || !t.pack.intents[understanding.intent]) {
    t.record('intent_gate_fail', { reason: 'unknown', confidence: understanding.confidence });
    t.reply(t.say('intent_not_understood'));
    return STOP;
  }
  if (understanding.confidence < t.limits.intentConfidenceThreshold) {
    t.record('intent_gate_fail', { reason: 'low_confidence', confidence: understanding.confidence });
    t.reply(t.say('intent_unclear'));
    return STOP;
  }
  t.record('intent_gate_pass', { confidence: understanding.confidence });
  if (!t.pack.intents[understanding.intent]!.tool) {
    // Conversation-only intents (GENERAL_QUESTION): answered from the tenant's documents when
    // one answers — in a model's words checked against them, or the best passage quoted with its
    // title: nothing is made up — else with the pack's help.
    const passages =
      (await t.deps.knowledge?.passages(t.scope.tenant.id, t.scope.tenant.locale, said.text)) ?? [];
    const best = passages[0];
    if (!best) {
      t.reply(t.pack.answer(understanding.intent));
      return STOP;
    }
    const written = await t.deps.answerer?.answer(said.text, t.scope, passages.slice(0, 3));
    if (written) {
      t.record('knowledge_answer', { titles: written.titles, written: true });
      const titles = written.titles.map((title) => `"${title}"`).join(', ');
      t.reply(t.say('knowledge_written_answer', { answer: written.text, titles }));
    } else {
      t.record('knowledge_answer', { title: best.title, score: Math.round(best.score * 100) / 100 });
      t.reply(t.say('knowledge_answer', { title: best.title, passage: best.text }));
    }
    return STOP;
  }
  return {
    intent: understanding.intent,
    entities: { ...understanding.entities },
    conflicts: understanding.conflicts ?? [],
  };
}
