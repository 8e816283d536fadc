import type { KnowledgeSuggestion } from '../ports';
import { titleForQuotes } from '../quoted-title';
import type { Turn } from '../turn';

/**
 * The person picked one of the sections offered when no passage answered ("2"): its passage,
 * quoted with its document's title, as any answer from the documents. A section whose document
 * was removed or changed since is said to be gone.
 */
export async function quoteSection(t: Turn, section: KnowledgeSuggestion): Promise<void> {
  t.intent = 'GENERAL_QUESTION';
  const passage = await t.deps.knowledge?.section?.(t.scope.tenant.id, section);
  if (!passage) {
    t.record('knowledge_section_gone', { title: section.title });
    t.reply(t.say('knowledge_section_gone'));
    return;
  }
  t.record('knowledge_answer', { title: passage.title, route: 'section' });
  t.reply(t.say('knowledge_answer', { title: titleForQuotes(passage.title), passage: passage.text }));
}
