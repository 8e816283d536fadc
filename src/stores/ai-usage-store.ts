import type { UsageIncrement } from '../pipeline/ports';
import type { PrismaClient } from './prisma/client';

/**
 * Model usage per tenant per month (docs/gemini.md), table `ai_usage_summaries`: requests, input
 * and output tokens and the estimated cost in USD, one row per tenant and calendar month.
 *
 * Increments are one `INSERT ... ON CONFLICT DO UPDATE` statement, so concurrent calls from any
 * number of processes add up exactly, and each caller learns the totals just before and just
 * after its own increment: the one call that crosses a limit knows it, which is how the soft
 * limit is reported once a month without a flag column.
 *
 * The cost column keeps 4 decimals (USD 0.0001); one understanding call costs a few of those.
 * Each increment is rounded UP to that unit, so small calls are never lost to rounding: the
 * estimate errs high by at most USD 0.0001 per call (USD 0.50 over Basic's 5,000 requests).
 */

export interface AiUsageTotals {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  planLimitUsd: number;
}

export type AiUsageIncrement = UsageIncrement;

export interface AiUsageChange {
  before: AiUsageTotals;
  after: AiUsageTotals;
}

interface UsageRow {
  totalRequests: unknown;
  inputTokens: unknown;
  outputTokens: unknown;
  estimatedCostUsd: unknown;
  planLimitUsd: unknown;
}

const COST_UNIT = 10_000; // 4 decimals

/** Rounds a cost up to the column's unit (USD 0.0001). */
export function roundCostUp(usd: number): number {
  return Math.max(0, Math.ceil(usd * COST_UNIT - 1e-9)) / COST_UNIT;
}

function totals(row: UsageRow): AiUsageTotals {
  return {
    requests: Number(row.totalRequests),
    inputTokens: Number(row.inputTokens),
    outputTokens: Number(row.outputTokens),
    costUsd: Number(String(row.estimatedCostUsd)),
    planLimitUsd: Number(String(row.planLimitUsd)),
  };
}

export class PrismaAiUsageStore {
  constructor(private readonly db: PrismaClient) {}

  /** The month's totals, or undefined when the tenant made no model call that month. */
  async month(tenantId: string, periodMonth: string): Promise<AiUsageTotals | undefined> {
    const row = await this.db.aiUsageSummary.findUnique({
      where: { tenantId_periodMonth: { tenantId, periodMonth: new Date(`${periodMonth}T00:00:00Z`) } },
    });
    return row ? totals(row) : undefined;
  }

  /**
   * Every tenant's totals for one month (`YYYY-MM-01`), the dearest first, with who they are
   * and their plan: what the usage API and the month's cost add up.
   */
  async allTenants(
    periodMonth: string,
  ): Promise<Array<AiUsageTotals & { tenantId: string; slug: string; plan: string }>> {
    const rows = await this.db.aiUsageSummary.findMany({
      where: { periodMonth: new Date(`${periodMonth}T00:00:00Z`) },
      include: { tenant: { select: { slug: true, aiSettings: true } } },
      orderBy: { estimatedCostUsd: 'desc' },
    });
    return rows.map((row) => {
      const plan = (row.tenant.aiSettings as { plan?: unknown } | null)?.plan;
      return {
        tenantId: row.tenantId,
        slug: row.tenant.slug,
        plan: typeof plan === 'string' ? plan : 'basic',
        ...totals(row),
      };
    });
  }

  /** Adds one request and its tokens and cost; returns the totals before and after. */
  async add(increment: AiUsageIncrement): Promise<AiUsageChange> {
    const cost = roundCostUp(increment.costUsd);
    const input = Math.max(0, Math.round(increment.inputTokens));
    const output = Math.max(0, Math.round(increment.outputTokens));
    const rows = await this.db.$queryRaw<UsageRow[]>`
      INSERT INTO ai_usage_summaries
        (id, "tenantId", "periodMonth", "totalRequests", "inputTokens", "outputTokens",
         "estimatedCostUsd", "planLimitUsd", "updatedAt")
      VALUES (gen_random_uuid(), ${increment.tenantId}::uuid, ${increment.periodMonth}::date, 1,
              ${input}, ${output}, ${cost}::numeric, ${increment.planLimitUsd}::numeric, now())
      ON CONFLICT ("tenantId", "periodMonth") DO UPDATE SET
        "totalRequests" = ai_usage_summaries."totalRequests" + 1,
        "inputTokens" = ai_usage_summaries."inputTokens" + EXCLUDED."inputTokens",
        "outputTokens" = ai_usage_summaries."outputTokens" + EXCLUDED."outputTokens",
        "estimatedCostUsd" = ai_usage_summaries."estimatedCostUsd" + EXCLUDED."estimatedCostUsd",
        "planLimitUsd" = EXCLUDED."planLimitUsd",
        "updatedAt" = now()
      RETURNING "totalRequests", "inputTokens", "outputTokens", "estimatedCostUsd", "planLimitUsd"`;
    const after = totals(rows[0]!);
    const before: AiUsageTotals = {
      requests: after.requests - 1,
      inputTokens: after.inputTokens - input,
      outputTokens: after.outputTokens - output,
      costUsd: Math.round((after.costUsd - cost) * COST_UNIT) / COST_UNIT,
      planLimitUsd: after.planLimitUsd,
    };
    return { before, after };
  }
}
