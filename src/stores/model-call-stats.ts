import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import type { ModelCallRecord, ModelCallStats } from '../pipeline/ports';

/** Upper bounds of the latency buckets, in ms; the last bucket is everything above. */
const DAY_TOTALS_KEPT_MS = 40 * 86_400_000;

export const LATENCY_BOUNDS_MS = [100, 250, 500, 1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** What the calls of a time window came to, summed over every pipeline process. */
export interface CallWindow {
  ok: number;
  error: number;
  circuitOpen: number;
  /** Counts per latency bucket (`LATENCY_BOUNDS_MS`, then one for everything above). */
  latency: number[];
}

/**
 * Model calls counted per time bucket in Redis, for the AI alerts: every pipeline process adds
 * to the same buckets (one MULTI per call, and one for the day's cost: another slot on Redis
 * Cluster), and the alert job reads a window of them. Per
 * bucket, a hash: `ok`, `error`, `circuit_open`, and `lat:<i>` per latency bucket, in total and
 * again under `<provider>|` for a call that names its provider; per UTC day, the estimated cost. Buckets live a day; day totals 40 days, so a month's days can be listed.
 */
export class RedisModelCallStats implements ModelCallStats {
  private readonly bucketMs: number;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    options: { bucketMs?: number } = {},
  ) {
    this.bucketMs = options.bucketMs ?? 60_000;
  }

  async record(call: ModelCallRecord): Promise<void> {
    const key = this.keys.modelCallBucket(Math.floor(call.at.getTime() / this.bucketMs));
    const tx = this.redis.multi();
    for (const prefix of call.provider ? ['', `${call.provider}|`] : ['']) {
      tx.hincrby(key, `${prefix}${call.outcome}`, 1);
      if (call.outcome !== 'circuit_open')
        tx.hincrby(key, `${prefix}lat:${latencyBucket(call.latencyMs)}`, 1);
    }
    tx.pexpire(key, 86_400_000);
    const cost = async () => {
      if (call.costUsd <= 0) return;
      const day = this.keys.modelCostDay(call.at.toISOString().slice(0, 10));
      await this.redis.multi().incrbyfloat(day, call.costUsd).pexpire(day, DAY_TOTALS_KEPT_MS).exec();
    };
    await Promise.all([tx.exec(), cost()]);
  }

  /**
   * The calls of the buckets that end after `to - ms` and start at or before `to`: every
   * provider's, or one provider's.
   */
  async window(to: Date, ms: number, provider?: string): Promise<CallWindow> {
    const prefix = provider ? `${provider}|` : '';
    const last = Math.floor(to.getTime() / this.bucketMs);
    const first = Math.floor((to.getTime() - ms) / this.bucketMs) + 1;
    // One command per bucket, sent together: the buckets spread over slots on Redis Cluster,
    // where a pipeline must stay on one node.
    const buckets: Array<Promise<Record<string, string>>> = [];
    for (let bucket = first; bucket <= last; bucket++)
      buckets.push(this.redis.hgetall(this.keys.modelCallBucket(bucket)));
    const sum: CallWindow = {
      ok: 0,
      error: 0,
      circuitOpen: 0,
      latency: new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0),
    };
    for (const hash of await Promise.all(buckets)) {
      sum.ok += Number(hash[`${prefix}ok`] ?? 0);
      sum.error += Number(hash[`${prefix}error`] ?? 0);
      sum.circuitOpen += Number(hash[`${prefix}circuit_open`] ?? 0);
      sum.latency.forEach((_, i) => (sum.latency[i]! += Number(hash[`${prefix}lat:${i}`] ?? 0)));
    }
    return sum;
  }

  /** The estimated cost of the calls of one UTC day (`YYYY-MM-DD`), in USD. */
  async dailyCostUsd(day: string): Promise<number> {
    return Number((await this.redis.get(this.keys.modelCostDay(day))) ?? 0);
  }
}

function latencyBucket(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length : index;
}

/**
 * The 95th percentile of a window's latencies, as the upper bound of the bucket it falls in
 * (Infinity above the last bound), or undefined without calls.
 */
export function p95Ms(window: CallWindow): number | undefined {
  const total = window.latency.reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(total * 0.95);
  let seen = 0;
  for (let i = 0; i < window.latency.length; i++) {
    seen += window.latency[i]!;
    if (seen >= rank) return LATENCY_BOUNDS_MS[i] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}
