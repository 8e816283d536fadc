import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AI_REFUSAL_HTTP_STATUS, AiGate, planLimits, UsageGuard } from '../engine';
import { PrismaAiUsageStore } from '../stores/ai-usage-store';
import { AnalyticsStore, lastUtcDays } from '../stores/analytics-store';
import { p95Ms } from '../stores/model-call-stats';
import { alertThresholds } from './ai-alerts/deps';
import { providerStatus } from './ai-alerts/rules';
import type { Container } from './container';
import { operatorAuthorized } from './operator-auth';

/**
 * The operator API for the AI (seed 003 §9.3), on the web process, behind `OPERATOR_TOKEN`
 * (`Authorization: Bearer …`; without the variable the routes do not exist):
 *
 * - GET /platform/ai/metrics/usage?month=YYYY-MM — per tenant: model calls, tokens, estimated
 *   cost, plan limit and the share of it used (each tenant's month is in its own time zone);
 * - GET /platform/ai/metrics/providers?minutes=5 — the model providers over the last minutes,
 *   all together and each configured one: calls, failures, refusals by an open circuit, error
 *   rate, p95 latency, and a status;
 * - GET /platform/ai/metrics/cost?month=YYYY-MM — cost per UTC day, the month so far and, for
 *   the current month, a month-end projection at the pace so far; the daily limits and whether
 *   AI is on.
 *
 * - GET /platform/ai/gate?tenant=slug — may this tenant use AI now (the AI gate's checks 1-4)?
 *   200, or the seed's status for the first refusal (503 ai_unavailable, 403
 *   ai_disabled_for_tenant / ai_not_in_plan, 429 ai_cost_limit_reached) with its code;
 * - GET /platform/analytics?tenant=slug&days=7 — what a tenant's conversations came to
 *   (seed 003 §1.5, §3.5): messages, conversations, resolution and fallback rates, top intents,
 *   per-tool calls, successes and time, from the daily roll-up of the audit log.
 *
 * Figures come from the same places the AI gate and the alerts read: `ai_usage_summaries`
 * (PostgreSQL) and the call counters in Redis.
 */
