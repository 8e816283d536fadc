import type { RedisClient } from '../core/redis-client';
import type { Logger } from 'pino';
import type { Container } from './container';

/**
 * Metrics that happen in many processes — turns in every pipeline process, send failures in
 * every channel process — and are scraped from one: the web process.
 *
 * Each process counts in memory and adds its counts to one Redis hash every few seconds (one
 * pipelined round trip, never one per turn); the web process reads the hash when /metrics is
 * scraped. A hash field is the Prometheus sample itself (`name{label="value"}`), so the totals
 * are cluster-wide and survive process restarts; a process killed outright loses at most its
 * last `flushMs` of counts. The alternative — a /metrics port per pipeline process — needs a
 * service discovery the Procfile deployment does not have.
 */
export interface SharedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  labelNames?: readonly string[];
  /** Histogram upper bounds, ascending. */
  buckets?: readonly number[];
}

export const SHARED_METRICS = {
  turnDuration: {
    name: 'iris_turn_duration_seconds',
    help: 'Time to handle one message in the pipeline (load state, gates, tools, replies queued, commit).',
    type: 'histogram',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
  gateEvents: {
    name: 'iris_gate_events_total',
    help: 'Audit events of the gates (docs/specification.md names), by event.',
    type: 'counter',
    labelNames: ['event'],
  },
  confirmations: {
    name: 'iris_confirmations_total',
    help: 'Confirmations by outcome: proposed, confirmed, rejected, expired, superseded.',
    type: 'counter',
    labelNames: ['outcome'],
  },
  turnJobFailures: {
    name: 'iris_turn_job_failures_total',
    help: 'Turn jobs that failed an attempt (retried with backoff; the last attempt answers anyway).',
    type: 'counter',
  },
  locksOfStoppedProcesses: {
    name: 'iris_locks_of_stopped_processes_total',
    help: 'Conversation locks the sweeper broke because the process holding them had stopped (killed, out of memory): each is a conversation resumed by another process.',
    type: 'counter',
  },
  turnsAnsweredWithError: {
    name: 'iris_turns_answered_with_error_total',
    help: 'Turns answered with the generic error: transient="false" a defect (answered at once), "true" out of retries.',
    type: 'counter',
    labelNames: ['transient'],
  },
  contactMessages: {
    name: 'iris_contact_messages_total',
    help: 'Messages to contacts by channel and outcome: sent, retry (a later attempt is scheduled), failed, postponed (a WhatsApp sending limit).',
    type: 'counter',
    labelNames: ['outcome', 'channel'],
  },
  aiGateRefusals: {
    name: 'iris_ai_gate_refusals_total',
    help: 'Model calls the AI gate refused (the message was read offline), by refusal: ai_unavailable, ai_disabled_for_tenant, ai_not_in_plan, ai_cost_limit_reached, ai_rate_limit_exceeded.',
    type: 'counter',
    labelNames: ['refusal'],
  },
  providerErrors: {
    name: 'iris_provider_errors_total',
    help: 'Errors from outside providers (Gemini), by provider and error code.',
    type: 'counter',
    labelNames: ['provider', 'kind'],
  },
  sendFailures: {
    name: 'iris_channel_send_failures_total',
    help: 'Attempts to send a reply that failed, by channel (each is retried).',
    type: 'counter',
    labelNames: ['channel'],
  },
} as const satisfies Record<string, SharedMetric>;

type Labels = Record<string, string>;

export class SharedMetrics {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Pick<RedisClient, 'pipeline'>,
    private readonly key: string,
    private readonly options: { flushMs?: number; logger?: Logger } = {},
  ) {}

  inc(metric: SharedMetric, labels: Labels = {}, by = 1): void {
    this.add(sample(metric.name, metric, labels), by);
  }

  /** One histogram observation: cumulative buckets, sum and count, as Prometheus reads them. */
  observe(metric: SharedMetric, value: number, labels: Labels = {}): void {
    for (const le of metric.buckets ?? [])
      if (value <= le) this.add(sample(`${metric.name}_bucket`, metric, labels, String(le)), 1);
    this.add(sample(`${metric.name}_bucket`, metric, labels, '+Inf'), 1);
    this.add(sample(`${metric.name}_sum`, metric, labels), value);
    this.add(sample(`${metric.name}_count`, metric, labels), 1);
  }

  /** Flushes every `flushMs` (default 5 s) until `stop`. */
  start(): this {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs ?? 5_000);
    this.timer.unref();
    return this;
  }

  /** Adds the counts to Redis; on failure they stay here for the next flush. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const pipeline = this.redis.pipeline();
    for (const [field, by] of batch) {
      if (Number.isInteger(by)) pipeline.hincrby(this.key, field, by);
      else pipeline.hincrbyfloat(this.key, field, by);
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      for (const [field, by] of batch) this.add(field, by);
      this.options.logger?.warn({ err: error }, 'metrics not flushed to Redis; kept for the next try');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private add(field: string, by: number): void {
    this.pending.set(field, (this.pending.get(field) ?? 0) + by);
  }
}

/** Prometheus text for every shared metric, from the hash the processes add to. */
export async function renderSharedMetrics(redis: Pick<RedisClient, 'hgetall'>, key: string): Promise<string> {
  const fields = await redis.hgetall(key);
  const out: string[] = [];
  for (const metric of Object.values(SHARED_METRICS) as SharedMetric[]) {
    out.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
    const samples = Object.entries(fields).filter(([field]) => ownerOf(field) === metric.name);
    if (samples.length === 0 && !metric.labelNames) {
      // An unlabelled metric always has its sample, zero until something happens.
      if (metric.type === 'counter') out.push(`${metric.name} 0`);
      else out.push(`${metric.name}_bucket{le="+Inf"} 0`, `${metric.name}_sum 0`, `${metric.name}_count 0`);
    }
    samples.sort(bySample);
    for (const [field, value] of samples) out.push(`${field} ${value}`);
  }
  return `${out.join('\n')}\n`;
}

