import { Queue } from 'bullmq';
import Fastify, { type FastifyInstance } from 'fastify';
import { outboundQueueName } from '../queues/names';
import { CHANNEL_MODULES } from './channels/registry';
import type { Container } from './container';
import { createWebMetrics, type WebMetrics } from './metrics';
import { renderSharedMetrics } from './shared-metrics';

/**
 * The `web` process: liveness, readiness, Prometheus metrics, the queue dashboard, and the
 * routes channels add (the Telegram webhook). Requests never wait for the pipeline.
 *
 * - GET /health: the process is up (no dependency is checked: a restart would not fix them).
 * - GET /ready: Redis, PostgreSQL and at least one pipeline worker answer; 503 otherwise.
 * - GET /metrics: this process' metrics, queue depths and ages, conversations waiting, and the
 *   counters every other process adds to Redis (shared-metrics.ts).
 * - /dashboard: bull-board behind basic auth, only when DASHBOARD_CREDENTIALS is set.
 *
 * Await `app.ready()` (or `listen`) before use: the dashboard registers asynchronously.
 */
export function buildWeb(c: Container, extraQueues: Queue[] = []): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  const metrics = createWebMetrics();
  // Read-only handles on the channels' reply queues, for their depths and the dashboard.
  const outbound = CHANNEL_MODULES.filter((module) => module.ownProcess).map(
    (module) =>
      new Queue(outboundQueueName(module.id, ''), { connection: c.connection, prefix: c.config.IRIS_PREFIX }),
  );
  const queues = [c.turns, c.transcribe, ...outbound, ...extraQueues];
  app.addHook('onClose', async () => {
    await Promise.allSettled(outbound.map((q) => q.close()));
  });

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
    try {
      await readGauges(c, queues, metrics);
      const text =
        (await metrics.registry.metrics()) + (await renderSharedMetrics(c.redis, c.keys.metrics()));
      return reply.header('content-type', metrics.registry.contentType).send(text);
    } catch (error) {
      // Redis is needed for almost every figure: say so instead of exporting stale zeros.
      return reply.code(503).send(`metrics unavailable: ${error instanceof Error ? error.message : error}\n`);
    }
  });

  if (c.config.DASHBOARD_CREDENTIALS) {
    const credentials = c.config.DASHBOARD_CREDENTIALS;
    // Loaded only when enabled: bull-board's static-file plugin pulls in ES-only modules, which
    // Node 20 loads fine but jest's module loader cannot (tests that need it spawn the process).
    app.register(async (scope) =>
      (await import('./dashboard.js')).mountDashboard(scope, queues, credentials),
    );
  }
  return app;
}

async function readGauges(c: Container, queues: Queue[], metrics: WebMetrics): Promise<void> {
  await Promise.all(
    queues.map(async (queue) => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      for (const [state, n] of Object.entries(counts))
        metrics.queueDepth.set({ queue: queue.name, state }, n);
      const [oldest] = await queue.getWaiting(0, 0);
      metrics.oldestWaitingSeconds.set(
        { queue: queue.name },
        oldest ? (Date.now() - oldest.timestamp) / 1000 : 0,
      );
    }),
  );
  metrics.mailboxesWaiting.set(await c.redis.zcard(c.keys.activeMailboxes()));
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
