import { isoDateInZone } from '../core/format';
import type { TenantProfile } from '../domains/types';
import type { UsageIncrement } from '../pipeline/ports';
import type { EngineLogger } from './engine-logger';
import { SOFT_LIMIT_RATIO, costUsd, planLimits, type PlanLimits } from './pricing';

/**
 * Cost control per tenant (the AI gate's check 4, docs/gemini.md):
 *
 * - before a model call: the month's spending (USD) or request count at or over the plan's limit
 *   -> no call; the message is read offline, which keeps working ("hard limit");
 * - after a call: its tokens and estimated cost are added to the month's row; the one call that
 *   crosses 80% of a limit logs a warning for the tenant's admins ("soft limit", once a month),
 *   the one that crosses 100% logs an error (from then on the hard limit applies).
 *
 * Months are calendar months in the tenant's time zone. Concurrent calls may overshoot a limit by
 * the calls already in flight when it was reached: a few cents, accepted for not locking.
 * When the month's usage cannot be read, the model is not called (fail closed: offline works).
 */

export interface UsageTotals {
  requests: number;
  costUsd: number;
}

/** The store of monthly usage; `PrismaAiUsageStore` (src/stores/ai-usage-store.ts) is the real one. */
export interface UsageLedger {
  month(tenantId: string, periodMonth: string): Promise<UsageTotals | undefined>;
  add(increment: UsageIncrement): Promise<{ before: UsageTotals; after: UsageTotals }>;
}

export type Allowance =
  { allowed: true } | { allowed: false; reason: 'cost_limit' | 'request_limit' | 'usage_unreadable' };

export interface CallUsage {
  model: string;
  /** A model on the operator's machines (`location: local`): counted, priced at 0. */
  local?: boolean;
  inputTokens: number;
  outputTokens: number;
}

export function periodMonth(now: Date, timeZone: string): string {
  return `${isoDateInZone(now, timeZone).slice(0, 7)}-01`;
}

function crossed(before: number, after: number, limit: number): boolean {
  return before < limit && after >= limit;
}

/**
 * How long the month's totals this process learned from its own last increment stand in for a
 * read: a busy tenant's calls then need no read of the row before each call (the increment
 * returns the totals). Another process' calls in those seconds are seen at the next read, so a
 * limit may be overshot by them too (at 200 calls a second, up to 1,000 calls: USD 0.40-1.00 with
 * Flash's prices).
 */
export const LEARNED_TOTALS_MS = 5_000;

export class UsageGuard {
  private readonly learned = new Map<string, { at: number; totals: UsageTotals }>();

  constructor(
    private readonly ledger: UsageLedger,
    private readonly logger: EngineLogger,
  ) {}

  /** Concurrent increments return in any order: the totals with the most requests are the latest. */
  private learn(key: string, totals: UsageTotals): void {
    const known = this.learned.get(key);
    if (!known || totals.requests >= known.totals.requests) this.learned.set(key, { at: Date.now(), totals });
  }

  /** The month's totals: the ones learned from this process' last increment if recent, else read. */
  private async month(tenantId: string, month: string): Promise<UsageTotals | undefined> {
    const key = `${tenantId}:${month}`;
    const learned = this.learned.get(key);
    if (learned && Date.now() - learned.at <= LEARNED_TOTALS_MS) return learned.totals;
    this.learned.delete(key);
    return this.ledger.month(tenantId, month);
  }

  async allowance(tenant: TenantProfile, now: Date): Promise<Allowance> {
    const limits = planLimits(tenant.ai.plan);
    let totals: UsageTotals | undefined;
    try {
      totals = await this.month(tenant.id, periodMonth(now, tenant.timeZone));
    } catch (error) {
      this.logger.warn({ tenantId: tenant.id, err: error }, 'ai usage unreadable; model not called');
      return { allowed: false, reason: 'usage_unreadable' };
    }
    if (!totals) return { allowed: true };
    if (totals.costUsd >= limits.monthlyUsd) return { allowed: false, reason: 'cost_limit' };
    if (totals.requests >= limits.monthlyRequests) return { allowed: false, reason: 'request_limit' };
    return { allowed: true };
  }

  /**
   * Adds one call and returns its estimated cost (USD); never throws (a failed write is logged:
   * the reply matters more).
   */
  async record(tenant: TenantProfile, now: Date, usage: CallUsage): Promise<number> {
    const limits = planLimits(tenant.ai.plan);
    const cost = usage.local ? 0 : costUsd(usage.model, usage.inputTokens, usage.outputTokens);
    const month = periodMonth(now, tenant.timeZone);
    try {
      const { before, after } = await this.ledger.add({
        tenantId: tenant.id,
        periodMonth: month,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: cost,
        planLimitUsd: limits.monthlyUsd,
      });
      this.learn(`${tenant.id}:${month}`, after);
      this.reportCrossings(tenant, limits, before, after);
    } catch (error) {
      this.logger.error({ tenantId: tenant.id, err: error, costUsd: cost }, 'ai usage not recorded');
    }
    return cost;
  }

  private reportCrossings(
    tenant: TenantProfile,
    limits: PlanLimits,
    before: UsageTotals,
    after: UsageTotals,
  ) {
    const base = {
      tenantId: tenant.id,
      plan: tenant.ai.plan,
      costUsd: after.costUsd,
      requests: after.requests,
      limitUsd: limits.monthlyUsd,
      limitRequests: limits.monthlyRequests,
    };
    if (
      crossed(before.costUsd, after.costUsd, limits.monthlyUsd) ||
      crossed(before.requests, after.requests, limits.monthlyRequests)
    ) {
      this.logger.error(
        { ...base, alert: 'ai_cost_hard_limit' },
        'ai hard limit reached: model calls stop this month',
      );
    } else if (
      crossed(before.costUsd, after.costUsd, limits.monthlyUsd * SOFT_LIMIT_RATIO) ||
      crossed(before.requests, after.requests, limits.monthlyRequests * SOFT_LIMIT_RATIO)
    ) {
      this.logger.warn({ ...base, alert: 'ai_cost_soft_limit' }, 'ai soft limit (80%) reached this month');
    }
  }
}
