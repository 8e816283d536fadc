import { Queue, Worker } from 'bullmq';
import { QUEUES } from '../../queues/names';
import type { Container } from '../container';
import { evaluateAlerts, type AlertEvaluatorDeps } from './evaluator';

/**
 * The AI alerts as a BullMQ job scheduler: one `evaluate` job every `everyMs` for the whole
 * deployment (the scheduler is stored in Redis; every pipeline process upserts the same one and
 * runs a worker, and whichever worker takes a job runs it), so alerts keep being evaluated while
 * any pipeline process is up, once per period however many there are.
 */
export function startAiAlerts(
  c: Container,
  deps: AlertEvaluatorDeps,
  everyMs: number,
): { stop(): Promise<void> } {
  const connection = c.connection;
  const prefix = c.config.IRIS_PREFIX;
  const queue = new Queue(QUEUES.alerts, { connection, prefix });
  const logger = deps.logger;
  queue.on('error', (error) => logger.warn({ err: error }, 'alerts queue error (retrying)'));
  void queue
    .upsertJobScheduler(
      'ai-alerts',
      { every: everyMs },
      { name: 'evaluate', opts: { removeOnComplete: 10, removeOnFail: 50 } },
    )
    .catch((error: unknown) => logger.error({ err: error }, 'AI alerts not scheduled'));
  const worker = new Worker(
    QUEUES.alerts,
    async () => {
      const { fired, resolved } = await evaluateAlerts(deps, new Date());
      return { fired, resolved };
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'alerts worker error (retrying)'));
  worker.on('failed', (_job, error) => logger.warn({ err: error }, 'AI alerts evaluation failed'));
  return {
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
