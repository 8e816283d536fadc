import type { Understanding } from '../core/understanding';
import type { DomainPack } from '../domains/types';

/**
 * Whether a message is looked up in the tenant's documents:
 * - `question`: a conversation-only intent (GENERAL_QUESTION) read with enough confidence — the
 *   documents answer it, else the pack's help does;
 * - `fallback`: a message Gate 2 stops (not understood, or read with too little confidence) —
 *   the documents answer it only when a passage answers with confidence, else Gate 2's reply
 *   stands. People ask the documents in words no intent reader was trained on ("o boleto ta como
 *   baixado, isso quer dizer o que?"): measured on the knowledge question sets, fewer than half
 *   were read as GENERAL_QUESTION with enough confidence. Nothing is guessed: a quoted passage
 *   is no action, and a tool's intent still needs Gate 2's confidence;
 * - `none`: a tool's intent read with enough confidence (the tool path handles it).
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