function sample(name: string, metric: SharedMetric, labels: Labels, le?: string): string {
  const pairs = (metric.labelNames ?? []).map((l) => `${l}="${escapeLabel(labels[l] ?? '')}"`);
  if (le !== undefined) pairs.push(`le="${le}"`);
  return pairs.length > 0 ? `${name}{${pairs.join(',')}}` : name;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** The metric a sample belongs to: its name without labels and without a histogram suffix. */
function ownerOf(field: string): string {
  const name = field.split('{', 1)[0]!;
  const histogram = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (
    histogram &&
    Object.values(SHARED_METRICS).some((m) => m.name === histogram[1] && m.type === 'histogram')
  )
    return histogram[1]!;
  return name;
}

/** Orders samples as Prometheus expects: by label set, then buckets by bound (+Inf last), sum, count. */
function bySample([a]: [string, string], [b]: [string, string]): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return ka.labels.localeCompare(kb.labels) || ka.rank - kb.rank || ka.bound - kb.bound;
}

function sortKey(field: string): { labels: string; rank: number; bound: number } {
  const [name = '', labels = ''] = field.split('{', 2);
  const le = /le="([^"]+)"/.exec(labels)?.[1];
  return {
    labels: labels.replace(/,?le="[^"]*"/, ''),
    rank: name.endsWith('_sum') ? 2 : name.endsWith('_count') ? 3 : 1,
    bound: le === undefined ? 0 : le === '+Inf' ? Infinity : Number(le),
  };
}

/** The audit events that settle a confirmation, mapped to the outcome they count as. */
export function confirmationOutcome(record: { event: string; data?: Record<string, unknown> }) {
  switch (record.event) {
    case 'confirmation_pending':
      return record.data?.reask === true ? undefined : 'proposed';
    case 'confirmation_confirmed':
      return 'confirmed';
    case 'confirmation_rejected':
      return 'rejected';
    case 'confirmation_expired':
      return 'expired';
    case 'proposal_superseded':
      return 'superseded';
    default:
      return undefined;
  }
}

const perContainer = new WeakMap<Container, SharedMetrics>();

/**
 * The process' shared metrics (one per container), flushing every 5 s from the first use and
 * once more when the container closes, before its Redis connection does.
 */
export function sharedMetricsOf(c: Container): SharedMetrics {
  let metrics = perContainer.get(c);
  if (!metrics) {
    const created = new SharedMetrics(c.redis, c.keys.metrics(), {
      logger: c.logger.child({ component: 'metrics' }),
    }).start();
    c.onClose(() => created.stop());
    perContainer.set(c, created);
    metrics = created;
  }
  return metrics;
}
