import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { runLua } from '../../src/core/redis-script';
import { outboundQueueName } from '../../src/queues/names';
import { safeJobId } from '../../src/queues/outbox';
import { outboxHarness } from '../support/outbox-harness';

/**
 * A turn that crashed after queuing its reply, before its commit, runs again and queues the same
 * reply again: it must take the place it took the first time in its chat's order. A second
 * place would never be filled, and the sender would hold the chat's next reply until it gives
 * up waiting for it (10 s in a chaos run).
 */
describe('a reply takes its place in its chat once', () => {
  const { redis, keys, connection, queues, outbox, close } = outboxHarness();
  const queue = new Queue(outboundQueueName('console', 'a1'), { connection, prefix: queues });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await close();
  });

  const chat = { channel: 'console', account: 'a1', chatId: `c-${randomUUID()}` };
  const reply = (id: string) => ({
    id,
    ...chat,
    tenantId: 'tenant-1',
    conversationId: 'conv-1',
    correlationId: id,
    text: `reply ${id}`,
  });
  const placeOf = async (id: string) => ((await queue.getJob(safeJobId(id)))?.data as { seq?: number }).seq;

  it('gives a reply queued again the same place, and the next reply the next one', async () => {
    await outbox.send([reply('m1:reply')]);
    await outbox.send([reply('m1:reply')]); // the retried turn
    await outbox.send([reply('m2:reply')]);
    expect(await placeOf('m1:reply')).toBe(1);
    expect(await placeOf('m2:reply')).toBe(2);
    expect(await redis.get(keys.chatSequence(chat, 'queued'))).toBe('2');
    // Another chat's places are its own.
    const other = { ...reply('m3:reply'), chatId: `c-${randomUUID()}` };
    await outbox.send([other]);
    expect(await placeOf('m3:reply')).toBe(1);
  });

  it("remembers only a chat's most recent places, so a busy chat's set stays small", async () => {
    const busy = { ...chat, chatId: `c-${randomUUID()}` };
    const keysOf = [keys.chatSequence(busy, 'queued'), keys.chatReplyPlaces(busy)];
    const place = async (id: string) => Number(await runLua(redis, 'reply-place', keysOf, [id, 60, 60, 2]));
    expect([await place('r1'), await place('r2'), await place('r3'), await place('r3')]).toEqual([
      1, 2, 3, 3,
    ]);
    expect(await redis.zcard(keys.chatReplyPlaces(busy))).toBe(2);
    expect(await place('r1')).toBe(4); // forgotten: a new place
    expect(await redis.ttl(keys.chatReplyPlaces(busy))).toBeGreaterThan(0);
  });
});
