import type { PrismaClient } from './prisma/client';

/** The last `days` UTC days up to `now`'s, oldest first (`YYYY-MM-DD`). */
export function lastUtcDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One tool's figures over a period. */
export interface ToolFigures {
  calls: number;
  succeeded: number;
  failed: number;
  blocked: number;
  /** Mean time of the successful runs, ms (null when none was timed). */
  avgMs: number | null;
}

/** What a tenant's conversations came to over a period of UTC days (seed 003 §1.5, §3.5). */
export interface AnalyticsSummary {
  from: string;
  to: string;
  turns: number;
  conversations: number;
  /** Turns per conversation. */
  turnsPerConversation: number;
  /** Share of turns in which a tool ran to success (a read answered, a confirmed write done). */
  resolutionRate: number;
  /** Share of turns Gate 2 held back (not understood, or not sure enough to go on). */
  fallbackRate: number;
  /** Intents of the turns that passed Gate 2, the most frequent first. */
  topIntents: Array<{ intent: string; turns: number }>;
  tools: Record<string, ToolFigures>;
}

/**
 * Daily analytics rolled up from `audit_events` into `analytics_daily`, one row per tenant and
 * UTC day. `rollUp` recomputes a whole day in one statement (idempotent: run it again and a late
 * row is counted), reading the day through the BRIN index on `createdAt`. Turns are audit
 * correlations; the events each counts: `intent_gate_pass` (understood, with its intent),
 * `intent_gate_fail` (not understood or unsure: the fallback), `tool_execution_success` (resolved),
 * and the tool events with their `tool` and `ms`.
 */
export class AnalyticsStore {
  constructor(private readonly db: PrismaClient) {}

  /** Recomputes every tenant's row for the UTC day `YYYY-MM-DD`; returns how many tenants had turns. */
  async rollUp(day: string): Promise<number> {
    return this.db.$executeRaw`
      WITH day_events AS (
        SELECT "tenantId", "conversationId", "correlationId", event, intent, data
        FROM audit_events
        WHERE "createdAt" >= ${day}::date AND "createdAt" < ${day}::date + 1 AND "tenantId" IS NOT NULL
      ),
      base AS (
        SELECT "tenantId",
          count(DISTINCT "correlationId")::int AS turns,
          count(DISTINCT "conversationId")::int AS conversations,
          count(DISTINCT "correlationId") FILTER (WHERE event = 'intent_gate_pass')::int AS understood,
          count(DISTINCT "correlationId") FILTER (WHERE event = 'intent_gate_fail')::int AS not_understood,
          count(DISTINCT "correlationId") FILTER (WHERE event = 'tool_execution_success')::int AS resolved
        FROM day_events GROUP BY "tenantId"
      ),
      intents AS (
        SELECT "tenantId", jsonb_object_agg(intent, n) AS intents FROM (
          SELECT "tenantId", intent, count(DISTINCT "correlationId")::int AS n
          FROM day_events WHERE event = 'intent_gate_pass' AND intent IS NOT NULL
          GROUP BY 1, 2) counted
        GROUP BY 1
      ),
      tools AS (
        SELECT "tenantId", jsonb_object_agg(tool, jsonb_build_object(
          'calls', calls, 'succeeded', succeeded, 'failed', failed, 'blocked', blocked,
          'timed', timed, 'totalMs', total_ms)) AS tools FROM (
          SELECT "tenantId", data->>'tool' AS tool,
            count(*)::int AS calls,
            count(*) FILTER (WHERE event = 'tool_execution_success')::int AS succeeded,
            count(*) FILTER (WHERE event = 'tool_execution_failed')::int AS failed,
            count(*) FILTER (WHERE event = 'tool_execution_blocked')::int AS blocked,
            count(*) FILTER (WHERE event = 'tool_execution_success' AND data ? 'ms')::int AS timed,
            coalesce(sum((data->>'ms')::numeric) FILTER (WHERE event = 'tool_execution_success' AND data ? 'ms'), 0)::bigint AS total_ms
          FROM day_events
          WHERE event IN ('tool_execution_success', 'tool_execution_failed', 'tool_execution_blocked') AND data ? 'tool'
          GROUP BY 1, 2) counted
        GROUP BY 1
      )
      INSERT INTO analytics_daily
        ("tenantId", day, turns, conversations, understood, "notUnderstood", resolved, intents, tools, "computedAt")
      SELECT b."tenantId", ${day}::date, b.turns, b.conversations, b.understood, b.not_understood, b.resolved,
        coalesce(i.intents, '{}'::jsonb), coalesce(t.tools, '{}'::jsonb), now()
      FROM base b LEFT JOIN intents i USING ("tenantId") LEFT JOIN tools t USING ("tenantId")
      ON CONFLICT ("tenantId", day) DO UPDATE SET
        turns = EXCLUDED.turns, conversations = EXCLUDED.conversations,
        understood = EXCLUDED.understood, "notUnderstood" = EXCLUDED."notUnderstood",
        resolved = EXCLUDED.resolved, intents = EXCLUDED.intents, tools = EXCLUDED.tools,
        "computedAt" = EXCLUDED."computedAt"`;
  }

  /** A tenant's figures over the UTC days `from` to `to`, inclusive, from the rolled-up rows. */
  async summary(tenantId: string, from: string, to: string): Promise<AnalyticsSummary> {
    const rows = await this.db.analyticsDaily.findMany({
      where: { tenantId, day: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
    });
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const turns = sum((row) => row.turns);
    const conversations = sum((row) => row.conversations);
    const intents = new Map<string, number>();
    const tools = new Map<string, ToolFigures & { timed: number; totalMs: number }>();
    for (const row of rows) {
      for (const [intent, n] of Object.entries(row.intents as Record<string, number>))
        intents.set(intent, (intents.get(intent) ?? 0) + n);
      for (const [tool, f] of Object.entries(row.tools as Record<string, Record<string, number>>)) {
        const acc = tools.get(tool) ?? {
          calls: 0,
          succeeded: 0,
          failed: 0,
          blocked: 0,
          avgMs: null,
          timed: 0,
          totalMs: 0,
        };
        acc.calls += f.calls ?? 0;
        acc.succeeded += f.succeeded ?? 0;
        acc.failed += f.failed ?? 0;
        acc.blocked += f.blocked ?? 0;
        acc.timed += f.timed ?? 0;
        acc.totalMs += Number(f.totalMs ?? 0);
        tools.set(tool, acc);
      }
    }
    const share = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);
    return {
      from,
      to,
      turns,
      conversations,
      turnsPerConversation: conversations === 0 ? 0 : Math.round((turns / conversations) * 100) / 100,
      resolutionRate: share(
        sum((row) => row.resolved),
        turns,
      ),
      fallbackRate: share(
        sum((row) => row.notUnderstood),
        turns,
      ),
      topIntents: [...intents.entries()]
        .map(([intent, n]) => ({ intent, turns: n }))
        .sort((a, b) => b.turns - a.turns || a.intent.localeCompare(b.intent)),
      tools: Object.fromEntries(
        [...tools.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([tool, { timed, totalMs, ...figures }]) => [
            tool,
            { ...figures, avgMs: timed === 0 ? null : Math.round(totalMs / timed) },
          ]),
      ),
    };
  }
}
