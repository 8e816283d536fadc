import { cosine } from '../core/rank-fusion';
import { ReadCache } from '../core/read-cache';
import type { PrismaClient } from './prisma/client';

/** A passage found by meaning: its cosine similarity to the question (-1..1). */
export interface VectorCandidate {
  id: string;
  title: string;
  text: string;
  updatedAt: Date;
  similarity: number;
}

interface TenantVectors {
  ids: string[];
  vectors: Float32Array[];
}

/** How long a process keeps a tenant's vectors before reading them again (other processes' changes). */
const CACHE_MS = 30_000;

/**
 * The embeddings of a tenant's passages (`knowledge_chunks.embedding`, `real[]`, with the model
 * that made them) and the nearest passages to a question's vector.
 *
 * Where the database has the pgvector extension (`CREATE EXTENSION vector`), the comparison runs
 * in PostgreSQL (`embedding::vector <=> question`), with no copy of the vectors in the process;
 * where it has not (it is not packaged for every PostgreSQL), each process keeps a tenant's
 * vectors in memory and compares them itself — 768 floats per passage, about 3 KB: a tenant with
 * 10,000 passages costs ~30 MB per process and a few milliseconds per question. The README says
 * which serves which scale.
 */
export class KnowledgeVectors {
  private readonly cache = new ReadCache<TenantVectors>(CACHE_MS);
  private readonly counts = new ReadCache<number>(CACHE_MS);
  private pgvector: Promise<boolean> | undefined;

  /** `inProcess`: compare here even where pgvector is installed (tests compare the two). */
  constructor(
    private readonly db: PrismaClient,
    private readonly options: { inProcess?: boolean } = {},
  ) {}

  /** Whether comparisons run in PostgreSQL (pgvector installed in this database). */
  usesPgvector(): Promise<boolean> {
    if (this.options.inProcess) return Promise.resolve(false);
    return (this.pgvector ??= this.db.$queryRaw<
      Array<{ n: number }>
    >`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`.then(
      (rows) => (rows[0]?.n ?? 0) > 0,
    ));
  }

  /** Passages without an embedding of `model`, in document order, at most `limit`. */
  backlog(tenantId: string, model: string, limit: number): Promise<Array<{ id: string; text: string }>> {
    return this.db.$queryRaw<Array<{ id: string; text: string }>>`
      SELECT id, text FROM knowledge_chunks
      WHERE "tenantId" = ${tenantId}::uuid AND ("embeddingModel" IS DISTINCT FROM ${model} OR embedding IS NULL)
      ORDER BY "documentId", ordinal
      LIMIT ${limit}`;
  }

  /** How many of the tenant's passages have an embedding of `model`, and how many in all. */
  async progress(
    tenantId: string,
    model: string | undefined,
  ): Promise<{ embedded: number; passages: number }> {
    const [row] = await this.db.$queryRaw<Array<{ embedded: number; passages: number }>>`
      SELECT count(*) FILTER (WHERE embedding IS NOT NULL AND "embeddingModel" = ${model ?? ''})::int AS embedded,
             count(*)::int AS passages
      FROM knowledge_chunks WHERE "tenantId" = ${tenantId}::uuid`;
    return row ?? { embedded: 0, passages: 0 };
  }

  /** Stores passages' vectors; a passage removed meanwhile is skipped. */
  async save(
    tenantId: string,
    model: string,
    rows: ReadonlyArray<{ id: string; vector: readonly number[] }>,
  ): Promise<void> {
    await this.db.$transaction(
      rows.map(
        (row) => this.db.$executeRaw`
          UPDATE knowledge_chunks SET embedding = ${row.vector as number[]}::real[], "embeddingModel" = ${model}
          WHERE id = ${row.id}::uuid AND "tenantId" = ${tenantId}::uuid`,
      ),
    );
    this.forget(tenantId);
  }

  /** Drops what this process keeps of a tenant's vectors (its passages changed). */
  forget(tenantId: string): void {
    this.cache.forget(`${tenantId}|`);
    this.counts.forget(`${tenantId}|`);
  }

  /**
   * Whether the tenant has any passage embedded by `model`: a question is embedded only when
   * there is something to compare it with (a tenant without documents, or whose passages are
   * not embedded yet, costs no embedding call). Known for `CACHE_MS`, like the vectors.
   */
  async hasAny(tenantId: string, model: string): Promise<boolean> {
    if (!(await this.usesPgvector())) return (await this.inProcess(tenantId, model)).ids.length > 0;
    const count = this.counts.get(`${tenantId}|${model}`, async () => {
      const [row] = await this.db.$queryRaw<Array<{ n: number }>>`
        SELECT count(*)::int AS n FROM knowledge_chunks
        WHERE "tenantId" = ${tenantId}::uuid AND "embeddingModel" = ${model} AND embedding IS NOT NULL`;
      return row?.n ?? 0;
    });
    return (await count) > 0;
  }

  /** The `k` passages nearest to `vector` among those embedded by `model`, nearest first. */
  async nearest(
    tenantId: string,
    model: string,
    vector: readonly number[],
    k = 20,
  ): Promise<VectorCandidate[]> {
    // Vectors of another length (a model's dimension changed) are not comparable: never matched.
    if (vector.length === 0) return [];
    const ranked = (await this.usesPgvector())
      ? await this.db.$queryRaw<Array<{ id: string; similarity: number }>>`
          SELECT id, 1 - (embedding::vector <=> ${vector as number[]}::real[]::vector) AS similarity
          FROM knowledge_chunks
          WHERE "tenantId" = ${tenantId}::uuid AND "embeddingModel" = ${model} AND embedding IS NOT NULL
            AND array_length(embedding, 1) = ${vector.length}
          ORDER BY embedding::vector <=> ${vector as number[]}::real[]::vector
          LIMIT ${k}`
      : await this.nearestInProcess(tenantId, model, vector, k);
    if (ranked.length === 0) return [];
    const rows = await this.db.$queryRaw<Array<{ id: string; title: string; text: string; updatedAt: Date }>>`
      SELECT c.id, d.title, c.text, d."updatedAt"
      FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c."documentId"
      WHERE c.id = ANY(${ranked.map((r) => r.id)}::uuid[])`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [{ ...row, similarity: Number(r.similarity) }] : [];
    });
  }

  private async nearestInProcess(
    tenantId: string,
    model: string,
    vector: readonly number[],
    k: number,
  ): Promise<Array<{ id: string; similarity: number }>> {
    const { ids, vectors } = await this.inProcess(tenantId, model);
    return vectors
      .flatMap((v, i) => (v.length === vector.length ? [{ id: ids[i]!, similarity: cosine(vector, v) }] : []))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, k);
  }

  /** A tenant's vectors of `model`, read once per `CACHE_MS` however many questions ask at once. */
  private inProcess(tenantId: string, model: string): Promise<TenantVectors> {
    return this.cache.get(`${tenantId}|${model}`, async () => {
      const rows = await this.db.$queryRaw<Array<{ id: string; embedding: number[] }>>`
        SELECT id, embedding FROM knowledge_chunks
        WHERE "tenantId" = ${tenantId}::uuid AND "embeddingModel" = ${model} AND embedding IS NOT NULL`;
      return { ids: rows.map((row) => row.id), vectors: rows.map((row) => Float32Array.from(row.embedding)) };
    });
  }
}
