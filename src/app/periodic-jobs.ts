import { PrismaActionLedger } from '../stores/action-ledger';
import { MemoryStore } from '../stores/memory-store';
import { AnalyticsStore, lastUtcDays } from '../stores/analytics-store';
import { evaluateAlerts } from './ai-alerts/evaluator';
import { alertDeps } from './ai-alerts/deps';
import type { Container } from './container';
import { knowledgeCatchUp } from './knowledge-ingestion';
import type { ScheduledJob } from './scheduled-jobs';

/**
 * The deployment's periodic jobs (seed 003 §8.3): the analytics roll-up (today and yesterday,
 * UTC, so a day's last turns are counted after midnight too), proposals past their TTL marked
 * expired, the weekly decay of memories Iris was not asked for in so many words (seed §5.4),
 * passages never embedded (where an embedding model is configured), and, where a model
 * provider is configured, the AI alerts.
 */
export function periodicJobs(c: Container): ScheduledJob[] {
  const analytics = new AnalyticsStore(c.db);
  const jobs: ScheduledJob[] = [
    {
      id: 'analytics-roll-up',
      everyMs: c.config.ANALYTICS_EVERY_MS,
      run: async (now) => {
        const [yesterday, today] = lastUtcDays(now, 2) as [string, string];
        return { yesterday: await analytics.rollUp(yesterday), today: await analytics.rollUp(today) };
      },
    },
  ];
  const ledger = new PrismaActionLedger(c.db);
  jobs.push({
    id: 'expire-proposals',
    everyMs: c.config.PROPOSALS_EXPIRE_EVERY_MS,
    run: async (now) => ({ expired: await ledger.expireStale(now) }),
  });
  const memories = new MemoryStore(c.db);
  jobs.push({
    id: 'memory-decay',
    everyMs: c.config.MEMORY_DECAY_EVERY_MS,
    run: (now) => memories.decay(now),
  });
  if (c.aiProviders.anyEmbedder && c.config.KNOWLEDGE_CATCH_UP)
    jobs.push(knowledgeCatchUp(c, c.config.KNOWLEDGE_CATCH_UP_EVERY_MS));
  if (c.aiProviders.any) {
    const deps = alertDeps(c);
    jobs.push({ id: 'ai-alerts', everyMs: c.config.ALERT_EVERY_MS, run: (now) => evaluateAlerts(deps, now) });
  }
  return jobs;
}
