import { Worker } from 'bullmq';
import { requestEmbeddings, startKnowledgeWorker, type EmbeddingRun } from '../queues/knowledge-worker';
import type { TenantProfile } from '../domains/types';
import type { KnowledgeEmbeddings } from '../engine';
import type { KnowledgeVectors } from '../stores/knowledge-vectors';
import type { Container } from './container';
import type { ScheduledJob } from './scheduled-jobs';

/**
 * One embedding run of a tenant's knowledge base: up to `limit` passages without an embedding of
 * the tenant's model, embedded in one call and saved. Nothing to do without an embedding model
 * (keyword search alone) or when the tenant may not use AI now.
 */
export async function embedBacklog(
  embeddings: KnowledgeEmbeddings,
  vectors: KnowledgeVectors,
  tenant: TenantProfile,
  limit: number,
  signal?: AbortSignal,
): Promise<EmbeddingRun> {
  const model = embeddings.modelOf(tenant);
  if (!model) return 'keyword only';
  const batch = await vectors.backlog(tenant.id, model, limit);
  if (batch.length === 0) return { embedded: 0, remaining: 0 };
  const out = await embeddings.embedPassages(
    tenant,
    batch.map((p) => p.text),
    signal,
  );
  if (!out) return 'keyword only';
  if (out.vectors.length !== batch.length)
    throw new Error(`embedding provider returned ${out.vectors.length} vectors for ${batch.length} passages`);
  await vectors.save(
    tenant.id,
    out.model,
    batch.map((p, i) => ({ id: p.id, vector: out.vectors[i]! })),
  );
  const { embedded, passages } = await vectors.progress(tenant.id, out.model);
  return { embedded: batch.length, remaining: passages - embedded };
}

/** The ingestion job's run for a tenant id, with this process's embedder and vectors. */
export function embeddingRunner(c: Container) {
  return async (tenantId: string, limit: number, signal: AbortSignal): Promise<EmbeddingRun> => {
    const tenant = await c.directory.tenant(tenantId);
    if (!tenant) return 'tenant gone';
    return embedBacklog(c.knowledgeEmbeddings, c.knowledgeVectors, tenant, limit, signal);
  };
}

/** The ingestion worker of a pipeline process, when an embedding model is configured. */
export function startKnowledgeIngestion(c: Container, backoffMs?: readonly number[]): Worker | undefined {
  if (!c.aiProviders.anyEmbedder) return undefined;
  return startKnowledgeWorker({
    connection: c.connection,
    prefix: c.queuePrefix,
    queue: c.knowledgeQueue,
    embedRun: embeddingRunner(c),
    logger: c.logger.child({ component: 'knowledge-ingestion' }),
    ...(backoffMs ? { backoffMs } : {}),
  });
}

/**
 * The periodic catch-up: tenants with passages never embedded (added while no pipeline process
 * had an embedding model, or by the seed) get an embedding run.
 */
export function knowledgeCatchUp(c: Container, everyMs: number): ScheduledJob {
  return {
    id: 'knowledge-embeddings',
    everyMs,
    run: async () => {
      // Only tenants that may use AI: the others are searched by keywords alone.
      const rows = await c.db.$queryRaw<Array<{ tenantId: string }>>`
        SELECT DISTINCT c."tenantId" FROM knowledge_chunks c JOIN tenants t ON t.id = c."tenantId"
        WHERE c.embedding IS NULL AND (t."aiSettings"->>'enabled') = 'true'`;
      for (const { tenantId } of rows) await requestEmbeddings(c.knowledgeQueue, tenantId);
      return { tenants: rows.length };
    },
  };
}
