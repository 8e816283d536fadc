import type { Redis, RedisOptions } from 'ioredis';
import { createRedisClient, redisConnection } from '../../src/app/redis-connection';

/**
 * Connections come back within about a second of Redis however long it was away (BullMQ's own
 * default waits e^tries ms, up to 20 s: measured, a worker took its next job 13 s after a 25 s
 * outage ended).
 */
describe('BullMQ connection options', () => {
  it('reads the URL and retries at most every second, sooner at first', () => {
    const options = redisConnection('redis://:secret@redis.internal:6380/2') as RedisOptions;
    expect(options).toMatchObject({ host: 'redis.internal', port: 6380, db: 2, password: 'secret' });
    expect(options.maxRetriesPerRequest).toBeNull();
    const delays = [1, 2, 5, 8, 10, 20, 100, 10_000].map((tries) => options.retryStrategy!(tries));
    expect(delays[0]).toBeLessThan(1_000);
    expect(Math.max(...(delays as number[]))).toBe(1_000);
  });

  it('gives the app’s own connection the same retries', () => {
    const client = createRedisClient(
      { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: undefined },
      {
        lazyConnect: true,
      },
    ) as Redis;
    expect(client.options.retryStrategy!(100)).toBe(1_000);
    client.disconnect();
  });
});
