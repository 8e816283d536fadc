import type { RedisOptions } from 'ioredis';
import { redisConnection } from '../../src/app/redis-connection';

/**
 * BullMQ's connections come back within ~2 s of Redis however long it was away (BullMQ's own
 * default waits e^tries ms, up to 20 s: measured, a worker took its next job 13 s after a 25 s
 * outage ended).
 */
describe('BullMQ connection options', () => {
  it('reads the URL and retries at most every 2 s, sooner at first', () => {
    const options = redisConnection('redis://:secret@redis.internal:6380/2') as RedisOptions;
    expect(options).toMatchObject({ host: 'redis.internal', port: 6380, db: 2, password: 'secret' });
    expect(options.maxRetriesPerRequest).toBeNull();
    const delays = [1, 2, 5, 8, 10, 20, 100, 10_000].map((tries) => options.retryStrategy!(tries));
    expect(delays[0]).toBeLessThan(1_000);
    expect(Math.max(...(delays as number[]))).toBe(2_000);
  });
});
