import { add } from './counting';
import type { RunResult } from './load';
import type { RunCounts } from './scenario';

/** The q-quantile (0..1) of a list of numbers, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** A fixed-width text table (first column left-aligned, the others right-aligned). */
export function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

export const RUN_HEAD = [
  'run',
  'offered',
  'answered',
  'starved',
  'errors',
  'msg/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'RT/turn',
  'SQL/turn',
  'CPU ms/turn',
  'PG ms/turn',
  'Redis ms/turn',
];

/** One load run: volumes, throughput, latency quantiles, and everything counted per answer. */
export function runRow(
  processes: number,
  r: RunResult,
  counts: RunCounts,
  /** "floor": the run of the empty pipeline. */
  kind = 'proc',
): Array<string | number> {
  const all = add(counts.parent, counts.pipeline);
  const turns = Math.max(1, r.sent);
  return [
    `${processes} ${kind}, ${r.label}`,
    r.offered,
    r.answered,
    r.starved,
    r.unexpected + r.ingressErrors,
    fmt(r.throughput),
    fmt(quantile(r.latenciesMs, 0.5), 1),
    fmt(quantile(r.latenciesMs, 0.95), 1),
    fmt(quantile(r.latenciesMs, 0.99), 1),
    fmt(all.redisRoundTrips / turns, 1),
    fmt(all.sqlStatements / turns, 2),
    fmt(all.cpuMs / turns, 2),
    fmt(counts.servers.postgresMs / turns, 2),
    fmt(counts.servers.redisMs / turns, 2),
  ];
}

export const PER_TURN_HEAD = [
  'turn kind',
  'turns',
  'Redis RT ingress+sender',
  'Redis RT pipeline',
  'SQL ingress',
  'SQL pipeline',
  'CPU ms ingress+sender',
  'CPU ms pipeline',
  'CPU ms PostgreSQL',
  'CPU ms Redis',
];

/** Counters per turn, split into the channel side (ingress + sender) and the pipeline. */
export function perTurnRow(
  label: string,
  turns: number,
  { parent, pipeline, servers }: RunCounts,
): Array<string | number> {
  const per = (n: number) => fmt(n / Math.max(1, turns), 2);
  return [
    label,
    turns,
    per(parent.redisRoundTrips),
    per(pipeline.redisRoundTrips),
    per(parent.sqlStatements),
    per(pipeline.sqlStatements),
    per(parent.cpuMs),
    per(pipeline.cpuMs),
    per(servers.postgresMs),
    per(servers.redisMs),
  ];
}

/** The most frequent entries of a by-name counter, per turn ("evalsha 2.17, lindex 1.00, ..."). */
export function topPerTurn(byName: Record<string, number>, turns: number, n = 8): string {
  return Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${fmt(v / Math.max(1, turns), 2)}`)
    .join(', ');
}
