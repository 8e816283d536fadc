import type { Understanding } from '../../core/understanding';
import { knowledgeRoute, offersSections, type KnowledgeRoute } from '../knowledge-route';
import { STOP, type Request, type Said, type Stop } from '../request';
import { titleForQuotes } from '../quoted-title';
import type { Turn } from '../turn';

/**
 * Intent classification and entity extraction, then Gate 2 (docs/specification.md#gates): UNKNOWN or a confidence
 * under the threshold (0.7) stops the turn with a clarification; nothing is guessed. An
 * understanding another step already computed (a message that superseded a proposal or
 * abandoned a draft) is used as it is, not computed again. A message Gate 2 stops as not
 * understood, or a hesitant general question, may still be a question the tenant's documents
 * answer (`knowledgeRoute`): a passage that answers it with confidence is quoted, said to be a
 * guess, instead of the clarification; a hesitant general question that no passage answers may be
 * offered the closest sections instead (`knowledgeRoute`).
 */
export async function classify(t: Turn, said: Said, known?: Understanding): Promise<Request | Stop> {
  const understanding = known ?? (await t.deps.engine.understand(said.text, t.scope, t.pack, said.typed));
  t.intent = understanding.intent;
  t.memoryProposal = understanding.memoryProposal;
  const route = knowledgeRoute(understanding, t.pack, t.limits.intentConfidenceThreshold);
  const unknown = understanding.intent === 'UNKNOWN' || !t.pack.intents[understanding.intent];
  if (unknown || understanding.confidence < t.limits.intentConfidenceThreshold) {
    t.record('intent_gate_fail', {
      reason: unknown ? 'unknown' : 'low_confidence',
      confidence: understanding.confidence,
    });
    if (route !== 'none' && (await answerFromDocuments(t, said, route))) return STOP;
    if (offersSections(route) && (await offerSections(t, said))) return STOP;
    t.reply(t.say(unknown ? 'intent_not_understood' : 'intent_unclear'));
    return STOP;
  }
  t.record('intent_gate_pass', { confidence: understanding.confidence });
  if (route === 'question') {
    // Conversation-only intents (GENERAL_QUESTION): answered from the tenant's documents when
    // one answers, else the sections that come closest are offered, else the pack's help.
    if (!(await answerFromDocuments(t, said, 'question')) && !(await offerSections(t, said)))
      t.reply(t.pack.answer(understanding.intent));
    return STOP;
  }
  return {
    intent: understanding.intent,
    entities: { ...understanding.entities },
    conflicts: understanding.conflicts ?? [],
  };
}

/**
 * Replies from the tenant's documents when a passage answers `said` — in a model's words checked
 * against them, or the best passage quoted with its title: nothing is made up. A message Gate 2
 * stopped says first that it is a guess at what was asked. False when no passage answers.
 */
async function answerFromDocuments(
  t: Turn,
  said: Said,
  route: Exclude<KnowledgeRoute, 'none'>,
): Promise<boolean> {
  const passages =
    (await t.deps.knowledge?.passages(t.scope.tenant.id, t.scope.tenant.locale, said.text)) ?? [];
  const best = passages[0];
  if (!best) return false;
  const unsure = route === 'question' ? '' : `${t.say('knowledge_unsure')}\n\n`;
  const written = await t.deps.answerer?.answer(said.text, t.scope, passages.slice(0, 3));
  if (written) {
    t.record('knowledge_answer', { titles: written.titles, written: true, route });
    const titles = written.titles.map((title) => `"${titleForQuotes(title)}"`).join(', ');
    t.reply(unsure + t.say('knowledge_written_answer', { answer: written.text, titles }));
  } else {
    t.record('knowledge_answer', { title: best.title, score: Math.round(best.score * 100) / 100, route });
    t.reply(unsure + t.say('knowledge_answer', { title: titleForQuotes(best.title), passage: best.text }));
  }
  return true;
}

/**
 * No passage answers a question about a subject: the headings of the sections that come closest
 * are offered, numbered, for the person to pick one or ask about it (nothing is quoted: none of
 * them was found to answer). False when none comes close, or the message asks about no subject.
 */
async function offerSections(t: Turn, said: Said): Promise<boolean> {
  const { id, locale } = t.scope.tenant;
  const suggestions = (await t.deps.knowledge?.suggestions?.(id, locale, said.text)) ?? [];
  if (suggestions.length === 0) return false;
  t.record('knowledge_suggestions', { titles: suggestions.map((s) => s.title) });
  const list = suggestions.map((s, i) =>
    t.say('knowledge_suggestion', { n: i + 1, heading: s.heading, title: titleForQuotes(s.title) }),
  );
  t.reply(t.say('knowledge_suggestions', { suggestions: list.join('\n') }));
  // The next message may pick one by its number, within the confirmation's TTL.
  const until = new Date(t.input.now.getTime() + t.limits.confirmationTtlSec * 1000).toISOString();
  t.sectionsOffer = { until, sections: suggestions };
  return true;
}
