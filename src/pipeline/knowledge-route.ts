import type { Understanding } from '../core/understanding';
import type { DomainPack } from '../domains/types';

/**
 * Whether a message is looked up in the tenant's documents:
 * - `question`: a conversation-only intent (GENERAL_QUESTION) read with enough confidence — the
 *   documents answer it, else the sections that come closest are offered, else the pack's help;
 * - `hesitant-question`: a GENERAL_QUESTION read with too little confidence — a passage that
 *   answers with confidence is quoted (said to be a guess), else the closest sections are offered
 *   when the message asks about a subject (a list to pick from is itself a question back, and no
 *   write can follow from it), else Gate 2's clarification;
 * - `fallback`: a message Gate 2 stops as not understood (UNKNOWN) — the documents answer it
 *   only when a passage answers with confidence, else Gate 2's reply stands (an UNKNOWN is
 *   mostly a request Iris does not do: no sections are offered for it);
 * - `none`: a tool's intent, confident or not — a confident one goes to its tool, a hesitant one
 *   is a command Gate 2 asks about, not a question to answer with a passage.
 *
 * People ask the documents in words the intent reader was not trained on ("o boleto ta como
 * baixado, isso quer dizer o que?"): when the lookup of stopped messages was added, fewer than
 * half of the knowledge question sets were read as a confident GENERAL_QUESTION. Nothing is
 * guessed: a quoted passage is no action.
 */
export type KnowledgeRoute = 'question' | 'hesitant-question' | 'fallback' | 'none';

export function knowledgeRoute(
  understanding: Understanding,
  pack: DomainPack,
  threshold: number,
): KnowledgeRoute {
  const spec = pack.intents[understanding.intent];
  if (understanding.intent === 'UNKNOWN' || !spec) return 'fallback';
  if (spec.tool) return 'none';
  return understanding.confidence < threshold ? 'hesitant-question' : 'question';
}

/** Whether a message on this route that no passage answers may be offered the closest sections. */
export function offersSections(route: KnowledgeRoute): boolean {
  return route === 'question' || route === 'hesitant-question';
}
