import { randomUUID } from 'node:crypto';
import { createRedisClient } from '../../src/app/redis-connection';
import { hostPort, TcpProxy, withPort } from '../chaos/tcp-proxy';
import { TEST_REDIS_ENV } from '../support/test-env';

/**
 * Redis that goes silent instead of resetting (the app's command connection through a loopback
 * proxy that keeps connections open and drops what they carry): a command fails after
 * `REDIS_SILENCE_MS` instead of waiting as long as the kernel keeps the socket, and the client
 * reconnects on its own once the path carries bytes again.
 */
describe('Redis that stops answering', () => {
  const proxy = new TcpProxy(hostPort(TEST_REDIS_ENV.REDIS_URL, 6379));

  afterAll(() => proxy.close());

  it('fails a command on a silent connection, then answers on a new one', async () => {
    const port = await proxy.start();
    // What the container opens (one server; a cluster's nodes get the same options).
    const redis = createRedisClient(
      { REDIS_URL: withPort(TEST_REDIS_ENV.REDIS_URL, port) },
      { maxRetriesPerRequest: 3 },
    );
    const errors: Error[] = [];
    redis.on('error', (error: Error) => errors.push(error));
    const key = `stall-test:${randomUUID()}`;
    try {
      await redis.set(key, 'kept', 'EX', 60);
      proxy.stall();
      await expect(redis.get(key)).rejects.toThrow();
      proxy.restore();
      expect(await redis.get(key)).toBe('kept');
    } finally {
      redis.disconnect();
    }
  });
});
