import { Queue } from 'bullmq';
import { loadConfig } from '../config';
import type { KnowledgeIngestion } from '../src/app/knowledge';
import { aiProvidersFrom } from '../src/app/ai-providers';
import { redisConnection } from '../src/app/container';
import { createLogger } from '../src/app/logger';
import { requestEmbeddings } from '../src/queues/knowledge-worker';
import { QUEUES } from '../src/queues/names';

/** What `kb add` says about the new passages' embeddings. */
export const EMBEDDING_NOTE = {
  queued:
    'New passages queued for embedding: a pipeline process with an embedding model embeds them (npm run iris -- kb list shows how many are done); keyword search works meanwhile.',
  'not queued':
    'New passages not queued for embedding (no embedding model configured here, or Redis unreachable): keyword search only until a pipeline process with an embedding model catches up.',
  unchanged: 'No new passages to embed.',
} as const;

/**
 * Runs `fn` with the knowledge base's ingestion queue when this configuration has an embedding
 * model; a Redis that does not answer within a few
 * seconds leaves the passages to the pipeline's periodic catch-up.
 */
export async function withKnowledgeQueue<T>(
  fn: (ingestion: KnowledgeIngestion | undefined) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  if (!aiProvidersFrom(config, createLogger('silent')).anyEmbedder) return fn(undefined);
  const queue = new Queue(QUEUES.knowledge, {
    connection: { ...redisConnection(config.REDIS_URL), maxRetriesPerRequest: 1, enableOfflineQueue: false },
    prefix: config.IRIS_PREFIX,
  });
  queue.on('error', () => undefined);
  try {
    return await fn({
      request: (tenantId) =>
        Promise.race([
          requestEmbeddings(queue, tenantId),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('Redis did not answer')), 5_000).unref(),
          ),
        ]),
    });
  } finally {
    await queue.close().catch(() => undefined);
  }
}
