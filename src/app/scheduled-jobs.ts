import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUES } from '../queues/names';
import type { Container } from './container';

/** A periodic job of the deployment: run every `everyMs`, once per period cluster-wide. */
export interface ScheduledJob {
  id: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * Periodic jobs as BullMQ job schedulers on the `scheduled` queue: each job's scheduler is kept
 * in Redis (every pipeline process upserts the same ones) and every pipeline process runs a
 * worker, so a job runs once per period for the whole deployment while any pipeline process is
 * up. A job this process does not know (a scheduler left by another configuration) is skipped.
 */
export function startScheduledJobs(
  c: Container,
  jobs: readonly ScheduledJob[],
  logger: Logger,
): { stop(): Promise<void> } {
  const connection = c.connection;
  const prefix = c.queuePrefix;
  const queue = new Queue(QUEUES.scheduled, { connection, prefix });
  queue.on('error', (error) => logger.warn({ err: error }, 'scheduled jobs queue error (retrying)'));
  for (const job of jobs) {
    void queue
      .upsertJobScheduler(
        job.id,
        { every: job.everyMs },
        { name: job.id, opts: { removeOnComplete: 10, removeOnFail: 50 } },
      )
      .catch((error: unknown) => logger.error({ err: error, job: job.id }, 'periodic job not scheduled'));
  }
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const worker = new Worker(
    QUEUES.scheduled,
    async (bullJob) => {
      const job = byId.get(bullJob.name);
      if (!job) {
        logger.info({ job: bullJob.name }, 'periodic job not run here (not configured in this process)');
        return undefined;
      }
      return job.run(new Date());
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'scheduled jobs worker error (retrying)'));
  worker.on('failed', (job, error) => logger.warn({ err: error, job: job?.name }, 'periodic job failed'));
  return {
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
