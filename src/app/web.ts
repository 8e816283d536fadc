import type { Queue } from 'bullmq';
import Fastify, { type FastifyInstance } from 'fastify';
import { oldestWaitingSeconds, queueDepth, registry } from './metrics';
import type { Container } from './container';

/**
 * The `web` process: liveness, readiness, Prometheus metrics, and the routes channels add
 * (the Telegram webhook). Requests never wait for the pipeline.
 */
export function buildWeb(c: Container, extraQueues: Queue[] = []): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  const queues = [c.turns, c.transcribe, ...extraQueues];

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/ready', async (_req, reply) => {
    const checks = await Promise.all([
      probe('redis', async () => {
        await c.redis.ping();
      }),
      probe('postgres', async () => {
        await c.db.$queryRaw`SELECT 1`;
      }),
      probe('pipeline_workers', async () => {
        const workers = await c.turns.getWorkersCount();
        if (workers === 0) throw new Error('no pipeline worker connected');
      }),
    ]);
    const ok = checks.every((check) => check.ok);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', checks });
  });

  app.get('/metrics', async (_req, reply) => {
    for (const queue of queues) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      for (const [state, n] of Object.entries(counts)) queueDepth.set({ queue: queue.name, state }, n);
      const [oldest] = await queue.getWaiting(0, 0);
      oldestWaitingSeconds.set({ queue: queue.name }, oldest ? (Date.now() - oldest.timestamp) / 1000 : 0);
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });

  return app;
}

async function probe(
  name: string,
  fn: () => Promise<void>,
): Promise<{ name: string; ok: boolean; error?: string }> {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2_000).unref()),
    ]);
    return { name, ok: true };
  } catch (error) {
    return { name, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
