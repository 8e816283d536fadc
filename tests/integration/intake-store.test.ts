import { randomUUID } from 'node:crypto';
import { RedisKeys } from '../../src/core/redis-keys';
import { IntakeStore } from '../../src/stores/intake-store';
import { testRedis } from '../support/test-env';

/** The held line of one sender, on the real Redis: order, duplicates, the lock, forgetting. */
describe('the intake store', () => {
  const redis = testRedis();
  const store = new IntakeStore(redis, new RedisKeys(`t${randomUUID().slice(0, 8)}`), {
    ttlSec: 60,
    lockTtlMs: 5_000,
  });
  afterAll(() => redis.quit());
  const waitingNow = async () => {
    const all = [];
    for await (const waiting of store.waiting()) all.push(waiting);
    return all;
  };
  const held = (id: string) => ({ id, receivedAt: new Date().toISOString(), envelope: { text: id } });

  it('keeps a sender’s messages in order, once per platform id, for one drainer at a time', async () => {
    const sender = store.senderOf({ channel: 'telegram', account: 'bot', chatId: '1', externalUserId: '7' });
    expect(await store.holds(sender)).toBe(false);
    expect(await store.hold(sender, 'p1', held('a'))).toBe(true);
    expect(await store.hold(sender, 'p1', held('a-again'))).toBe(false);
    expect(await store.hold(sender, 'p2', held('b'))).toBe(true);
    expect(await store.holds(sender)).toBe(true);

    const token = await store.lock(sender);
    expect(token).toBeDefined();
    expect(await store.lock(sender)).toBeUndefined();
    expect((await store.head(sender))?.id).toBe('a');
    expect(await store.dropHead(sender, 'not-the-token')).toBe(false);
    expect(await store.dropHead(sender, token!)).toBe(true);
    expect((await store.head(sender))?.id).toBe('b');
    expect(await store.dropHead(sender, token!)).toBe(true);
    expect(await store.head(sender)).toBeUndefined();
    expect(await store.holds(sender)).toBe(false);
    await store.unlock(sender, token!);
    expect(await store.lock(sender)).toBeDefined();
  });

  it('forgets a sender only if nothing was held since the drainer looked', async () => {
    const sender = store.senderOf({ channel: 'web', account: 'w', chatId: '2', externalUserId: '8' });
    await store.hold(sender, 'p1', held('a'));
    const seen = (await waitingNow()).find((w) => w.sender === sender)!;
    // Held after the drainer read the set (and before it found the line empty): kept.
    await store.hold(sender, 'p2', held('b'));
    await store.forget(seen);
    const now = (await waitingNow()).find((w) => w.sender === sender);
    expect(now).toBeDefined();
    await store.forget(now!);
    expect((await waitingNow()).find((w) => w.sender === sender)).toBeUndefined();
  });

  it('lists every held sender, however many, a page at a time', async () => {
    const paged = new IntakeStore(redis, new RedisKeys(`t${randomUUID().slice(0, 8)}`), {
      ttlSec: 60,
      lockTtlMs: 5_000,
    });
    const senders = Array.from({ length: 250 }, (_, i) =>
      paged.senderOf({ channel: 'telegram', account: 'bot', chatId: String(i), externalUserId: String(i) }),
    );
    for (const sender of senders) await paged.hold(sender, 'p1', held(sender));
    const listed = new Set<string>();
    for await (const waiting of paged.waiting(100)) listed.add(waiting.sender);
    expect(listed).toEqual(new Set(senders));
  });
});
