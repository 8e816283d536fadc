import { createHash } from 'node:crypto';
import type { Locale } from '../core/locale';
import { HEADING_PATTERN, splitPassages } from '../core/passages';
import { withRecency } from '../core/rank-fusion';
import type { KnowledgePassage } from '../pipeline/ports';
import type { PrismaClient } from './prisma/client';

/**
 * A tenant's knowledge base in PostgreSQL (tables `knowledge_documents`, `knowledge_chunks`):
 * documents an operator adds (already scrubbed of personal data by the caller, see
 * `app/knowledge.ts`), split into passages, each indexed by full-text search in the tenant's
 * language (a `tsvector` with a GIN index).
 *
 * Adding is idempotent: the same text again changes nothing (SHA-256 of the scrubbed text); an
 * updated document keeps the passages it still has and re-indexes only the new ones (SHA-256
 * per passage). Search here is by keywords (`keywordCandidates`: the share of the question's
 * words a passage holds, by weight, its heading's words counted twice, then `ts_rank_cd`), 85 %
 * that and 15 % the document's recency (seed 003 §4.5's four levels); the hybrid ranking with
 * embeddings fuses it with `knowledge-vectors.ts` (`app/knowledge.ts`).
 */

export const DOCUMENT_TYPES = ['faq', 'regulation', 'guide', 'minutes', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface DocumentInput {
  title: string;
  type: DocumentType;
  text: string;
}

export interface PutResult {
  status: 'added' | 'updated' | 'unchanged';
  passages: { added: number; removed: number; kept: number };
}

/** The text search configuration of each locale (PostgreSQL's built-in dictionaries). */
const SEARCH_CONFIG: Record<Locale, string> = { 'pt-BR': 'iris_portuguese', 'es-MX': 'iris_spanish' };

/**
 * Whether the keyword search found an answer at all is a question about the best passage, not a
 * share of words: its relevance, how far it stands above the second one (as a share of its own
 * relevance, so the lead reads the same in a base of three passages and of three hundred), and
 * how many of the question's words it holds (up to five) are added, and the question is answered
 * when that reaches this. The share of words alone (the rule before: half the question's weight)
 * separated answers from wrong and unanswerable questions worst of the measures tried. Chosen on
 * the development sets only (`npm run kb:eval`; before → after in the README, Knowledge).
 */
export const MIN_CONFIDENCE = 1.4;
/** The words of the question the best passage holds count up to this many in its confidence. */
const CONFIDENT_WORDS = 5;
/**
 * Beside the best passage, another one is passed on (to a model writing a grounded answer) when
 * it holds at least this share of the question's words by weight, and two of them.
 */
const MIN_COVERAGE = 0.5;
/**
 * A question's word counts this much more when the passage's heading holds it: the demo
 * documents' headings are the questions people ask ("¿Qué es un fondo de emergencia?"), so a
 * passage whose heading shares the question's words is more likely the answer than one that
 * only mentions them. Chosen on the development sets (es-MX recall@5 87.5 → 93.2 %, MRR 0.67 →
 * 0.72; pt-BR 90.9 → 88.6 %, 0.73 → 0.76), then read once on the held-out ones.
 */
export const HEADING_BONUS = 1;

export class KnowledgeStore {
  constructor(private readonly db: PrismaClient) {}

  /** Adds or updates a document; `input.text` must already be free of personal data. */
  async put(tenantId: string, locale: Locale, input: DocumentInput): Promise<PutResult> {
    const contentHash = sha256(input.text);
    const passages = splitPassages(input.text).map((text, ordinal) => ({
      text,
      ordinal,
      hash: sha256(text),
    }));
    const config = SEARCH_CONFIG[locale];
    return this.db.$transaction(async (tx) => {
      const existing = await tx.knowledgeDocument.findUnique({
        where: { tenantId_title: { tenantId, title: input.title } },
        include: { chunks: { select: { id: true, chunkHash: true } } },
      });
      if (existing && existing.contentHash === contentHash && existing.docType === input.type) {
        const kept = existing.chunks.length;
        return { status: 'unchanged', passages: { added: 0, removed: 0, kept } };
      }
      const document = existing
        ? await tx.knowledgeDocument.update({
            where: { id: existing.id },
            data: { contentHash, docType: input.type },
          })
        : await tx.knowledgeDocument.create({
            data: { tenantId, title: input.title, docType: input.type, contentHash },
          });
      const wanted = new Set(passages.map((p) => p.hash));
      const stale = (existing?.chunks ?? []).filter((chunk) => !wanted.has(chunk.chunkHash));
      if (stale.length > 0)
        await tx.knowledgeChunk.deleteMany({ where: { id: { in: stale.map((c) => c.id) } } });
      const have = new Set((existing?.chunks ?? []).map((chunk) => chunk.chunkHash));
      const fresh = passages.filter((p) => !have.has(p.hash));
      for (const passage of fresh) {
        await tx.$executeRaw`
          INSERT INTO knowledge_chunks (id, "documentId", "tenantId", ordinal, text, "chunkHash", tsv, "headingTsv")
          VALUES (gen_random_uuid(), ${document.id}::uuid, ${tenantId}::uuid, ${passage.ordinal},
                  ${passage.text}, ${passage.hash}, to_tsvector(${config}::regconfig, ${passage.text}),
                  to_tsvector(${config}::regconfig, coalesce(substring(${passage.text} from ${HEADING_PATTERN}::text), '')))`;
      }
      // Passages kept keep their text; their position follows the new document.
      for (const passage of passages.filter((p) => have.has(p.hash))) {
        await tx.knowledgeChunk.updateMany({
          where: { documentId: document.id, chunkHash: passage.hash },
          data: { ordinal: passage.ordinal },
        });
      }
      return {
        status: existing ? 'updated' : 'added',
        passages: { added: fresh.length, removed: stale.length, kept: passages.length - fresh.length },
      };
    });
  }

  /** Removes a document and its passages; false when the tenant has no document of that title. */
  async remove(tenantId: string, title: string): Promise<boolean> {
    const { count } = await this.db.knowledgeDocument.deleteMany({ where: { tenantId, title } });
    return count > 0;
  }

  /** The tenant's documents, with how many passages each has and how many are embedded. */
  async list(
    tenantId: string,
  ): Promise<Array<{ title: string; type: string; passages: number; embedded: number; updatedAt: Date }>> {
    const rows = await this.db.$queryRaw<
      Array<{ title: string; type: string; passages: number; embedded: number; updatedAt: Date }>
    >`
      SELECT d.title, d."docType" AS type, d."updatedAt",
             count(c.id)::int AS passages, count(c.embedding)::int AS embedded
      FROM knowledge_documents d LEFT JOIN knowledge_chunks c ON c."documentId" = d.id
      WHERE d."tenantId" = ${tenantId}::uuid
      GROUP BY d.id
      ORDER BY d.title`;
    return rows;
  }

  /** Whether the tenant has any passage at all. */
  async hasPassages(tenantId: string): Promise<boolean> {
    return (await this.db.knowledgeChunk.findFirst({ where: { tenantId }, select: { id: true } })) !== null;
  }

  /** The first passage of the document `title` that starts with `heading`, if it is still there. */
  async passageStartingWith(
    tenantId: string,
    title: string,
    heading: string,
  ): Promise<{ title: string; text: string; updatedAt: Date } | undefined> {
    const chunk = await this.db.knowledgeChunk.findFirst({
      where: { tenantId, document: { title }, text: { startsWith: heading } },
      orderBy: { ordinal: 'asc' },
      select: { text: true, document: { select: { title: true, updatedAt: true } } },
    });
    return chunk
      ? { title: chunk.document.title, text: chunk.text, updatedAt: chunk.document.updatedAt }
      : undefined;
  }

  /**
   * The passages that answer `question` by keywords, best first: 85 % relevance (mostly the
   * share of the question's words a passage holds, each word weighed by how few passages hold
   * it, and its `ts_rank_cd` against the best one) and 15 % recency (seed 003 §4.5). With the
   * threshold (the default), none unless the best passage is confident enough
   * (`answeringCandidates`); `threshold: false` ranks every candidate.
   */
  async search(
    tenantId: string,
    locale: Locale,
    question: string,
    options: { limit?: number; threshold?: boolean } = {},
  ): Promise<KnowledgePassage[]> {
    const limit = options.limit ?? 5;
    const candidates = await this.keywordCandidates(tenantId, locale, question);
    return (options.threshold === false ? candidates : answeringCandidates(candidates))
      .map((c) => ({ title: c.title, text: c.text, score: withRecency(c.relevance, c.updatedAt) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  /**
   * Up to 20 passages holding words of the question, those holding the most of it (by weight)
   * first, each with its keyword relevance (0..1).
   */
  async keywordCandidates(tenantId: string, locale: Locale, question: string): Promise<KeywordCandidate[]> {
    const config = SEARCH_CONFIG[locale];
    const rows = await this.db.$queryRaw<
      Array<{
        id: string;
        title: string;
        text: string;
        rank: number;
        matched: number;
        terms: number;
        matchedWeight: number;
        totalWeight: number;
        headingWeight: number;
        updatedAt: Date;
      }>
    >`
      WITH terms AS (
        -- The question's stems; a stem of five letters or more also matches longer words that
        -- start with it ("lembr" finds "lembrete", "venc" finds "vencimento"): the same idea
        -- said with another ending.
        SELECT lexeme,
               to_tsquery('simple', quote_literal(lexeme) || CASE WHEN length(lexeme) >= 5 THEN ':*' ELSE '' END) AS tq
        FROM (SELECT DISTINCT lexeme FROM unnest(to_tsvector(${config}::regconfig, ${question}))) stems
      ), q AS (
        SELECT CASE WHEN count(*) = 0 THEN NULL ELSE string_agg(tq::text, ' | ')::tsquery END AS query FROM terms
      ), n AS (
        SELECT greatest(count(*), 1)::float AS n FROM knowledge_chunks WHERE "tenantId" = ${tenantId}::uuid
      ), weights AS (
        -- A word most passages hold ("boleto") says little about which one answers: IDF. A
        -- word no passage holds ("demora" in "quanto tempo demora…") weighs as little as one
        -- every passage holds: phrasing, not topic.
        SELECT t.lexeme, t.tq,
               CASE WHEN count(c.id) = 0 THEN ln(2) ELSE ln(1 + n.n / count(c.id)) END AS weight
        FROM terms t CROSS JOIN n
        LEFT JOIN knowledge_chunks c
          ON c."tenantId" = ${tenantId}::uuid AND c.tsv @@ t.tq
        GROUP BY t.lexeme, t.tq, n.n
      ), totals AS (
        SELECT count(*)::int AS terms, coalesce(sum(weight), 0)::float AS "totalWeight" FROM weights
      ), matches AS (
        -- Each passage holding a word of the question against each word, once: the words it
        -- holds, their weight, and their weight in its heading (the passage's first sentence,
        -- a question or a title ending in ':', indexed with the passage).
        SELECT c.id,
               count(*) FILTER (WHERE c.tsv @@ w.tq)::int AS matched,
               coalesce(sum(w.weight) FILTER (WHERE c.tsv @@ w.tq), 0)::float AS "matchedWeight",
               coalesce(sum(w.weight) FILTER (WHERE c."headingTsv" @@ w.tq), 0)::float AS "headingWeight"
        FROM knowledge_chunks c CROSS JOIN q CROSS JOIN weights w
        WHERE c."tenantId" = ${tenantId}::uuid AND q.query IS NOT NULL AND c.tsv @@ q.query
        GROUP BY c.id
      )
      SELECT c.id, d.title, c.ordinal, c.text, ts_rank_cd(c.tsv, q.query, 32) AS rank, d."updatedAt",
             m.matched, totals.terms, m."matchedWeight", totals."totalWeight", m."headingWeight"
      FROM matches m JOIN knowledge_chunks c ON c.id = m.id JOIN knowledge_documents d ON d.id = c."documentId"
      CROSS JOIN q CROSS JOIN totals
      -- The passages holding the most of the question by weight, not the most occurrences of
      -- its commonest word (ts_rank_cd alone favours every passage that says "boleto" often).
      ORDER BY m."matchedWeight" + ${HEADING_BONUS} * m."headingWeight" DESC, rank DESC, d.title, c.ordinal -- ties in document order, the same every time
      LIMIT 20`;
    const top = Math.max(...rows.map((row) => Number(row.rank)), 0);
    return rows.map((row) => {
      const coverage = row.totalWeight > 0 ? row.matchedWeight / row.totalWeight : 0;
      const headed =
        row.totalWeight > 0
          ? (row.matchedWeight + HEADING_BONUS * row.headingWeight) / (row.totalWeight * (1 + HEADING_BONUS))
          : 0;
      return {
        id: row.id,
        title: row.title,
        text: row.text,
        updatedAt: row.updatedAt,
        coverage,
        matched: row.matched,
        terms: row.terms,
        relevance: 0.8 * headed + 0.2 * (top > 0 ? Number(row.rank) / top : 0),
      };
    });
  }
}

/** A passage found by keywords, before the threshold. */
export interface KeywordCandidate {
  id: string;
  title: string;
  text: string;
  updatedAt: Date;
  /** Share of the question's words (by IDF weight) the passage holds. */
  coverage: number;
  matched: number;
  terms: number;
  /** 0..1: coverage mostly, and `ts_rank_cd` against the best candidate. */
  relevance: number;
}

/**
 * The candidates that answer by keywords: none unless the most relevant one reaches
 * {@link MIN_CONFIDENCE}, and holds two of the question's words (one for a one-word question: a
 * single shared word is a coincidence); then it, and every other that holds
 * {@link MIN_COVERAGE} of the question and two of its words.
 */
export function answeringCandidates(candidates: KeywordCandidate[]): KeywordCandidate[] {
  const [best, second] = [...candidates].sort((a, b) => b.relevance - a.relevance);
  if (best === undefined || !holdsTwoWords(best) || answerConfidence(best, second) < MIN_CONFIDENCE)
    return [];
  return candidates.filter((c) => c === best || (holdsTwoWords(c) && c.coverage >= MIN_COVERAGE));
}

/**
 * The best passage's relevance, its lead over the second as a share of its relevance, and the
 * question's words it holds (0 to 3).
 */
export function answerConfidence(best: KeywordCandidate, second: KeywordCandidate | undefined): number {
  const lead = best.relevance > 0 ? (best.relevance - (second?.relevance ?? 0)) / best.relevance : 0;
  return best.relevance + lead + Math.min(best.matched, CONFIDENT_WORDS) / CONFIDENT_WORDS;
}

/** At most this many sections are offered when no passage answers (`suggestingCandidates`). */
export const SUGGESTIONS = 3;

/**
 * The sections to offer when no passage answers with confidence: the most relevant ones that
 * hold two of the question's words or more (one shared word is a coincidence), up to
 * {@link SUGGESTIONS}. Chosen on the development sets (README, Knowledge: "When no passage
 * answers"): of the answerable questions that got the pack's help, about half then see the
 * right section among these.
 */
export function suggestingCandidates(candidates: KeywordCandidate[]): KeywordCandidate[] {
  return [...candidates]
    .sort((a, b) => b.relevance - a.relevance)
    .filter((c) => c.matched >= 2)
    .slice(0, SUGGESTIONS);
}

function holdsTwoWords(c: KeywordCandidate): boolean {
  return c.matched >= Math.min(2, c.terms);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
