import { randomUUID } from 'node:crypto';
import { bullConnection, closeBullConnection, queuePrefix } from '../../src/app/redis-connection';
import { RedisKeys } from '../../src/core/redis-keys';
import { Outbox } from '../../src/queues/outbox';
import { TEST_REDIS_ENV, testRedis } from './test-env';

/**
 * An outbox on the test Redis under a prefix of its own, with what a test needs beside it (the
 * BullMQ connection and prefix, the keys); `close` in `afterAll`.
 */
export function outboxHarness() {
  const prefix = `t${randomUUID().slice(0, 8)}`;
  const redis = testRedis();
  const keys = new RedisKeys(prefix);
  const connection = bullConnection(TEST_REDIS_ENV);
  const queues = queuePrefix({ IRIS_PREFIX: prefix, ...TEST_REDIS_ENV });
  const outbox = new Outbox(connection, queues, redis, keys);
  const close = async () => {
    await outbox.close();
    await closeBullConnection(connection);
    redis.disconnect();
  };
  return { redis, keys, connection, queues, outbox, close };
}
