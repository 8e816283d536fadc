import { redisLeases } from '../../src/stores/redis-lease';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createTelegramChannel } from '../../src/channels/telegram';
import { ConfigError } from '../../src/core/errors';
import {
  MemoryAudioStore,
  RecordingIngress,
  deleteKeys,
  newRedis,
  silentLogger,
  testBotInfo,
  testPrefix,
} from './telegram-helpers';

/**
 * The webhook route on a real fastify server on 127.0.0.1 (no Telegram involved).
 *
 * Not `app.inject`: its light-my-request requires `cookie` 2.x, which is ESM-only, and jest's
 * module loader cannot `require()` ESM on Node 20 (plain Node 20.20 can). Adding
 * `transformIgnorePatterns: ['/node_modules/(?!cookie/)']` to jest.config.js makes `inject` work
 * (checked); until then a socket on port 0 is just as hermetic.
 */
describe('Telegram webhook route', () => {
  const token = '717171:webhook-test-token';
  const secretToken = 'correct-horse_battery-staple';
  const prefix = testPrefix('tg-webhook');
  const textUpdate = JSON.parse(
    readFileSync(join(__dirname, '../fixtures/telegram/text.json'), 'utf8'),
  ) as object;
  let redis: Redis;
  let ingress: RecordingIngress;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    redis = newRedis();
    ingress = new RecordingIngress();
    const channel = createTelegramChannel({
      options: { token, redisPrefix: prefix, webhook: { secretToken } },
      ingress,
      audioStore: new MemoryAudioStore(),
      redis,
      leases: redisLeases(redis),
      logger: silentLogger,
      botInfo: testBotInfo,
    });
    app = Fastify();
    app.route(channel.webhookRoute());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/telegram/webhook`;
    await expect(channel.startPolling()).rejects.toBeInstanceOf(ConfigError);
  });

  afterAll(async () => {
    await app.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  beforeEach(() => {
    ingress.envelopes.length = 0;
  });

  const post = async (headers: Record<string, string>, payload: object = textUpdate) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });
    await response.arrayBuffer();
    return { statusCode: response.status };
  };

  it('rejects a wrong or missing secret with 401 and hands nothing to ingress', async () => {
    expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' })).statusCode).toBe(401);
    expect((await post({ 'x-telegram-bot-api-secret-token': `${secretToken}x` })).statusCode).toBe(401);
    expect((await post({})).statusCode).toBe(401);
    expect(ingress.envelopes).toHaveLength(0);
  });

  it('accepts the right secret: 200 once ingress has the envelope', async () => {
    const response = await post({ 'x-telegram-bot-api-secret-token': secretToken });
    expect(response.statusCode).toBe(200);
    expect(ingress.envelopes).toHaveLength(1);
    expect(ingress.envelopes[0]).toMatchObject({
      platformMessageId: '900000001',
      externalUserId: '123456789',
      content: { type: 'text', text: 'pagar boleto de 150 reais amanha' },
    });
  });

  it('answers 400 to a body that is not an update', async () => {
    expect(
      (await post({ 'x-telegram-bot-api-secret-token': secretToken }, { hello: 'world' })).statusCode,
    ).toBe(400);
  });

  it('answers 500 when ingress is down, so Telegram delivers the update again', async () => {
    ingress.failuresLeft = 1;
    expect((await post({ 'x-telegram-bot-api-secret-token': secretToken })).statusCode).toBe(500);
    expect((await post({ 'x-telegram-bot-api-secret-token': secretToken })).statusCode).toBe(200);
    expect(ingress.envelopes).toHaveLength(1);
  });
});
