import type { Locale } from '../core/locale';
import { headingOf } from '../core/passages';
import { reciprocalRankFusion, withRecency } from '../core/rank-fusion';
import { ReadCache } from '../core/read-cache';
import { expandForSearch } from '../nlu/search-expansion';
import { asksAboutATopic } from '../nlu/topic-question';
import type { KnowledgeBase, KnowledgePassage, KnowledgeSuggestion } from '../pipeline/ports';
import { analyzeInjection, scrubPii, type ScrubResult } from '../security';
import {
  answeringCandidates,
  suggestingCandidates,
  type DocumentInput,
  type KnowledgeStore,
  type PutResult,
} from '../stores/knowledge-store';
import type { KnowledgeVectors } from '../stores/knowledge-vectors';

/** A question's vector and the model that made it. */
export interface QuestionVector {
  model: string;
  vector: number[];
}

/** Embeds a tenant's question on its embedding model; undefined: keyword search alone. */
export interface QuestionEmbedder {
  /** The label of the tenant's embedding model, or undefined when it has none. */
  modelOf(tenantId: string): Promise<string | undefined>;
  embedQuestion(tenantId: string, question: string): Promise<QuestionVector | undefined>;
}

/** Asks for a tenant's new passages to be embedded (the `knowledge` queue's job). */
export interface KnowledgeIngestion {
  request(tenantId: string): Promise<void>;
}

/**
 * Seed 003 §4.4: a passage found by meaning answers when its cosine similarity to the question is
 * at least this (those found by keywords answer by the keyword rule, `answeringCandidates`).
 */
export const MIN_SIMILARITY = 0.75;

/** Each ranking's depth before fusion (seed 003 §4.4: top 20 each). */
const DEPTH = 20;

/**
 * How long a process takes a tenant's having passages or not as known. A tenant with no
 * documents then costs no search per question (with a model, every message searches for the
 * prompt's passages); its first document is searched by the other processes within this time,
 * as their vectors are re-read.
 */
const PASSAGES_KNOWN_MS = 30_000;

/**
 * How long a process keeps the passages found for a question. With a model, a general question
 * is searched twice in one turn — for the understanding prompt's passages, and again to answer
 * from them after the model has read it (hundreds of milliseconds to seconds later) — and with
 * embeddings each search is also an embedding call, metered like any model call. Within the 30 s
 * the other processes already take to see a document change.
 */
const RECENT_SEARCH_MS = 15_000;
/** At most this many questions' passages are kept (the oldest go first). */
const RECENT_SEARCHES = 1_000;

/**
 * The knowledge base as Iris uses it: documents go in scrubbed of personal data (what was
 * removed is returned for the audit log, never stored), and a general question gets the best
 * passage that carries no instruction aimed at an assistant (a document can hide one: it is not
 * repeated to the person, and nothing from a document reaches a tool).
 *
 * Search is hybrid when the tenant has an embedding model and its passages are embedded: the
 * keyword ranking and the vector ranking fused by RRF (0.7 vector / 0.3 keyword, k 60), then
 * 85 % that and 15 % recency (seed 003 §4.4-4.5); otherwise keyword search alone. Either way the
 * question is searched with the documents' wording added for everyday words (`expandForSearch`).
 */
export class Knowledge implements KnowledgeBase {
  private readonly withPassages = new ReadCache<boolean>(PASSAGES_KNOWN_MS);
  private readonly recentSearches = new ReadCache<KnowledgePassage[]>(RECENT_SEARCH_MS, RECENT_SEARCHES);

  constructor(
    private readonly store: KnowledgeStore,
    private readonly options: {
      vectors?: KnowledgeVectors;
      embeddings?: QuestionEmbedder;
      ingestion?: KnowledgeIngestion;
    } = {},
  ) {}

  /**
   * Adds or updates a document; new passages are then embedded by the ingestion job when there
   * is one (`embedding: 'queued'`), or wait for the periodic catch-up (`'not queued'`).
   */
  async add(
    tenantId: string,
    locale: Locale,
    input: DocumentInput,
  ): Promise<
    PutResult & { scrubbed: ScrubResult['removed']; embedding: 'queued' | 'not queued' | 'unchanged' }
  > {
    const scrub = scrubPii(input.text);
    const result = await this.store.put(tenantId, locale, { ...input, text: scrub.text });
    this.forget(tenantId);
    let embedding: 'queued' | 'not queued' | 'unchanged' = 'unchanged';
    if (result.passages.added > 0 && this.options.ingestion) {
      embedding = await this.options.ingestion.request(tenantId).then(
        () => 'queued' as const,
        () => 'not queued' as const,
      );
    } else if (result.passages.added > 0) embedding = 'not queued';
    return { ...result, scrubbed: scrub.removed, embedding };
  }

  list(tenantId: string) {
    return this.store.list(tenantId);
  }

  async remove(tenantId: string, title: string): Promise<boolean> {
    const removed = await this.store.remove(tenantId, title);
    this.forget(tenantId);
    return removed;
  }

