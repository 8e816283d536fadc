import type { Container } from '../container';
import type { AlertEvaluatorDeps } from './evaluator';
import type { AlertThresholds } from './rules';
import { HttpAlertWebhook } from './webhook';

/** The AI alerts as the configuration sets them up (config/env.ts: ALERT_*, AI_ALERT_*, AI_DAILY_*). */
export function alertDeps(c: Container): AlertEvaluatorDeps {
  const config = c.config;
  return {
    stats: c.modelCallStats,
    redis: c.redis,
    keys: c.keys,
    aiSwitch: c.aiSwitch,
    logger: c.logger.child({ component: 'ai-alerts' }),
    ...(config.ALERT_WEBHOOK_URL ? { webhook: new HttpAlertWebhook(config.ALERT_WEBHOOK_URL) } : {}),
    thresholds: alertThresholds(config),
    windowMs: config.ALERT_WINDOW_MS,
  };
}

/** The alerts' thresholds from the configuration (seed 003 §9.2's values by default). */
export function alertThresholds(config: Container['config']): AlertThresholds {
  return {
    errorRate: config.AI_ALERT_ERROR_RATE,
    minCalls: config.AI_ALERT_MIN_CALLS,
    p95Ms: config.AI_ALERT_P95_MS,
    dailySoftUsd: config.AI_DAILY_COST_SOFT_USD,
    dailyHardUsd: config.AI_DAILY_COST_HARD_USD,
  };
}
