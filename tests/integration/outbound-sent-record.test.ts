import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { duplicateClient } from '../../src/core/redis-client';
import type { OutboundMessage } from '../../src/core/messages';
import { startOutboundWorker } from '../../src/queues/outbound-worker';
import { outboxHarness } from '../support/outbox-harness';

/** The script that records a reply as sent (and its chat's counter). */
const REPLY_SENT_SHA = createHash('sha1')
  .update(readFileSync(join(__dirname, '../../src/core/lua/reply-sent.lua'), 'utf8'))
  .digest('hex');

/**
 * A reply went out but Redis failed right after, before the reply was recorded as sent: the
 * worker waits the outage out instead of failing the job, whose retry would send it again.
 */
describe('outbound worker: a reply sent during a Redis hiccup goes out once', () => {
  const { redis, keys, connection, queues, outbox, close } = outboxHarness();

  afterAll(close);

  it('retries recording "sent" until Redis answers, and never sends twice', async () => {
    // The worker's Redis client: recording a reply as sent fails twice (the outage), then works.
    const flaky = duplicateClient(redis);
    let failures = 0;
    const evalsha = flaky.evalsha.bind(flaky) as (...args: unknown[]) => Promise<unknown>;
    (flaky as unknown as { evalsha: (...args: unknown[]) => Promise<unknown> }).evalsha = (...args) => {
      if (args[0] === REPLY_SENT_SHA && failures < 2) {
        failures += 1;
        return Promise.reject(new Error('Connection is closed.'));
      }
      return evalsha(...args);
    };
    const delivered: OutboundMessage[] = [];
    let done: () => void = () => undefined;
    const completed = new Promise<void>((resolve) => (done = resolve));
    const worker = startOutboundWorker({
      connection,
      prefix: queues,
      redis: flaky,
      keys,
      channel: 'console',
      account: 'a1',
      sender: { send: async (message) => void delivered.push(message) },
      logger: pino({ level: 'silent' }),
    });
    worker.on('completed', () => done());
    try {
      await outbox.send([
        {
          id: `reply-${randomUUID()}`,
          channel: 'console',
          account: 'a1',
          chatId: 'chat-1',
          tenantId: 't1',
          conversationId: 'c1',
          correlationId: randomUUID(),
          text: 'Boleto nº 1 criado.',
        },
      ]);
      await completed;
      expect(failures).toBe(2);
      expect(delivered.map((m) => m.text)).toEqual(['Boleto nº 1 criado.']);
      expect(await redis.exists(keys.sent(delivered[0]!, delivered[0]!.id))).toBe(1);
    } finally {
      await worker.close();
      flaky.disconnect();
    }
  });
});
