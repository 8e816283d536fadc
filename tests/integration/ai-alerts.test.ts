import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import { evaluateAlerts, type AlertEvaluatorDeps } from '../../src/app/ai-alerts/evaluator';
import { startScheduledJobs } from '../../src/app/scheduled-jobs';
import { HttpAlertWebhook } from '../../src/app/ai-alerts/webhook';
import { RedisKeys } from '../../src/core/redis-keys';
import { boletosPack } from '../../src/domains/boletos';
import type { TenantProfile } from '../../src/domains/types';
import { createIntentEngine, type EngineUnderstanding } from '../../src/engine';
import { PrismaAiUsageStore } from '../../src/stores/ai-usage-store';
import { RedisAiSwitch } from '../../src/stores/ai-switch';
import { RedisModelCallStats } from '../../src/stores/model-call-stats';
import { createPrismaClient, type PrismaClient } from '../../src/stores/prisma/client';
import { waitFor } from '../support/conversation';
import { startFakeGeminiServer, type FakeGeminiServer } from '../support/fake-gemini-server';
import { Harness } from '../support/harness';
import { engineScope, engineTenant } from '../support/engine-tenant';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-env';

/**
 * The AI alerts (seed 003 §9.2) end to end: the real engine and `@google/genai` client against
 * the fake Gemini server failing a share of calls, the calls counted in the real Redis, the
 * rules evaluated over a short window, and a local webhook receiver standing for Slack.
 */

const NOW = new Date('2026-11-22T13:00:00Z');
const TEXT = 'cria um boleto de 150 reais pro João pra dia 10';
const CALL = {
  kind: 'function_call' as const,
  calls: [
    { name: 'create_boleto', args: { contact_name: 'João', amount_cents: 15000, due_date: '2026-12-10' } },
  ],
};

interface Posted {
  text: string;
  alert: { name: string; severity: string; state: string };
}

let db: PrismaClient;
let redis: Redis;
let gemini: FakeGeminiServer;
let receiver: Server;
let receiverUrl: string;
const posted: Posted[] = [];
/** Answers the next N posts with 500, as a webhook that is down. */
let failNext = 0;
const tenantIds: string[] = [];
const prefixes: string[] = [];

beforeAll(async () => {
  db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
  redis = new Redis(TEST_REDIS_URL);
  gemini = await startFakeGeminiServer();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
        return;
      }
      posted.push(JSON.parse(body) as Posted);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await db.tenant.deleteMany({ where: { id: { in: tenantIds } } });
  await db.$disconnect();
  redis.disconnect();
  await gemini.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  posted.length = 0;
  failNext = 0;
});

function setup() {
  const keys = new RedisKeys(`iris-test-alerts-${randomUUID().slice(0, 8)}`);
  prefixes.push(keys.prefix);
  const stats = new RedisModelCallStats(redis, keys, { bucketMs: 1_000 });
  const aiSwitch = new RedisAiSwitch(redis, keys, { enabledByConfig: true, cacheMs: 0 });
  const logger = pino({ level: 'silent' });
  const engine = createIntentEngine({
    gemini: { apiKey: 'test-key', baseUrl: gemini.baseUrl, model: 'gemini-2.5-flash', timeoutMs: 2_000 },
    usage: new PrismaAiUsageStore(db),
    logger,
    platform: aiSwitch,
    stats,
    resilience: {
      retries: 0,
      baseDelayMs: 5,
      maxDelayMs: 20,
      breaker: { kind: 'consecutive', threshold: 50, halfOpenAfterMs: 60_000 },
    },
  });
  const deps: AlertEvaluatorDeps = {
    stats,
    redis,
    keys,
    aiSwitch,
    logger,
    webhook: new HttpAlertWebhook(receiverUrl),
    thresholds: { errorRate: 0.1, minCalls: 10, p95Ms: 5_000, dailySoftUsd: 50, dailyHardUsd: 100 },
    windowMs: 60_000,
  };
  return { engine, stats, aiSwitch, deps, keys };
}

const tenant = () => engineTenant(db, tenantIds, { plan: 'enterprise' }, 'alerts');
const scope = (t: TenantProfile, now: Date) => engineScope(db, t, now);

const at = (ms: number) => new Date(NOW.getTime() + ms);

/** `count` calls through the engine at `from`, every `failEvery`-th one a 500 from Gemini. */
async function traffic(
  engine: ReturnType<typeof setup>['engine'],
  t: TenantProfile,
  from: number,
  count: number,
  failEvery = 0,
) {
  for (let i = 0; i < count; i++) {
    gemini.enqueue(failEvery > 0 && i % failEvery === 0 ? { kind: 'error', status: 500 } : CALL);
    await engine.understand(TEXT, scope(t, at(from + i * 50)), boletosPack);
  }
}