  /** What this process keeps of a tenant's documents, dropped when they change here. */
  private forget(tenantId: string): void {
    this.options.vectors?.forget(tenantId);
    this.withPassages.forget(tenantId);
    this.recentSearches.forget(`${tenantId}\n`);
  }

  /**
   * The sections closest to `question` when none answers it, by keywords (a section's vector
   * similarity alone is no evidence the person would recognise), without those that carry
   * instructions: each one's heading (its first sentence, a question or a title) and document.
   * None for a message that asks about no subject (a greeting, a thank-you, "o que vc faz?":
   * `asksAboutATopic`), whatever words it shares with the documents.
   */
  async suggestions(tenantId: string, locale: Locale, question: string): Promise<KnowledgeSuggestion[]> {
    if (!asksAboutATopic(locale, question) || !(await this.hasPassages(tenantId))) return [];
    const candidates = await this.store.keywordCandidates(
      tenantId,
      locale,
      expandForSearch(locale, question),
    );
    return suggestingCandidates(candidates)
      .filter((c) => analyzeInjection(c.text).riskLevel !== 'HIGH')
      .map((c) => ({ title: c.title, heading: headingOf(c.text) }));
  }

  /** A section offered, picked by the person: its passage, unless gone or carrying instructions. */
  async section(tenantId: string, section: KnowledgeSuggestion): Promise<KnowledgePassage | undefined> {
    const found = await this.store.passageStartingWith(tenantId, section.title, section.heading);
    if (!found || analyzeInjection(found.text).riskLevel === 'HIGH') return undefined;
    return { title: found.title, text: found.text, score: withRecency(1, found.updatedAt) };
  }

  /** The passage to quote for `question`, or undefined when no document answers it. */
  async answer(tenantId: string, locale: Locale, question: string): Promise<KnowledgePassage | undefined> {
    return (await this.passages(tenantId, locale, question))[0];
  }

  /** The passages that answer `question`, best first, without those that carry instructions. */
  async passages(tenantId: string, locale: Locale, question: string): Promise<KnowledgePassage[]> {
    // A message without a word ("1", "200", "?") asks the documents nothing, whatever passage
    // holds that number: "1" once got a passage about "1% ao mês".
    if (!/\p{L}/u.test(question)) return [];
    return this.recentSearches.get(`${tenantId}\n${locale}\n${question}`, async () =>
      (await this.rank(tenantId, locale, question)).filter(
        (passage) => analyzeInjection(passage.text).riskLevel !== 'HIGH',
      ),
    );
  }

  /**
   * The passages that answer `question`, best first. `threshold: false` ranks without the
   * threshold (the evaluation's recall); `vector` gives the question's vector instead of asking
   * the embedder.
   */
  async rank(
    tenantId: string,
    locale: Locale,
    question: string,
    options: { limit?: number; threshold?: boolean; vector?: QuestionVector } = {},
  ): Promise<KnowledgePassage[]> {
    if (!(await this.hasPassages(tenantId))) return [];
    const limit = options.limit ?? 5;
    const words = expandForSearch(locale, question);
    const vectors = this.options.vectors;
    const vector = vectors && (options.vector ?? (await this.embedQuestion(vectors, tenantId, question)));
    const near = vector ? await vectors.nearest(tenantId, vector.model, vector.vector, DEPTH) : [];
    if (near.length === 0) return this.store.search(tenantId, locale, words, options);

    const keyword = await this.store.keywordCandidates(tenantId, locale, words);
    const fused = reciprocalRankFusion(
      near.map((c) => c.id),
      keyword.map((c) => c.id),
    );
    const threshold = options.threshold !== false;
    const answeringByKeywords = new Set(answeringCandidates(keyword).map((c) => c.id));
    const byKeyword = new Map(keyword.map((c) => [c.id, c]));
    const bySimilarity = new Map(near.map((c) => [c.id, c]));
    const answers = (id: string): boolean => {
      if (!threshold) return true;
      const v = bySimilarity.get(id);
      return answeringByKeywords.has(id) || (v !== undefined && v.similarity >= MIN_SIMILARITY);
    };
    return [...fused.entries()]
      .filter(([id]) => answers(id))
      .map(([id, relevance]) => {
        const passage = (bySimilarity.get(id) ?? byKeyword.get(id))!;
        return { title: passage.title, text: passage.text, score: withRecency(relevance, passage.updatedAt) };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  private hasPassages(tenantId: string): Promise<boolean> {
    return this.withPassages.get(tenantId, () => this.store.hasPassages(tenantId));
  }

  /**
   * The question's vector, asked of the embedding model only when the tenant has passages it
   * embedded: otherwise there is nothing to compare it with, and the call would cost time and
   * money for nothing.
   */
  private async embedQuestion(
    vectors: KnowledgeVectors,
    tenantId: string,
    question: string,
  ): Promise<QuestionVector | undefined> {
    const embeddings = this.options.embeddings;
    const model = await embeddings?.modelOf(tenantId);
    if (!embeddings || !model || !(await vectors.hasAny(tenantId, model))) return undefined;
    return embeddings.embedQuestion(tenantId, question);
  }
}
