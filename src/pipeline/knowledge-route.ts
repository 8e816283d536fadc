import type { Understanding } from '../core/understanding';
import type { DomainPack } from '../domains/types';

/**
 * Whether a message is looked up in the tenant's documents:
 * - `question`: a conversation-only intent (GENERAL_QUESTION) read with enough confidence — the
 *   documents answer it, else the pack's help does;
 * - `fallback`: a message Gate 2 stops as not understood (UNKNOWN), or a GENERAL_QUESTION read
 *   with too little confidence — the documents answer it only when a passage answers with
 *   confidence, else Gate 2's reply stands. People ask the documents in words the intent reader
 *   was not trained on ("o boleto ta como baixado, isso quer dizer o que?"): when this was added,
 *   fewer than half of the knowledge question sets were read as a confident GENERAL_QUESTION.
 *   Nothing is guessed: a quoted passage is no action;
 * - `none`: a tool's intent, confident or not — a confident one goes to its tool, a hesitant one
 *   is a command Gate 2 asks about, not a question to answer with a passage.
 */
export type KnowledgeRoute = 'question' | 'fallback' | 'none';

export function knowledgeRoute(
  understanding: Understanding,
  pack: DomainPack,
  threshold: number,
): KnowledgeRoute {
  const spec = pack.intents[understanding.intent];
  if (understanding.intent === 'UNKNOWN' || !spec) return 'fallback';
  if (spec.tool) return 'none';
  return understanding.confidence < threshold ? 'fallback' : 'question';
}