describe('AI alerts', () => {
  it('20 % of calls failing fires the error-rate alert once, to the log and the webhook, and resolves when the errors stop', async () => {
    const { engine, stats, deps } = setup();
    const t = await tenant();
    await traffic(engine, t, 0, 20, 5); // 4 of 20 fail
    const window = await stats.window(at(2_000), 60_000);
    expect(window).toMatchObject({ ok: 16, error: 4, circuitOpen: 0 });

    await expect(evaluateAlerts(deps, at(2_000))).resolves.toEqual({
      fired: ['ai_provider_error_rate'],
      resolved: [],
    });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.alert).toMatchObject({
      name: 'ai_provider_error_rate',
      severity: 'critical',
      state: 'firing',
    });
    expect(posted[0]!.text).toBe(
      '[Iris] 🔴 critical ai_provider_error_rate: Model provider failing: 20.0 % of 20 calls failed (threshold 10 %).',
    );
    // Still failing at the next run: nothing sent again.
    await expect(evaluateAlerts(deps, at(3_000))).resolves.toEqual({ fired: [], resolved: [] });
    expect(posted).toHaveLength(1);

    // Two minutes later the provider answers every call: the window holds only those.
    await traffic(engine, t, 120_000, 12);
    await expect(evaluateAlerts(deps, at(122_000))).resolves.toEqual({
      fired: [],
      resolved: ['ai_provider_error_rate'],
    });
    expect(posted.map((p) => `${p.alert.name} ${p.alert.state}`)).toEqual([
      'ai_provider_error_rate firing',
      'ai_provider_error_rate resolved',
    ]);
  });

  it("the day's hard cost limit turns AI off for every tenant: the conversation goes on offline until an operator turns it on", async () => {
    const { engine, stats, aiSwitch, deps } = setup();
    const t = await tenant();
    await stats.record({ outcome: 'ok', latencyMs: 300, costUsd: 60, at: at(0) });
    await expect(evaluateAlerts(deps, at(1_000))).resolves.toEqual({
      fired: ['ai_daily_cost_soft'],
      resolved: [],
    });
    await expect(aiSwitch.isOn()).resolves.toBe(true);

    await stats.record({ outcome: 'ok', latencyMs: 300, costUsd: 41, at: at(2_000) });
    await expect(evaluateAlerts(deps, at(3_000))).resolves.toEqual({
      fired: ['ai_daily_cost_hard'],
      resolved: ['ai_daily_cost_soft'],
    });
    await expect(aiSwitch.isOn()).resolves.toBe(false);
    expect((await aiSwitch.off())?.reason).toBe(
      'Model cost today US$ 101.00 reached the hard limit of US$ 100.00: AI is off for every tenant until an operator runs `npm run iris -- ai on`.',
    );
    const requests = gemini.requests.length;
    const read = (await engine.understand(TEXT, scope(t, at(4_000)), boletosPack)) as EngineUnderstanding;
    expect(read).toMatchObject({ source: 'offline', fallback: 'ai_unavailable', intent: 'CREATE_BOLETO' });
    expect(gemini.requests).toHaveLength(requests);

    // The operator's reset holds: the alert is still firing, so it does not turn AI off again.
    await aiSwitch.turnOn();
    await expect(evaluateAlerts(deps, at(5_000))).resolves.toEqual({ fired: [], resolved: [] });
    await expect(aiSwitch.isOn()).resolves.toBe(true);
  });

  it('slow calls and an open circuit are warnings', async () => {
    const { stats, deps } = setup();
    for (let i = 0; i < 19; i++)
      await stats.record({ outcome: 'ok', latencyMs: 800, costUsd: 0.001, at: at(i) });
    await stats.record({ outcome: 'ok', latencyMs: 12_000, costUsd: 0.001, at: at(20) });
    await expect(evaluateAlerts(deps, at(1_000))).resolves.toEqual({ fired: [], resolved: [] });
    for (let i = 0; i < 3; i++)
      await stats.record({ outcome: 'error', latencyMs: 9_000, costUsd: 0, at: at(30 + i) });
    await stats.record({ outcome: 'circuit_open', latencyMs: 0, costUsd: 0, at: at(40) });
    await expect(evaluateAlerts(deps, at(1_000))).resolves.toEqual({
      fired: ['ai_provider_error_rate', 'ai_provider_latency', 'ai_circuit_open'],
      resolved: [],
    });
    expect(posted.map((p) => `${p.alert.severity} ${p.alert.name}`)).toEqual([
      'critical ai_provider_error_rate',
      'warning ai_provider_latency',
      'warning ai_circuit_open',
    ]);
  });

  it('a webhook that is down: the alert is logged and sent again at the next run, then once', async () => {
    const { stats, deps } = setup();
    await stats.record({ outcome: 'ok', latencyMs: 300, costUsd: 55, at: at(0) });
    failNext = 1;
    await expect(evaluateAlerts(deps, at(1_000))).resolves.toEqual({ fired: [], resolved: [] });
    await expect(evaluateAlerts(deps, at(2_000))).resolves.toEqual({
      fired: ['ai_daily_cost_soft'],
      resolved: [],
    });
    await expect(evaluateAlerts(deps, at(3_000))).resolves.toEqual({ fired: [], resolved: [] });
    expect(posted.map((p) => p.alert.name)).toEqual(['ai_daily_cost_soft']);
  });

  it('runs on its own as a BullMQ job scheduler in the pipeline processes', async () => {
    const h = new Harness();
    try {
      const { stats, deps } = setup();
      // The scheduler evaluates at the wall clock's time: today's cost over the soft limit.
      await stats.record({ outcome: 'ok', latencyMs: 300, costUsd: 70, at: new Date() });
      const alerts = startScheduledJobs(
        h.container,
        [{ id: 'ai-alerts', everyMs: 200, run: (now) => evaluateAlerts(deps, now) }],
        pino({ level: 'silent' }),
      );
      try {
        await waitFor('the scheduled evaluation to post the alert', async () =>
          posted.length > 0 ? true : undefined,
        );
        expect(posted.map((p) => `${p.alert.name} ${p.alert.state}`)).toEqual(['ai_daily_cost_soft firing']);
      } finally {
        await alerts.stop();
      }
    } finally {
      await h.close();
    }
  });
});
