import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../src/core/redis-client';
import pino from 'pino';
import { RedisKeys } from '../../src/core/redis-keys';
import { boletosPack } from '../../src/domains/boletos';
import type { Scope, TenantProfile } from '../../src/domains/types';
import { createIntentEngine, type AiRefusal, type EngineUnderstanding } from '../../src/engine';
import { periodMonth } from '../../src/engine/usage-guard';
import { PrismaAiUsageStore } from '../../src/stores/ai-usage-store';
import { RedisAiSwitch } from '../../src/stores/ai-switch';
import { RedisModelCallLimiter } from '../../src/stores/model-call-limiter';
import { createPrismaClient, type PrismaClient } from '../../src/stores/prisma/client';
import { geminiEnv, startFakeGeminiServer, type FakeGeminiServer } from '../support/fake-gemini-server';
import { TEST_DATABASE_URL, testRedis } from '../support/test-env';
import { Harness } from '../support/harness';
import { engineScope, engineTenant, type TestAi } from '../support/engine-tenant';
import { waitFor } from '../support/conversation';
import { renderSharedMetrics, sharedMetricsOf } from '../../src/app/shared-metrics';

/**
 * The AI gate (src/engine/ai-gate.ts) through the real engine: the real `@google/genai` client
 * against the fake Gemini server, the platform switch and the per-minute limiter on the real
 * Redis, the month's usage on the real PostgreSQL. Each refusal keeps every request away from
 * the server, is reported with its code, and the message is read offline.
 */

const NOW = new Date('2026-11-22T13:00:00Z');
const CREATE_TEXT = 'cria um boleto de 150 reais pro João pra dia 10';
const CREATE_CALL = {
  kind: 'function_call' as const,
  calls: [
    { name: 'create_boleto', args: { contact_name: 'João', amount_cents: 15000, due_date: '2026-12-10' } },
  ],
};

let db: PrismaClient;
let redis: RedisClient;
let server: FakeGeminiServer;
const tenantIds: string[] = [];

beforeAll(async () => {
  db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
  redis = testRedis();
});
afterAll(async () => {
  await db.tenant.deleteMany({ where: { id: { in: tenantIds } } });
  await db.$disconnect();
  redis.disconnect();
});
beforeEach(async () => {
  server = await startFakeGeminiServer();
  server.fallback = CREATE_CALL;
});
afterEach(async () => {
  await server.close();
});

function setup(limits = { perTenantPerMinute: 100, perUserPerMinute: 100 }) {
  const keys = new RedisKeys(`iris-test-gate-${randomUUID().slice(0, 8)}`);
  const platform = new RedisAiSwitch(redis, keys, { enabledByConfig: true, cacheMs: 0 });
  const refusals: AiRefusal[] = [];
  const engine = createIntentEngine({
    gemini: { apiKey: 'test-key', baseUrl: server.baseUrl, model: 'gemini-2.5-flash', timeoutMs: 2_000 },
    usage: new PrismaAiUsageStore(db),
    logger: pino({ level: 'silent' }),
    platform,
    limiter: new RedisModelCallLimiter(redis, keys, limits),
    onRefusal: (refusal) => refusals.push(refusal),
    resilience: { retries: 0, baseDelayMs: 5, maxDelayMs: 20 },
  });
  return { engine, platform, refusals };
}

const tenant = (ai: TestAi = {}) => engineTenant(db, tenantIds, ai, 'gate');
const scope = (t: TenantProfile, userId?: string) => engineScope(db, t, NOW, userId ? { id: userId } : {});

const understand = (engine: ReturnType<typeof setup>['engine'], s: Scope) =>
  engine.understand(CREATE_TEXT, s, boletosPack) as Promise<EngineUnderstanding>;

/** The offline reading, labelled with the refusal that kept the model away. */
const readOfflineFor = (refusal: AiRefusal) => ({
  intent: 'CREATE_BOLETO',
  source: 'offline',
  fallback: refusal,
  entities: { contact_name: 'João', amount_cents: 15000 },
});

