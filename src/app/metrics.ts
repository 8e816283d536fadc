import client from 'prom-client';

/**
 * The web process' own Prometheus registry: its process metrics, and gauges read from Redis
 * when /metrics is scraped (queue depths and ages, conversations waiting). Counters that happen
 * in other processes — turn latency, gate outcomes, confirmations, provider errors, send
 * failures — are in ./shared-metrics.ts and are appended to the same scrape.
 */
export function createWebMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'iris_web_process_' });
  return {
    registry,
    queueDepth: new client.Gauge({
      name: 'iris_queue_jobs',
      help: 'Jobs in each queue by state (turns, transcribe, outbound-<channel>).',
      labelNames: ['queue', 'state'],
      registers: [registry],
    }),
    oldestWaitingSeconds: new client.Gauge({
      name: 'iris_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job waiting in each queue (0 when none waits).',
      labelNames: ['queue'],
      registers: [registry],
    }),
    whatsappProcesses: new client.Gauge({
      name: 'iris_whatsapp_processes',
      help: 'whatsapp processes of the account by connection state (open, standby, pairing, logged_out, replaced, stopped…), as they reported in the last 90 s.',
      labelNames: ['account', 'state'],
      registers: [registry],
    }),
    aiCostTodayUsd: new client.Gauge({
      name: 'iris_ai_cost_today_usd',
      help: "Estimated cost of today's model calls (UTC day), all tenants; the AI alerts' daily limits apply to it.",
      registers: [registry],
    }),
    aiProviderCalls: new client.Gauge({
      name: 'iris_ai_provider_calls_last_5m',
      help: 'Model calls of the last 5 minutes by outcome: ok, error, circuit_open (refused by the breaker).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    aiProviderP95Seconds: new client.Gauge({
      name: 'iris_ai_provider_p95_seconds_last_5m',
      help: '95th percentile latency of the model calls of the last 5 minutes (upper bound of its bucket; 0 without calls).',
      registers: [registry],
    }),
    mailboxesWaiting: new client.Gauge({
      name: 'iris_mailboxes_waiting',
      help: 'Conversations with messages waiting in their mailbox (being handled or queued).',
      registers: [registry],
    }),
  };
}

export type WebMetrics = ReturnType<typeof createWebMetrics>;
