import type { RedisOptions } from 'ioredis';
import { createRedisClient } from '../../src/app/redis-connection';
import type { RedisClient } from '../../src/core/redis-client';

/** The test database and Redis: real servers on their default local ports unless told otherwise. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Set by `npm run test:cluster` (tests/cluster/global-setup.ts): the seed nodes of a local
 * three-master Redis Cluster, which then replaces the single Redis for the tests that run there.
 */
export const TEST_REDIS_CLUSTER_NODES = process.env.TEST_REDIS_CLUSTER_NODES || undefined;

/** The Redis settings of an Iris under test: the single Redis, or the local cluster. */
export const TEST_REDIS_ENV: { REDIS_URL: string; REDIS_CLUSTER_NODES?: string } = {
  REDIS_URL: TEST_REDIS_URL,
  ...(TEST_REDIS_CLUSTER_NODES ? { REDIS_CLUSTER_NODES: TEST_REDIS_CLUSTER_NODES } : {}),
};

/** A command connection to the test Redis (or cluster), built as the app builds its own. */
export function testRedis(options: RedisOptions = {}): RedisClient {
  return createRedisClient(TEST_REDIS_ENV, options);
}
