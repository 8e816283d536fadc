import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startSender } from '../../src/app/channels/sender';
import { sharedMetricsOf } from '../../src/app/shared-metrics';
import { buildWeb } from '../../src/app/web';
import { WhatsappStatusBoard } from '../../src/app/channels/whatsapp-status';
import { Harness } from '../support/harness';
import { waitFor } from '../support/conversation';

/**
 * Real HTTP on loopback rather than `app.inject`: fastify's inject loads `cookie` 2, an
 * ES-only module that jest's loader cannot require on Node 20.
 */
async function get(app: FastifyInstance, url: string) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${url}`);
  const body = await res.text();
  return { statusCode: res.status, headers: res.headers, body, json: () => JSON.parse(body) };
}

/** Scrapes /metrics after every process flushed its shared counters to Redis. */
async function scrape(h: Harness, app: FastifyInstance): Promise<string> {
  await sharedMetricsOf(h.container).flush();
  const res = await get(app, '/metrics');
  expect(res.statusCode).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.body;
}

/** The value of one sample line ("name{labels} value"), or undefined. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('web process: /health and /ready', () => {
  const h = new Harness();
  const app = buildWeb(h.container);
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('/health answers without looking at any dependency', async () => {
    const res = await get(app, '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/ready is 503 until a pipeline worker is connected, then 200', async () => {
    const before = await get(app, '/ready');
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({
      status: 'not_ready',
      checks: [
        { name: 'redis', ok: true },
        { name: 'postgres', ok: true },
        { name: 'pipeline_workers', ok: false, error: 'no pipeline worker connected' },
      ],
    });
    h.startPipelines(1);
    await h.container.turns.getWorkersCount(); // the worker registers its connection name
    let after = await get(app, '/ready');
    for (let i = 0; i < 50 && after.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await get(app, '/ready');
    }
    expect(after.statusCode).toBe(200);
    expect(after.json().status).toBe('ready');
  });

  it('/ready and /metrics show WhatsApp: degraded while no process holds the number, ready once one does', async () => {
    const account = h.container.config.WHATSAPP_ACCOUNT;
    const board = (name: string) => {
      const b = new WhatsappStatusBoard(h.container.redis, h.container.keys, account);
      Object.defineProperty(b, 'process', { value: name });
      return b;
    };
    await board('host-a:1').report('logged_out');
    await board('host-b:2').report('standby');
    // A process silent for longer than 90 s is gone: it does not count.
    await board('host-c:3').report('open', Date.now() - 120_000);
    const degraded = await get(app, '/ready');
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json().status).toBe('degraded');
    expect(degraded.json().checks.at(-1)).toEqual({
      name: 'whatsapp',
      ok: false,
      degraded: true,
      error: 'no open connection (host-a:1: logged_out, host-b:2: standby)',
    });
    const metrics = (await get(app, '/metrics')).body;
    expect(sample(metrics, `iris_whatsapp_processes{account="${account}",state="logged_out"}`)).toBe(1);
    expect(sample(metrics, `iris_whatsapp_processes{account="${account}",state="open"}`)).toBeUndefined();

    await board('host-b:2').report('open');
    const ready = await get(app, '/ready');
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.json().checks.at(-1)).toEqual({ name: 'whatsapp', ok: true });
  });
});

describe('web process: /metrics', () => {
  const h = new Harness();
  const app = buildWeb(h.container);
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('shows queue depths, the age of the oldest waiting job and waiting conversations', async () => {
    await h.container.turns.add(
      'turn',
      { conversationId: 'nobody-drains-this' },
      { timestamp: Date.now() - 5_000 },
    );
    await h.container.turns.add('turn', { conversationId: 'nor-this' });
    const body = await scrape(h, app);
    expect(sample(body, 'iris_queue_jobs{queue="turns",state="waiting"}')).toBe(2);
    expect(sample(body, 'iris_queue_jobs{queue="outbound-telegram",state="failed"}')).toBe(0);
    expect(sample(body, 'iris_queue_oldest_waiting_seconds{queue="turns"}')).toBeGreaterThanOrEqual(5);
    expect(sample(body, 'iris_mailboxes_waiting')).toBe(0);
    expect(body).toContain('# TYPE iris_turn_duration_seconds histogram');
    expect(sample(body, 'iris_turn_job_failures_total')).toBe(0);
    await h.container.turns.obliterate({ force: true });
  });

  it('counts turns, gate events and confirmations from the pipeline processes', async () => {
    h.startPipelines(1);
    const { chat } = await h.boletosTenant();
    await h.say(chat, 'cria um boleto de R$ 10,00 pro Pedro Santos pra dia 10/12/2099');
    await h.say(chat, 'sim');
    await h.say(chat, 'cria um boleto de R$ 20,00 pro Pedro Santos pra dia 10/12/2099');
    await h.say(chat, 'não');
    // The reply goes out before its turn commits and is counted: wait for the fourth turn.
    const body = await waitFor('the fourth turn to be counted', async () => {
      const scraped = await scrape(h, app);
      return sample(scraped, 'iris_turn_duration_seconds_count') === 4 ? scraped : undefined;
    });
    expect(sample(body, 'iris_turn_duration_seconds_count')).toBe(4);
    expect(sample(body, 'iris_turn_duration_seconds_bucket{le="+Inf"}')).toBe(4);
    expect(sample(body, 'iris_turn_duration_seconds_sum')).toBeGreaterThan(0);
    expect(sample(body, 'iris_confirmations_total{outcome="proposed"}')).toBe(2);
    expect(sample(body, 'iris_confirmations_total{outcome="confirmed"}')).toBe(1);
    expect(sample(body, 'iris_confirmations_total{outcome="rejected"}')).toBe(1);
    expect(sample(body, 'iris_gate_events_total{event="tool_execution_success"}')).toBe(1);
    // Buckets are cumulative and in order: the +Inf bucket is last and holds every turn.
    const buckets = body.split('\n').filter((l) => l.startsWith('iris_turn_duration_seconds_bucket'));
    const counts = buckets.map((l) => Number(l.split(' ')[1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-1)).toMatch(/le="\+Inf"/);
  });

  it('counts a channel send that failed (and was retried)', async () => {
    let calls = 0;
    const worker = startSender(h.container, 'console', 'flaky', {
      send: async () => {
        if (++calls === 1) throw new Error('platform down');
      },
    });
    await h.container.outbox.send([
      {
        id: 'flaky-reply',
        channel: 'console',
        account: 'flaky',
        chatId: 'c',
        tenantId: 't',
        conversationId: 'x',
        correlationId: 'k',
        text: 'oi',
      },
    ]);
    for (let i = 0; i < 100 && calls < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(2);
    const body = await scrape(h, app);
    expect(sample(body, 'iris_channel_send_failures_total{channel="console"}')).toBe(1);
    await worker.close();
  });
});
