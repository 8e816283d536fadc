import { p95Ms, type CallWindow } from '../../stores/model-call-stats';

/** The thresholds of the AI alerts (seed 003 §9.2's values are the defaults, in config/env.ts). */
export interface AlertThresholds {
  /** Share of failed calls over the window above which the provider is failing (0.10). */
  errorRate: number;
  /** Fewer calls than this in the window say nothing about an error rate. */
  minCalls: number;
  /** 95th percentile latency above which the provider is slow (5 000 ms). */
  p95Ms: number;
  /** The day's estimated cost, soft (US$ 50: warn) and hard (US$ 100: AI off for the platform). */
  dailySoftUsd: number;
  dailyHardUsd: number;
}

export type AlertName =
  | 'ai_provider_error_rate'
  | 'ai_provider_latency'
  | 'ai_daily_cost_soft'
  | 'ai_daily_cost_hard'
  | 'ai_circuit_open';

export interface Alert {
  name: AlertName;
  severity: 'warning' | 'critical';
  /** One line for a person: what happened, the figure and its threshold. */
  summary: string;
  value: number;
  threshold: number;
}

const usd = (value: number) => `US$ ${value.toFixed(2)}`;

/** The alerts a window of calls and the day's cost raise now. */
export function alertsFor(window: CallWindow, dailyCostUsd: number, t: AlertThresholds): Alert[] {
  const alerts: Alert[] = [];
  const answered = window.ok + window.error;
  const errorRate = answered === 0 ? 0 : window.error / answered;
  if (answered >= t.minCalls && errorRate > t.errorRate) {
    alerts.push({
      name: 'ai_provider_error_rate',
      severity: 'critical',
      summary: `Model provider failing: ${(errorRate * 100).toFixed(1)} % of ${answered} calls failed (threshold ${(t.errorRate * 100).toFixed(0)} %).`,
      value: errorRate,
      threshold: t.errorRate,
    });
  }
  const p95 = p95Ms(window);
  if (p95 !== undefined && p95 > t.p95Ms) {
    alerts.push({
      name: 'ai_provider_latency',
      severity: 'warning',
      summary: `Model provider slow: 95 % of calls took up to ${Number.isFinite(p95) ? `${p95} ms` : 'over 30 s'} (threshold ${t.p95Ms} ms).`,
      value: p95,
      threshold: t.p95Ms,
    });
  }
  if (dailyCostUsd >= t.dailyHardUsd) {
    alerts.push({
      name: 'ai_daily_cost_hard',
      severity: 'critical',
      summary: `Model cost today ${usd(dailyCostUsd)} reached the hard limit of ${usd(t.dailyHardUsd)}: AI is off for every tenant until an operator runs \`npm run iris -- ai on\`.`,
      value: dailyCostUsd,
      threshold: t.dailyHardUsd,
    });
  } else if (dailyCostUsd >= t.dailySoftUsd) {
    alerts.push({
      name: 'ai_daily_cost_soft',
      severity: 'warning',
      summary: `Model cost today ${usd(dailyCostUsd)} passed ${usd(t.dailySoftUsd)} (hard limit ${usd(t.dailyHardUsd)}).`,
      value: dailyCostUsd,
      threshold: t.dailySoftUsd,
    });
  }
  if (window.circuitOpen > 0) {
    alerts.push({
      name: 'ai_circuit_open',
      severity: 'warning',
      summary: `Model provider circuit open: ${window.circuitOpen} calls were not sent (the offline reading was used).`,
      value: window.circuitOpen,
      threshold: 0,
    });
  }
  return alerts;
}

export type ProviderStatus = 'idle' | 'circuit_open' | 'failing' | 'slow' | 'ok';

/** A provider's state over a window, by the same rules the alerts fire on (the operator API). */
export function providerStatus(window: CallWindow, t: AlertThresholds): ProviderStatus {
  if (window.ok + window.error + window.circuitOpen === 0) return 'idle';
  const firing = new Set(alertsFor(window, 0, t).map((alert) => alert.name));
  if (firing.has('ai_circuit_open')) return 'circuit_open';
  if (firing.has('ai_provider_error_rate')) return 'failing';
  return firing.has('ai_provider_latency') ? 'slow' : 'ok';
}
