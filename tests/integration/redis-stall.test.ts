import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { BULLMQ_SILENCE_MS, createRedisClient, redisConnection } from '../../src/app/redis-connection';
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

  it('lets a BullMQ worker finish its job once a silent path carries bytes again', async () => {
    expect(BULLMQ_SILENCE_MS).toBeGreaterThan(11_000); // above BullMQ's longest block and its watchdog
    const path = new TcpProxy(hostPort(TEST_REDIS_ENV.REDIS_URL, 6379));
    const name = `stall-${randomUUID().slice(0, 8)}`;
    // The queue and its events on a direct connection; the worker through the path.
    const direct = redisConnection(TEST_REDIS_ENV.REDIS_URL);
    const queue = new Queue(name, { connection: direct, prefix: 'stall-test' });
    const events = new QueueEvents(name, { connection: direct, prefix: 'stall-test' });
    let release: () => void = () => undefined;
    const running = new Promise<void>((started) => {
      void path.start().then((port) => {
        const worker = new Worker(
          name,
          () => {
            started();
            return new Promise<string>((done) => (release = () => done('finished')));
          },
          { connection: redisConnection(withPort(TEST_REDIS_ENV.REDIS_URL, port)), prefix: 'stall-test' },
        );
        worker.on('error', () => undefined);
        closers.push(() => worker.close(true));
      });
    });
    const closers: Array<() => Promise<unknown>> = [];
    try {
      await events.waitUntilReady();
      const job = await queue.add('work', {});
      await running;
      // The job's completion goes out on a path that has gone silent; the path comes back at once
      // for new connections, as after a load balancer forgot the flow.
      path.stall();
      release();
      path.restore();
      expect(await job.waitUntilFinished(events, 40_000)).toBe('finished');
    } finally {
      for (const close of closers) await close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await path.close();
    }
  }, 60_000);
});
