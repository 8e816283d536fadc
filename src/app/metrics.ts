import client from 'prom-client';

/**
 * Prometheus metrics of one process. Turn latency and gate outcomes are observed where they
 * happen; queue depths are read from Redis when /metrics is scraped.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'iris_process_' });

export const turnDuration = new client.Histogram({
  name: 'iris_turn_duration_seconds',
  help: 'Time to handle one message in the pipeline (load state, gates, tools, commit).',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const gateOutcomes = new client.Counter({
  name: 'iris_gate_events_total',
  help: 'Audit events of the gates (seed 000 names), by event.',
  labelNames: ['event'],
  registers: [registry],
});

export const queueDepth = new client.Gauge({
  name: 'iris_queue_jobs',
  help: 'Jobs in each queue by state.',
  labelNames: ['queue', 'state'],
  registers: [registry],
});

export const oldestWaitingSeconds = new client.Gauge({
  name: 'iris_queue_oldest_waiting_seconds',
  help: 'Age of the oldest waiting job in each queue.',
  labelNames: ['queue'],
  registers: [registry],
});

export const providerErrors = new client.Counter({
  name: 'iris_provider_errors_total',
  help: 'Errors from outside providers (Gemini), by provider and kind.',
  labelNames: ['provider', 'kind'],
  registers: [registry],
});

export const sendFailures = new client.Counter({
  name: 'iris_channel_send_failures_total',
  help: 'Replies a channel failed to send (each failed attempt).',
  labelNames: ['channel'],
  registers: [registry],
});
