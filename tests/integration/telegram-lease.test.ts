import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisLease } from '../../src/stores/redis-lease';

/**
 * The lease fixes the Telegram poller relies on (src/stores/redis-lease.ts). The poller's own
 * takeover test is in telegram-polling.test.ts.
 */
describe('RedisLease (as the Telegram poller uses it)', () => {
  const prefix = `test-tg-lease-${randomUUID()}`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: false });
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('uses the key prefix it is given', async () => {
    const lease = new RedisLease(redis, 'named', { keyPrefix: prefix, ttlMs: 1000 });
    expect(lease.key).toBe(`${prefix}:lease:named`);
    expect(await lease.tryAcquire()).toBe(true);
    expect(await redis.get(`${prefix}:lease:named`)).toBe(lease.token);
    await lease.release();
    expect(await redis.exists(`${prefix}:lease:named`)).toBe(0);
  });

  it('declares the lease lost when Redis cannot be reached past the TTL', async () => {
    const cut = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const lease = new RedisLease(cut, 'partitioned', { keyPrefix: prefix, ttlMs: 300, intervalMs: 50 });
    const lost = new Promise<void>((resolve) => {
      void lease.hold(resolve);
    });
    await waitFor(() => lease.isHeld);
    cut.disconnect(); // renewals now fail; the lease must not be believed held past its TTL
    await lost;
    expect(lease.isHeld).toBe(false);
    await lease.release();
  });

  it('never resurrects a lease after release, and a standby takes it at once', async () => {
    const first = new RedisLease(redis, 'handover', { keyPrefix: prefix, ttlMs: 10_000, intervalMs: 50 });
    const second = new RedisLease(redis, 'handover', { keyPrefix: prefix, ttlMs: 10_000, intervalMs: 50 });
    expect(await first.hold(() => undefined)).toBe(true);
    const standby = second.hold(() => undefined);
    await first.release();
    expect(first.isHeld).toBe(false);
    expect(await standby).toBe(true);
    expect(await first.renew()).toBe(false);
    expect(first.isHeld).toBe(false);
    await second.release();
  });

  it('stops waiting when its signal aborts', async () => {
    const holder = new RedisLease(redis, 'busy', { keyPrefix: prefix, ttlMs: 10_000 });
    expect(await holder.tryAcquire()).toBe(true);
    const waiter = new RedisLease(redis, 'busy', { keyPrefix: prefix, ttlMs: 10_000 });
    const controller = new AbortController();
    const waiting = waiter.hold(() => undefined, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    await holder.release();
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}
