import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildWeb } from '../../src/app/web';
import { PrismaAiUsageStore } from '../../src/stores/ai-usage-store';
import { periodMonth } from '../../src/engine/usage-guard';
import { Harness } from '../support/harness';

/**
 * The operator API for the AI (seed 003 §9.3) on the real web process, with the real Redis and
 * PostgreSQL, after a scripted day of traffic. The usage rows are in a month no other test
 * writes (2031-03), the call counters under this harness' own Redis prefix.
 */

const TOKEN = 'test-operator-token-0123456789abcdef';
const MONTH = '2031-03';

async function get(app: FastifyInstance, url: string, token: string | null = TOKEN) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const body = await res.text();
  return { status: res.status, body, json: () => JSON.parse(body) as Record<string, unknown> };
}

describe('operator API for the AI', () => {
  // Both providers configured (nothing here calls them): the health of each is listed.
  const h = new Harness({
    OPERATOR_TOKEN: TOKEN,
    GEMINI_API_KEY: 'test-key',
    GEMINI_BASE_URL: 'http://127.0.0.1:9',
    LOCAL_AI_URL: 'http://127.0.0.1:9',
  });
  const app = buildWeb(h.container);
  const tenants: string[] = [];

  beforeAll(async () => {
    // The scripted day: two tenants' calls in March 2031, and today's calls counted in Redis.
    const usage = new PrismaAiUsageStore(h.db);
    for (const [slug, plan, calls, cost] of [
      ['acme', 'professional', 3, 4.5],
      ['bazar', 'basic', 2, 0.25],
    ] as const) {
      const row = await h.db.tenant.create({
        data: {
          slug: `${slug}-${randomUUID().slice(0, 6)}`,
          name: slug,
          pack: 'boletos',
          locale: 'pt-BR',
          timeZone: 'America/Sao_Paulo',
          currency: 'BRL',
          aiSettings: { enabled: true, mode: 'model_first', plan },
        },
      });
      tenants.push(row.id);
      for (let i = 0; i < calls; i++) {
        await usage.add({
          tenantId: row.id,
          periodMonth: `${MONTH}-01`,
          inputTokens: 1_000,
          outputTokens: 20,
          costUsd: cost / calls,
          planLimitUsd: plan === 'basic' ? 10 : 50,
        });
      }
    }
    const stats = h.container.modelCallStats;
    await stats.record({ outcome: 'ok', latencyMs: 400, costUsd: 2, at: new Date(`${MONTH}-03T12:00:00Z`) });
    await stats.record({
      outcome: 'ok',
      latencyMs: 400,
      costUsd: 1.25,
      at: new Date(`${MONTH}-05T12:00:00Z`),
    });
    const now = new Date();
    for (let i = 0; i < 9; i++)
      await stats.record({ outcome: 'ok', latencyMs: 300, costUsd: 0.01, at: now, provider: 'gemini' });
    await stats.record({ outcome: 'error', latencyMs: 7_000, costUsd: 0, at: now, provider: 'local' });
  });
  afterAll(async () => {
    await app.close();
    await h.db.tenant.deleteMany({ where: { id: { in: tenants } } });
    await h.close();
  });

  it('answers only with the operator token', async () => {
    expect((await get(app, `/platform/ai/metrics/usage?month=${MONTH}`, null)).status).toBe(401);
    expect((await get(app, `/platform/ai/metrics/usage?month=${MONTH}`, `${TOKEN}x`)).status).toBe(401);
    expect((await get(app, `/platform/ai/metrics/usage?month=${MONTH}`)).status).toBe(200);
  });

  it('usage per tenant, the dearest first, with its plan limit', async () => {
    const res = await get(app, `/platform/ai/metrics/usage?month=${MONTH}`);
    const body = res.json() as { tenants: Array<Record<string, unknown>>; total: Record<string, number> };
    expect(body.tenants).toEqual([
      expect.objectContaining({
        plan: 'professional',
        requests: 3,
        inputTokens: 3_000,
        outputTokens: 60,
        costUsd: 4.5,
        limitUsd: 50,
        limitUsedPercent: 9,
      }),
      expect.objectContaining({
        plan: 'basic',
        requests: 2,
        costUsd: 0.25,
        limitUsd: 10,
        limitUsedPercent: 2.5,
      }),
    ]);
    expect(body.total).toEqual({ requests: 5, costUsd: 4.75 });
    expect((await get(app, '/platform/ai/metrics/usage?month=2031-13')).status).toBe(400);
  });

  it("the provider's last minutes: calls, failures, error rate, p95 and a status", async () => {
    const body = (await get(app, '/platform/ai/metrics/providers?minutes=5')).json();
    expect(body).toEqual({
      provider: 'all',
      minutes: 5,
      calls: 10,
      failed: 1,
      circuitOpen: 0,
      errorRate: 0.1,
      p95Ms: 10_000,
      status: 'slow',
      providers: [
        {
          provider: 'gemini',
          model: 'gemini-2.5-flash',
          location: 'cloud',
          calls: 9,
          failed: 0,
          circuitOpen: 0,
          errorRate: 0,
          p95Ms: 500,
          status: 'ok',
        },
        {
          provider: 'local',
          model: 'llama3.1:8b',
          location: 'local',
          calls: 1,
          failed: 1,
          circuitOpen: 0,
          errorRate: 1,
          p95Ms: 10_000,
          status: 'slow',
        },
      ],
    });
    expect((await get(app, '/platform/ai/metrics/providers?minutes=0')).status).toBe(400);
  });

  it('cost per day and the month so far; a past month projects to what it cost', async () => {
    const body = (await get(app, `/platform/ai/metrics/cost?month=${MONTH}`)).json() as {
      days: Array<{ day: string; costUsd: number }>;
      [key: string]: unknown;
    };
    expect(body.days).toHaveLength(31);
    expect(body.days.filter((d) => d.costUsd > 0)).toEqual([
      { day: `${MONTH}-03`, costUsd: 2 },
      { day: `${MONTH}-05`, costUsd: 1.25 },
    ]);
    expect(body).toMatchObject({
      monthToDateUsd: 4.75,
      projectedUsd: 4.75,
      dailySoftUsd: 50,
      dailyHardUsd: 100,
      aiOn: true,
    });
  });

  it('this month projects the pace so far to its end', async () => {
    const body = (await get(app, '/platform/ai/metrics/cost')).json() as {
      days: unknown[];
      monthToDateUsd: number;
      projectedUsd: number;
    };
    const now = new Date();
    const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    expect(body.days).toHaveLength(now.getUTCDate());
    // Rounded to cents: up to half a cent away (CI saw 0.015 shown as 0.02, which toBeCloseTo's
    // strict "< 0.005" refused by a floating-point hair).
    const pace = (body.monthToDateUsd / now.getUTCDate()) * daysInMonth;
    expect(Math.abs(body.projectedUsd - pace)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('the same figures in /metrics', async () => {
    const text = (await get(app, '/metrics')).body;
    expect(text).toMatch(/^iris_ai_cost_today_usd 0\.09/m);
    expect(text).toContain('iris_ai_provider_calls_last_5m{outcome="error"} 1');
    expect(text).toContain('iris_ai_provider_p95_seconds_last_5m 10');
  });

  it("may a tenant use AI now? 200, or the seed's status and code for the first check that fails", async () => {
    const make = async (aiSettings: Record<string, string | boolean>) => {
      const row = await h.db.tenant.create({
        data: {
          slug: `gate-${randomUUID().slice(0, 8)}`,
          name: 'gate',
          pack: 'boletos',
          locale: 'pt-BR',
          timeZone: 'America/Sao_Paulo',
          currency: 'BRL',
          aiSettings,
        },
      });
      tenants.push(row.id);
      return row;
    };
    const ok = await make({ enabled: true, mode: 'model_first', plan: 'basic' });
    const off = await make({ enabled: false, mode: 'model_first', plan: 'basic' });
    const free = await make({ enabled: true, mode: 'model_first', plan: 'free' });
    const spent = await make({ enabled: true, mode: 'model_first', plan: 'basic' });
    await h.db.aiUsageSummary.create({
      data: {
        tenantId: spent.id,
        periodMonth: new Date(`${periodMonth(new Date(), 'America/Sao_Paulo')}T00:00:00Z`),
        totalRequests: 10,
        estimatedCostUsd: '10.0000',
        planLimitUsd: '10.00',
      },
    });
    const gate = async (slug: string) => {
      const res = await get(app, `/platform/ai/gate?tenant=${slug}`);
      return [res.status, res.json().error ?? 'allowed'];
    };
    expect(await gate(ok.slug)).toEqual([200, 'allowed']);
    expect(await gate(off.slug)).toEqual([403, 'ai_disabled_for_tenant']);
    expect(await gate(free.slug)).toEqual([403, 'ai_not_in_plan']);
    expect(await gate(spent.slug)).toEqual([429, 'ai_cost_limit_reached']);
    await h.container.aiSwitch.turnOff('test');
    try {
      expect(await gate(ok.slug)).toEqual([503, 'ai_unavailable']);
    } finally {
      await h.container.aiSwitch.turnOn();
    }
    expect((await get(app, '/platform/ai/gate?tenant=nobody')).status).toBe(404);
  });

  it('without OPERATOR_TOKEN the routes do not exist', async () => {
    const other = new Harness();
    const plain = buildWeb(other.container);
    try {
      expect((await get(plain, '/platform/ai/metrics/usage')).status).toBe(404);
    } finally {
      await plain.close();
      await other.close();
    }
  });
});
