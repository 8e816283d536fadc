import { alertsFor, type AlertThresholds } from '../../src/app/ai-alerts/rules';
import { LATENCY_BOUNDS_MS, p95Ms, type CallWindow } from '../../src/stores/model-call-stats';

const T: AlertThresholds = {
  errorRate: 0.1,
  minCalls: 10,
  p95Ms: 5_000,
  dailySoftUsd: 50,
  dailyHardUsd: 100,
};

function window(
  ok: number,
  error: number,
  latencyAt: Record<number, number> = {},
  circuitOpen = 0,
): CallWindow {
  const latency = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  for (const [bucket, count] of Object.entries(latencyAt)) latency[Number(bucket)] = count;
  return { ok, error, circuitOpen, latency };
}

describe('AI alert rules (seed 003 §9.2)', () => {
  it('an error rate needs enough calls to mean something, and must pass the threshold', () => {
    expect(alertsFor(window(4, 5), 0, T)).toEqual([]); // 9 calls: too few
    expect(alertsFor(window(9, 1), 0, T)).toEqual([]); // exactly 10 %
    expect(alertsFor(window(8, 2), 0, T).map((a) => a.name)).toEqual(['ai_provider_error_rate']);
  });

  it('the p95 is the upper bound of the bucket holding the 95th percentile', () => {
    expect(p95Ms(window(0, 0))).toBeUndefined();
    expect(p95Ms(window(20, 0, { 2: 19, 6: 1 }))).toBe(500);
    expect(p95Ms(window(20, 0, { 2: 18, 6: 2 }))).toBe(10_000);
    expect(p95Ms(window(1, 0, { [LATENCY_BOUNDS_MS.length]: 1 }))).toBe(Number.POSITIVE_INFINITY);
    expect(alertsFor(window(20, 0, { 2: 18, 6: 2 }), 0, T).map((a) => a.severity)).toEqual(['warning']);
  });

  it("the day's cost: soft warns, hard is critical and replaces soft", () => {
    expect(alertsFor(window(0, 0), 49.99, T)).toEqual([]);
    expect(alertsFor(window(0, 0), 50, T).map((a) => `${a.severity} ${a.name}`)).toEqual([
      'warning ai_daily_cost_soft',
    ]);
    expect(alertsFor(window(0, 0), 100, T).map((a) => `${a.severity} ${a.name}`)).toEqual([
      'critical ai_daily_cost_hard',
    ]);
  });
});
