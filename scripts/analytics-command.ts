import { AnalyticsStore, lastUtcDays, type AnalyticsSummary } from '../src/stores/analytics-store';
import type { PrismaClient } from '../src/stores/prisma/client';

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/**
 * `npm run iris -- analytics --tenant demo [--days 7]`: what the tenant's conversations came to
 * over the last days (UTC, today included), rolled up fresh from the audit log first.
 */
export async function printAnalytics(
  db: PrismaClient,
  tenant: { id: string; slug: string },
  daysOption: string | undefined,
  now = new Date(),
): Promise<AnalyticsSummary> {
  const days = Number(daysOption ?? 7);
  if (!Number.isInteger(days) || days < 1 || days > 366)
    throw new Error('--days must be a whole number from 1 to 366');
  const store = new AnalyticsStore(db);
  const period = lastUtcDays(now, days);
  for (const day of period) await store.rollUp(day);
  const s = await store.summary(tenant.id, period[0]!, period.at(-1)!);
  const lines = [
    `"${tenant.slug}", ${s.from} to ${s.to} (UTC):`,
    `  messages ${s.turns} in ${s.conversations} conversations (${s.turnsPerConversation} per conversation)`,
    `  resolved ${percent(s.resolutionRate)} (a tool ran to success), not understood or unsure ${percent(s.fallbackRate)}`,
    `  top intents: ${s.topIntents.length === 0 ? '—' : s.topIntents.map((i) => `${i.intent} ${i.turns}`).join(', ')}`,
    '  tools:',
    ...(Object.keys(s.tools).length === 0
      ? ['    —']
      : Object.entries(s.tools).map(
          ([tool, f]) =>
            `    ${tool}: ${f.calls} calls, ${f.succeeded} succeeded, ${f.failed} failed, ${f.blocked} blocked` +
            (f.avgMs === null ? '' : `, ${f.avgMs} ms on average`),
        )),
  ];
  console.log(lines.join('\n'));
  return s;
}
