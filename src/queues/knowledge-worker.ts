import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUES } from './names';

/** An embedding run for a tenant's knowledge base; `run` numbers the runs of one backlog. */
export interface KnowledgeJobData {
  tenantId: string;
  run?: number;
}

/** What one run did: passages embedded and still waiting, or why it embedded nothing. */
export type EmbeddingRun = { embedded: number; remaining: number } | 'keyword only' | 'tenant gone';

/** Seed 003 §4.2: 100 passages per run, 3 attempts 30 s / 2 min / 8 min apart, 5 minutes per run. */
export const KNOWLEDGE_JOBS = {
  passagesPerRun: 100,
  attempts: 3,
  backoffMs: [30_000, 120_000, 480_000],
  timeoutMs: 5 * 60_000,
} as const;

/**
 * Asks for a tenant's passages without an embedding to be embedded. One job per tenant and run
 * (its id): asking again while one waits adds nothing.
 */
export async function requestEmbeddings(queue: Queue, tenantId: string, run = 0): Promise<void> {
  await queue.add('embed', { tenantId, run } satisfies KnowledgeJobData, {
    jobId: `embed-${tenantId}-${run}`,
    attempts: KNOWLEDGE_JOBS.attempts,
    backoff: { type: 'knowledge' },
    // A failed run is logged and gone: kept, its id would refuse the next request for the tenant.
    removeOnComplete: true,
    removeOnFail: true,
  });
}

export interface KnowledgeWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  /** The queue the next run of a long backlog goes on (the worker's own). */
  queue: Queue;
  /** Embeds up to `passagesPerRun` of the tenant's waiting passages; throws to be tried again. */
  embedRun: (tenantId: string, limit: number, signal: AbortSignal) => Promise<EmbeddingRun>;
  logger: Logger;
  /** Waits between attempts (default {@link KNOWLEDGE_JOBS}.backoffMs; tests shorten them). */
  backoffMs?: readonly number[];
}

/**
 * The ingestion job of the knowledge base (seed 003 §4.2, the README's "Knowledge base"): documents are split, scrubbed and indexed for keywords when they are added; this job
 * embeds their passages for hybrid search, 100 per run, a run that leaves some waiting asking
 * for the next. Idempotent: a run embeds only passages without an embedding of the tenant's
 * model (a passage is identified by its text's SHA-256, so an updated document re-embeds only
 * what changed), and a retried run finds what the failed one saved.
 */
export function startKnowledgeWorker(deps: KnowledgeWorkerDeps): Worker<KnowledgeJobData> {
  const backoff = deps.backoffMs ?? KNOWLEDGE_JOBS.backoffMs;
  const worker = new Worker<KnowledgeJobData>(QUEUES.knowledge, (job) => embedRun(deps, job), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: 1,
    settings: { backoffStrategy: (attemptsMade: number) => backoff[attemptsMade - 1] ?? backoff.at(-1)! },
  });
  worker.on('failed', (job, error) =>
    deps.logger.warn(
      { err: error, tenantId: job?.data.tenantId, attempt: job?.attemptsMade },
      'knowledge passages not embedded (tried again later)',
    ),
  );
  worker.on('error', (error) => deps.logger.warn({ err: error }, 'knowledge worker error (retrying)'));
  return worker;
}

async function embedRun(deps: KnowledgeWorkerDeps, job: Job<KnowledgeJobData>): Promise<EmbeddingRun> {
  const { tenantId } = job.data;
  const run = job.data.run ?? 0;
  const outcome = await deps.embedRun(
    tenantId,
    KNOWLEDGE_JOBS.passagesPerRun,
    AbortSignal.timeout(KNOWLEDGE_JOBS.timeoutMs),
  );
  if (typeof outcome === 'string') return outcome;
  await job.updateProgress(outcome);
  deps.logger.info({ tenantId, run, ...outcome }, 'knowledge passages embedded');
  if (outcome.remaining > 0 && outcome.embedded > 0) await requestEmbeddings(deps.queue, tenantId, run + 1);
  return outcome;
}
