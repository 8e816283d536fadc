import { redisLeases } from '../../src/stores/redis-lease';
import TelegramServer from 'telegram-test-api';
import type { Redis } from 'ioredis';
import { createTelegramChannel, type PollerState, type TelegramChannel } from '../../src/channels/telegram';
import { ConfigError } from '../../src/core/errors';
import { FakeBotApi } from './telegram-fake-bot-api';
import {
  MemoryAudioStore,
  RecordingIngress,
  deleteKeys,
  fastPolling,
  freePort,
  newRedis,
  noPacing,
  silentLogger,
  testPrefix,
  waitFor,
} from './telegram-helpers';

/** One running copy of the `telegram` process: its channel, Redis connection, and what it saw. */
interface Runner {
  name: string;
  channel: TelegramChannel;
  redis: Redis;
  ingress: RecordingIngress;
  states: PollerState[];
  getUpdatesCalls: number;
  done: Promise<void>;
}

describe('Telegram long polling under the cluster lease', () => {
  const prefix = testPrefix('tg-polling');
  let server: TelegramServer;
  let cleanup: Redis;
  const runners: Runner[] = [];

  function startRunner(name: string, token: string, apiRoot: string): Runner {
    const redis = newRedis();
    const ingress = new RecordingIngress();
    const runner = { name, redis, ingress, states: [] as PollerState[], getUpdatesCalls: 0 } as Runner;
    runner.channel = createTelegramChannel({
      options: { token, apiRoot, redisPrefix: prefix, polling: fastPolling, pacing: noPacing },
      ingress,
      audioStore: new MemoryAudioStore(),
      redis,
      leases: redisLeases(redis),
      logger: silentLogger,
      onPollerState: (state) => runner.states.push(state),
    });
    runner.channel.bot.api.config.use((prev, method, payload, signal) => {
      if (method === 'getUpdates') runner.getUpdatesCalls += 1;
      return prev(method, payload, signal);
    });
    runner.done = runner.channel.startPolling();
    runners.push(runner);
    return runner;
  }

  beforeAll(async () => {
    server = new TelegramServer({ port: await freePort(), host: '127.0.0.1' });
    await server.start();
    cleanup = newRedis();
  });

  afterAll(async () => {
    for (const runner of runners) {
      await runner.channel.stop();
      await runner.done.catch(() => undefined);
      // A second disconnect() of an ended client leaves an ioredis timer running: skip the dead one.
      if (runner.redis.status !== 'end') runner.redis.disconnect();
    }
    await server.stop();
    await deleteKeys(cleanup, prefix);
    cleanup.disconnect();
  });

  it('polls from one process only; the standby takes over when the holder stops', async () => {
    const token = '818181:lease-stop-token';
    const a = startRunner('a', token, server.config.apiURL);
    await waitFor(() => a.channel.bot.isInited() && a.states.includes('polling'), 'a polling');
    const b = startRunner('b', token, server.config.apiURL);
    await waitFor(() => b.states.includes('standby'), 'b standing by');

    const client = server.getClient(token, { userId: 4001, chatId: 4001 });
    await client.sendMessage(client.makeMessage('oi'));
    await waitFor(() => a.ingress.envelopes.length === 1, 'a receiving the message');
    // Several lease renewals later, b has still never polled.
    const aPolls = a.getUpdatesCalls;
    await waitFor(() => a.getUpdatesCalls >= aPolls + 5, 'a polling on');
    expect(b.getUpdatesCalls).toBe(0);
    expect(b.states).toEqual(['standby']);

    await a.channel.stop();
    await a.done;
    expect(a.states.at(-1)).toBe('stopped');
    await waitFor(() => b.states.includes('polling'), 'b taking over');
    await client.sendMessage(client.makeMessage('ainda ai?'));
    await waitFor(() => b.ingress.envelopes.length === 1, 'b receiving the next message');
    expect(b.ingress.envelopes[0]?.content).toEqual({ type: 'text', text: 'ainda ai?' });
    expect(a.ingress.envelopes).toHaveLength(1);
  });

  it('the standby takes over when the holder dies (stops renewing), and the dead one stops polling', async () => {
    const token = '828282:lease-death-token';
    const a = startRunner('a', token, server.config.apiURL);
    await waitFor(() => a.states.includes('polling'), 'a polling');
    const b = startRunner('b', token, server.config.apiURL);
    await waitFor(() => b.states.includes('standby'), 'b standing by');

    a.redis.disconnect(); // a is cut off from Redis: it cannot renew, exactly like a dead process
    await waitFor(() => b.states.includes('polling'), 'b taking over after the TTL');
    expect(a.states.at(-1)).toBe('standby'); // a gave up polling on its own deadline
    const aPollsAtTakeover = a.getUpdatesCalls;

    const client = server.getClient(token, { userId: 4002, chatId: 4002 });
    await client.sendMessage(client.makeMessage('alo'));
    await waitFor(() => b.ingress.envelopes.length === 1, 'b receiving the message');
    await waitFor(() => b.getUpdatesCalls >= 5, 'b polling on');
    expect(a.getUpdatesCalls).toBe(aPollsAtTakeover);
  });

  it('gives up an update whose handling keeps failing, and the updates behind it are handled', async () => {
    const token = '818181:poisoned-update-token';
    const a = startRunner('a', token, server.config.apiURL);
    let poisonAttempts = 0;
    const handle = a.ingress.handle.bind(a.ingress);
    a.ingress.handle = async (envelope) => {
      if (envelope.content.type === 'text' && envelope.content.text === 'veneno') {
        poisonAttempts += 1;
        throw new Error('ingress keeps failing for this update (test)');
      }
      return handle(envelope);
    };
    await waitFor(() => a.states.includes('polling'), 'a polling');
    const client = server.getClient(token, { userId: 4003, chatId: 4003 });
    await client.sendMessage(client.makeMessage('veneno'));
    await client.sendMessage(client.makeMessage('depois'));
    await waitFor(() => a.ingress.envelopes.length === 1, 'the next update handled');
    expect(a.ingress.envelopes[0]?.content).toEqual({ type: 'text', text: 'depois' });
    expect(poisonAttempts).toBe(6); // maxUpdateAttempts, then given up
  });

  it('backs off on 409 Conflict instead of looping, and recovers when it clears', async () => {
    const token = '838383:conflict-token';
    const api = new FakeBotApi(token);
    await api.start();
    let conflicts = 4;
    api.handlers.set('getUpdates', () =>
      conflicts-- > 0
        ? { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' }
        : { ok: true, result: [] },
    );
    const runner = startRunner('conflict', token, api.apiRoot);
    await waitFor(() => api.callsOf('getUpdates').length >= 6, 'polling after the conflicts');
    const times = api.callsOf('getUpdates').map((call) => call.at);
    const gaps = times.slice(1, 5).map((at, i) => at - times[i]!);
    // Lower bounds only: 50, 100, 200, 200 ms (conflictBaseMs 50, conflictMaxMs 200).
    [50, 100, 200, 200].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - 5));
    expect(runner.states.at(-1)).toBe('polling');
    await runner.channel.stop();
    await api.stop();
  });

  it('stops with a ConfigError when the token is refused, releasing the lease', async () => {
    const token = '848484:refused-token';
    const api = new FakeBotApi(token);
    await api.start();
    api.handlers.set('getMe', () => ({ ok: false, error_code: 401, description: 'Unauthorized' }));
    const runner = startRunner('refused', token, api.apiRoot);
    await expect(runner.done).rejects.toBeInstanceOf(ConfigError);
    expect(runner.states.at(-1)).toBe('stopped');
    expect(await cleanup.exists(`${prefix}:lease:telegram:poll:${runner.channel.tokenId}`)).toBe(0);
    await api.stop();
  });
});
