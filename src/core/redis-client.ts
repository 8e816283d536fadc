import type { Cluster, Redis } from 'ioredis';

/**
 * A connection to Redis: one server, or a Redis Cluster (`REDIS_CLUSTER_NODES`). Both take the
 * same commands; on a cluster the keys of one Lua script, MULTI or pipeline must share a hash
 * slot (`core/redis-keys.ts` lays them out so).
 */
export type RedisClient = Redis | Cluster;

/**
 * Another connection to the same Redis or cluster (a subscriber, a blocking reader). Narrowed
 * by hand: the two classes' `duplicate` take different arguments.
 */
export function duplicateClient(client: RedisClient): RedisClient {
  return client.isCluster ? (client as Cluster).duplicate() : (client as Redis).duplicate();
}

/**
 * The servers that hold the keys: the one Redis, or each master of the cluster (SCAN, INFO and
 * CONFIG answer for one server only).
 */
export function serversOf(client: RedisClient): Redis[] {
  return client.isCluster ? (client as Cluster).nodes('master') : [client as Redis];
}
