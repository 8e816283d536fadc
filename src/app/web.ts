import { Queue } from 'bullmq';
import Fastify, { type FastifyInstance } from 'fastify';
import { outboundQueueName } from '../queues/names';
import { CHANNEL_MODULES } from './channels/registry';
import { WhatsappStatusBoard } from './channels/whatsapp-status';
import type { Container } from './container';
import { createWebMetrics, type WebMetrics } from './metrics';
import { mountProviderWebhooks } from './provider-webhooks';
import { mountMemoryApi } from './memory-api';
import { mountPlatformAiApi } from './platform-ai-api';
import { renderSharedMetrics } from './shared-metrics';
import { p95Ms } from '../stores/model-call-stats';

/**
 * The `web` process: liveness, readiness, Prometheus metrics, the queue dashboard, and the
 * routes channels add (the Telegram webhook). Requests never wait for the pipeline.
 *
 * - GET /health: the process is up (no dependency is checked: a restart would not fix them).
 * - GET /ready: Redis, PostgreSQL and at least one pipeline worker answer; 503 otherwise. When a
 *   whatsapp process reports and none holds an open connection: 200 "degraded", with its states.
 * - GET /metrics: this process' metrics, queue depths and ages, conversations waiting, and the
 *   counters every other process adds to Redis (shared-metrics.ts).
 * - /dashboard: bull-board behind basic auth, only when DASHBOARD_CREDENTIALS is set.
 * - POST /webhooks/asaas/:tenant: payment events of tenants connected to Asaas (provider-webhooks.ts).
 * - /platform/ai/metrics/{usage,providers,cost}: the operator API for the AI, behind
 *   OPERATOR_TOKEN, only when it is set (platform-ai-api.ts);
 * - /platform/memories: people's memories, list, edit, deactivate, delete, behind the same
 *   token (memory-api.ts).
 *
 * Await `app.ready()` (or `listen`) before use: the dashboard registers asynchronously.
 */
export function buildWeb(c: Container, extraQueues: Queue[] = []): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  const metrics = createWebMetrics();
  // Read-only handles on the channels' reply queues, for their depths and the dashboard.
  const outbound = CHANNEL_MODULES.filter((module) => module.served).map(
    (module) =>
      new Queue(outboundQueueName(module.id, ''), { connection: c.connection, prefix: c.queuePrefix }),
  );
  const queues = [c.turns, c.transcribe, ...outbound, ...extraQueues];
  app.addHook('onClose', async () => {
    await Promise.allSettled(outbound.map((q) => q.close()));
  });

  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/ready', async (_req, reply) => {
    const checks: ReadyCheck[] = await Promise.all([
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
    const whatsapp = await whatsappCheck(c).catch(() => undefined); // Redis down: already failing above
    if (whatsapp) checks.push(whatsapp);
    const ok = checks.every((check) => check.ok || check.degraded);
    const status = !ok ? 'not_ready' : checks.every((check) => check.ok) ? 'ready' : 'degraded';
    return reply.code(ok ? 200 : 503).send({ status, checks });
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

  mountProviderWebhooks(app, c);
  if (c.config.OPERATOR_TOKEN) {
    mountPlatformAiApi(app, c, c.config.OPERATOR_TOKEN);
    mountMemoryApi(app, c, c.config.OPERATOR_TOKEN);
  }

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
  const now = new Date();
  const calls = await c.modelCallStats.window(now, 5 * 60_000);
  metrics.aiCostTodayUsd.set(await c.modelCallStats.dailyCostUsd(now.toISOString().slice(0, 10)));
  metrics.aiProviderCalls.set({ outcome: 'ok' }, calls.ok);
  metrics.aiProviderCalls.set({ outcome: 'error' }, calls.error);
  metrics.aiProviderCalls.set({ outcome: 'circuit_open' }, calls.circuitOpen);
  const p95 = p95Ms(calls);
  metrics.aiProviderP95Seconds.set(p95 === undefined ? 0 : p95 / 1000);
  const account = c.config.WHATSAPP_ACCOUNT;
  metrics.whatsappProcesses.reset();
  for (const { state } of await new WhatsappStatusBoard(c.redis, c.keys, account).states())
    metrics.whatsappProcesses.inc({ account, state });
}

/**
 * WhatsApp, when a whatsapp process has reported in the last 90 s: fine when one holds an open
 * connection; otherwise degraded (the web and the pipeline still work; replies to WhatsApp wait),
 * with each process' state, so the operator sees "logged_out" or "pairing" without the logs.
 */
async function whatsappCheck(c: Container): Promise<ReadyCheck | undefined> {
  const states = await new WhatsappStatusBoard(c.redis, c.keys, c.config.WHATSAPP_ACCOUNT).states();
  if (states.length === 0) return undefined;
  if (states.some((s) => s.state === 'open')) return { name: 'whatsapp', ok: true };
  return {
    name: 'whatsapp',
    ok: false,
    degraded: true,
    error: `no open connection (${states.map((s) => `${s.process}: ${s.state}`).join(', ')})`,
  };
}

interface ReadyCheck {
  name: string;
  ok: boolean;
  /** A failing check that leaves the process useful (it does not make /ready 503). */
  degraded?: boolean;
  error?: string;
}

async function probe(name: string, fn: () => Promise<void>): Promise<ReadyCheck> {
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
