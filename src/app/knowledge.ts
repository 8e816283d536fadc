import type { Locale } from '../core/locale';
import { expandForSearch } from '../nlu/search-expansion';
import type { KnowledgeBase, KnowledgePassage } from '../pipeline/ports';
import { analyzeInjection, scrubPii, type ScrubResult } from '../security';
import type { DocumentInput, KnowledgeStore, PutResult } from '../stores/knowledge-store';

/**
 * The knowledge base as Iris uses it: documents go in scrubbed of personal data (what was
 * removed is returned for the audit log, never stored), and a general question gets the best
 * passage that carries no instruction aimed at an assistant (a document can hide one: it is not
 * repeated to the person, and nothing from a document reaches a tool).
 */
export class Knowledge implements KnowledgeBase {
  constructor(private readonly store: KnowledgeStore) {}

  async add(
    tenantId: string,
    locale: Locale,
    input: DocumentInput,
  ): Promise<PutResult & { scrubbed: ScrubResult['removed'] }> {
    const scrub = scrubPii(input.text);
    const result = await this.store.put(tenantId, locale, { ...input, text: scrub.text });
    return { ...result, scrubbed: scrub.removed };
  }

  list(tenantId: string) {
    return this.store.list(tenantId);
  }

  remove(tenantId: string, title: string): Promise<boolean> {
    return this.store.remove(tenantId, title);
  }

  async answer(tenantId: string, locale: Locale, question: string): Promise<KnowledgePassage | undefined> {
    const passages = await this.rank(tenantId, locale, question);
    return passages.find((passage) => analyzeInjection(passage.text).riskLevel !== 'HIGH');
  }

  /**
   * The passages that answer `question`, best first, searched with the documents' wording added
   * for the everyday words it holds (`expandForSearch`). `minCoverage: 0` ranks without the
   * threshold (the evaluation's recall).
   */
  rank(
    tenantId: string,
    locale: Locale,
    question: string,
    options: { limit?: number; minCoverage?: number } = {},
  ): Promise<KnowledgePassage[]> {
    return this.store.search(tenantId, locale, expandForSearch(locale, question), options);
  }
}
