import type { RedisClient } from '../../core/redis-client';
import type { Logger } from 'pino';
import type { RedisKeys } from '../../core/redis-keys';
import type { RedisAiSwitch } from '../../stores/ai-switch';
import type { RedisModelCallStats } from '../../stores/model-call-stats';
import { alertsFor, type Alert, type AlertName, type AlertThresholds } from './rules';
import type { AlertWebhook } from './webhook';

export interface AlertEvaluatorDeps {
  stats: RedisModelCallStats;
  redis: RedisClient;
  keys: RedisKeys;
  aiSwitch: RedisAiSwitch;
  logger: Logger;
  webhook?: AlertWebhook;
  thresholds: AlertThresholds;
  /** How far back a run looks at calls (seed: 5 minutes). */
  windowMs: number;
}

interface Active {
  since: string;
  alert: Alert;
}

/**
 * One run of the AI alerts (seed 003 §9.2): the rules over the last window of calls and the
 * day's cost, compared with the alerts already firing (kept in Redis, so any process may run
 * the next evaluation). An alert that starts firing is logged and sent once; one that stops is
 * resolved and sent once; one still firing is left alone. When the day's hard cost limit starts
 * firing, AI is turned off for the platform (the AI gate's switch) until an operator turns it on.
 * An alert whose webhook delivery fails is not marked, so the next run tries it again.
 */
export async function evaluateAlerts(
  deps: AlertEvaluatorDeps,
  now: Date,
): Promise<{ fired: AlertName[]; resolved: AlertName[] }> {
  const window = await deps.stats.window(now, deps.windowMs);
  const cost = await deps.stats.dailyCostUsd(now.toISOString().slice(0, 10));
  const current = new Map(alertsFor(window, cost, deps.thresholds).map((alert) => [alert.name, alert]));
  const stored = await deps.redis.hgetall(deps.keys.activeAlerts());
  const active = new Map(
    Object.entries(stored).map(([name, raw]) => [name as AlertName, JSON.parse(raw) as Active]),
  );

  const fired: AlertName[] = [];
  for (const [name, alert] of current) {
    if (active.has(name)) continue;
    if (name === 'ai_daily_cost_hard') await deps.aiSwitch.turnOff(alert.summary, now);
    const log = {
      alert: name,
      severity: alert.severity,
      state: 'firing',
      value: alert.value,
      threshold: alert.threshold,
    };
    if (alert.severity === 'critical') deps.logger.error(log, alert.summary);
    else deps.logger.warn(log, alert.summary);
    if (await delivered(deps, 'firing', alert, now)) {
      await deps.redis.hset(
        deps.keys.activeAlerts(),
        name,
        JSON.stringify({ since: now.toISOString(), alert }),
      );
      fired.push(name);
    }
  }
  const resolved: AlertName[] = [];
  for (const [name, { since, alert }] of active) {
    if (current.has(name)) continue;
    deps.logger.info({ alert: name, state: 'resolved', since }, `resolved: ${alert.summary}`);
    if (await delivered(deps, 'resolved', alert, now)) {
      await deps.redis.hdel(deps.keys.activeAlerts(), name);
      resolved.push(name);
    }
  }
  return { fired, resolved };
}

async function delivered(
  deps: AlertEvaluatorDeps,
  state: 'firing' | 'resolved',
  alert: Alert,
  now: Date,
): Promise<boolean> {
  if (!deps.webhook) return true;
  try {
    await deps.webhook.send(state, alert, now);
    return true;
  } catch (error) {
    deps.logger.warn(
      { alert: alert.name, state, err: error },
      'alert webhook failed; retried at the next run',
    );
    return false;
  }
}