describe('the AI gate: five checks before any model call, each with its code', () => {
  it('1. the platform switch, turned off at run time and on again', async () => {
    const { engine, platform, refusals } = setup();
    const t = await tenant();
    await platform.turnOff('provider outage');
    await expect(understand(engine, scope(t))).resolves.toMatchObject(readOfflineFor('ai_unavailable'));
    expect(server.requests).toHaveLength(0);
    await platform.turnOn();
    await expect(understand(engine, scope(t))).resolves.toMatchObject({ source: 'model' });
    expect(server.requests).toHaveLength(1);
    expect(refusals).toEqual(['ai_unavailable']);
  });

  it('1. AI_ENABLED=false keeps the switch off whatever Redis says', async () => {
    const keys = new RedisKeys(`iris-test-gate-${randomUUID().slice(0, 8)}`);
    await expect(new RedisAiSwitch(redis, keys, { enabledByConfig: false }).isOn()).resolves.toBe(false);
    await expect(new RedisAiSwitch(redis, keys, { enabledByConfig: true }).isOn()).resolves.toBe(true);
  });

  it('2. a tenant with AI disabled', async () => {
    const { engine, refusals } = setup();
    await expect(understand(engine, scope(await tenant({ enabled: false })))).resolves.toMatchObject(
      readOfflineFor('ai_disabled_for_tenant'),
    );
    expect(server.requests).toHaveLength(0);
    expect(refusals).toEqual(['ai_disabled_for_tenant']);
  });

  it('3. a plan without AI', async () => {
    const { engine, refusals } = setup();
    await expect(understand(engine, scope(await tenant({ plan: 'free' })))).resolves.toMatchObject(
      readOfflineFor('ai_not_in_plan'),
    );
    expect(server.requests).toHaveLength(0);
    expect(refusals).toEqual(['ai_not_in_plan']);
  });

  it("4. the month's hard cost limit", async () => {
    const { engine, refusals } = setup();
    const t = await tenant({ plan: 'basic' });
    await db.aiUsageSummary.create({
      data: {
        tenantId: t.id,
        periodMonth: new Date(`${periodMonth(NOW, t.timeZone)}T00:00:00Z`),
        totalRequests: 10,
        estimatedCostUsd: '10.0000',
        planLimitUsd: '10.00',
      },
    });
    await expect(understand(engine, scope(t))).resolves.toMatchObject(
      readOfflineFor('ai_cost_limit_reached'),
    );
    expect(server.requests).toHaveLength(0);
    expect(refusals).toEqual(['ai_cost_limit_reached']);
  });

  it('5. calls per minute: per user, then per tenant', async () => {
    const { engine, refusals } = setup({ perTenantPerMinute: 3, perUserPerMinute: 2 });
    const t = await tenant();
    const ana = randomUUID();
    const sources = [];
    for (let i = 0; i < 3; i++) sources.push((await understand(engine, scope(t, ana))).source);
    expect(sources).toEqual(['model', 'model', 'offline']);
    // Another person of the same tenant: the tenant's third call fits, its fourth does not.
    await expect(understand(engine, scope(t))).resolves.toMatchObject({ source: 'offline' });
    expect(server.requests).toHaveLength(2);
    expect(refusals).toEqual(['ai_rate_limit_exceeded', 'ai_rate_limit_exceeded']);
    // Another tenant has its own count.
    await expect(understand(engine, scope(await tenant()))).resolves.toMatchObject({ source: 'model' });
  });

  it('checks in order: the first that fails names the refusal', async () => {
    const { engine, platform, refusals } = setup();
    const t = await tenant({ enabled: false, plan: 'free' });
    await platform.turnOff('maintenance');
    await understand(engine, scope(t));
    await platform.turnOn();
    await understand(engine, scope(t));
    await understand(engine, scope({ ...t, ai: { ...t.ai, enabled: true } }));
    expect(refusals).toEqual(['ai_unavailable', 'ai_disabled_for_tenant', 'ai_not_in_plan']);
    expect(server.requests).toHaveLength(0);
  });

  it("a confident offline reading in 'offline_first' spends no rate-limit token; 'offline' is never gated", async () => {
    const { engine, refusals } = setup({ perTenantPerMinute: 1, perUserPerMinute: 1 });
    const t = await tenant({ mode: 'offline_first' });
    for (let i = 0; i < 3; i++) {
      await expect(understand(engine, scope(t))).resolves.toMatchObject({ fallback: 'offline_confident' });
    }
    await expect(
      understand(engine, scope(await tenant({ mode: 'offline', enabled: false }))),
    ).resolves.toMatchObject({ fallback: 'mode_offline' });
    expect(refusals).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the AI gate in the production wiring', () => {
  let h: Harness;
  let gemini: FakeGeminiServer;
  beforeAll(async () => {
    gemini = await startFakeGeminiServer();
    h = new Harness(geminiEnv(gemini));
    h.startPipelines(1);
  });
  afterAll(async () => {
    await h.close();
    await gemini.close();
  });

  it('`ai off` reaches the pipeline: the conversation goes on offline, the refusal is counted, `ai on` restores the model', async () => {
    const { tenant, chat } = await h.boletosTenant();
    await h.db.tenant.update({
      where: { id: tenant.id },
      data: { aiSettings: { enabled: true, mode: 'model_first', plan: 'basic' } },
    });
    gemini.fallback = {
      kind: 'function_call',
      calls: [
        {
          name: 'create_boleto',
          args: { contact_name: 'João Silva', amount_cents: 15000, due_date: '2099-12-10' },
        },
      ],
    };
    const proposal =
      'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)';

    await h.container.aiSwitch.turnOff('test');
    expect(await h.say(chat, 'cria um boleto de 150 reais pro João Silva pra dia 10/12/2099')).toEqual([
      proposal,
    ]);
    expect(gemini.requests).toHaveLength(0);
    await sharedMetricsOf(h.container).flush();
    const metrics = await renderSharedMetrics(h.container.redis, h.container.keys.metrics());
    expect(metrics).toContain('iris_ai_gate_refusals_total{refusal="ai_unavailable"} 1');

    await h.container.aiSwitch.turnOn();
    expect(await h.say(chat, 'não')).toHaveLength(1);
    // The pipeline process reads the switch at most once a second: the next call may still see it off.
    await waitFor('the model called again', async () => {
      await h.say(chat, 'cria um boleto de 150 reais pro João Silva pra dia 10/12/2099');
      await h.say(chat, 'não');
      return gemini.requests.length > 0 ? true : undefined;
    });
  });
});
