import type { Understanding } from '../core/understanding';
import type { DomainPack } from '../domains/types';

/**
 * Whether a message is looked up in the tenant's documents: `question` for a conversation-only
 * intent (GENERAL_QUESTION) read with enough confidence; `none` for a tool's intent read with
 * enough confidence (the tool path handles it).
 */
export type KnowledgeRoute = 'question' | 'none';

export function knowledgeRoute(
  understanding: Understanding,
  pack: DomainPack,
  threshold: number,
): KnowledgeRoute {
  const spec = pack.intents[understanding.intent];
  if (understanding.intent === 'UNKNOWN' || !spec || understanding.confidence < threshold) return 'none';
  return spec.tool ? 'none' : 'question';
}