export function mountPlatformAiApi(app: FastifyInstance, c: Container, token: string): void {
  const usage = new PrismaAiUsageStore(c.db);
  const analytics = new AnalyticsStore(c.db);
  const gate = new AiGate({ platform: c.aiSwitch, usage: new UsageGuard(usage, c.logger) });
  const config = c.config;

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      // Returning the reply ends the request here (an async hook that only sends would go on).
      if (!operatorAuthorized(request, token)) return reply.code(401).send({ error: 'unauthorized' });
    });

    scope.get('/platform/ai/metrics/usage', async (request, reply) => {
      const month = monthParam(request, reply, new Date());
      if (month === undefined) return reply;
      const tenants = await usage.allTenants(`${month}-01`);
      return {
        month,
        tenants: tenants.map((t) => {
          const limitUsd = planLimits(t.plan).monthlyUsd;
          return {
            tenant: t.slug,
            plan: t.plan,
            requests: t.requests,
            inputTokens: t.inputTokens,
            outputTokens: t.outputTokens,
            costUsd: t.costUsd,
            limitUsd,
            limitUsedPercent: limitUsd > 0 ? round((t.costUsd / limitUsd) * 100, 1) : null,
          };
        }),
        total: {
          requests: tenants.reduce((sum, t) => sum + t.requests, 0),
          costUsd: round(
            tenants.reduce((sum, t) => sum + t.costUsd, 0),
            4,
          ),
        },
      };
    });

    scope.get('/platform/ai/gate', async (request, reply) => {
      const slug = (request.query as { tenant?: string }).tenant;
      const row = slug ? await c.db.tenant.findUnique({ where: { slug } }) : null;
      const tenant = row ? await c.directory.tenant(row.id) : undefined;
      if (!tenant) return reply.code(404).send({ error: 'no such tenant' });
      const verdict = await gate.preview(tenant, new Date());
      if (verdict.allowed) return { tenant: tenant.slug, allowed: true };
      return reply.code(AI_REFUSAL_HTTP_STATUS[verdict.refusal]).send({
        tenant: tenant.slug,
        allowed: false,
        error: verdict.refusal,
        detail: verdict.detail ?? null,
      });
    });

    scope.get('/platform/analytics', async (request, reply) => {
      const query = request.query as { tenant?: string; days?: string };
      const days = Number(query.days ?? 7);
      if (!Number.isInteger(days) || days < 1 || days > 366)
        return reply.code(400).send({ error: 'days must be a whole number from 1 to 366' });
      const tenant = query.tenant ? await c.db.tenant.findUnique({ where: { slug: query.tenant } }) : null;
      if (!tenant) return reply.code(404).send({ error: 'no such tenant' });
      const period = lastUtcDays(new Date(), days);
      // Today's row is rolled up on the spot; earlier days come from the hourly job.
      await analytics.rollUp(period.at(-1)!);
      return { tenant: tenant.slug, ...(await analytics.summary(tenant.id, period[0]!, period.at(-1)!)) };
    });

    scope.get('/platform/ai/metrics/providers', async (request, reply) => {
      const minutes = Number((request.query as { minutes?: string }).minutes ?? 5);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1_440)
        return reply.code(400).send({ error: 'minutes must be a whole number from 1 to 1440' });
      const now = new Date();
      const thresholds = alertThresholds(config);
      const health = async (provider?: string) => {
        const window = await c.modelCallStats.window(now, minutes * 60_000, provider);
        const answered = window.ok + window.error;
        const errorRate = answered === 0 ? 0 : window.error / answered;
        const p95 = p95Ms(window);
        return {
          calls: answered,
          failed: window.error,
          circuitOpen: window.circuitOpen,
          errorRate: round(errorRate, 4),
          p95Ms: p95 === undefined ? null : Number.isFinite(p95) ? p95 : '>30000',
          status: providerStatus(window, thresholds),
        };
      };
      const providers = [];
      for (const [provider, generator] of c.aiProviders.configured())
        providers.push({
          provider,
          model: generator.model,
          location: generator.location,
          ...(await health(provider)),
        });
      return { provider: 'all', minutes, ...(await health()), providers };
    });

    scope.get('/platform/ai/metrics/cost', async (request, reply) => {
      const now = new Date();
      const month = monthParam(request, reply, now);
      if (month === undefined) return reply;
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
      const current = month === now.toISOString().slice(0, 7);
      const lastDay = current ? now.getUTCDate() : daysInMonth;
      const days = [];
      for (let day = 1; day <= lastDay; day++) {
        const iso = `${month}-${String(day).padStart(2, '0')}`;
        days.push({ day: iso, costUsd: round(await c.modelCallStats.dailyCostUsd(iso), 4) });
      }
      const monthToDate = round(
        (await usage.allTenants(`${month}-01`)).reduce((sum, t) => sum + t.costUsd, 0),
        4,
      );
      return {
        month,
        days,
        monthToDateUsd: monthToDate,
        projectedUsd: current ? round((monthToDate / lastDay) * daysInMonth, 2) : monthToDate,
        dailySoftUsd: config.AI_DAILY_COST_SOFT_USD,
        dailyHardUsd: config.AI_DAILY_COST_HARD_USD,
        aiOn: await c.aiSwitch.isOn(),
      };
    });
  });
}

/** `?month=YYYY-MM`, this UTC month by default; undefined after answering 400. */
function monthParam(request: FastifyRequest, reply: FastifyReply, now: Date): string | undefined {
  const month = (request.query as { month?: string }).month ?? now.toISOString().slice(0, 7);
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return month;
  void reply.code(400).send({ error: 'month must be YYYY-MM' });
  return undefined;
}

function round(value: number, decimals: number): number {
  const unit = 10 ** decimals;
  return Math.round(value * unit) / unit;
}
