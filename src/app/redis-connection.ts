import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { Env } from '../../config';
import type { RedisClient } from '../core/redis-client';

/**
 * Where Iris' Redis is: one server (`REDIS_URL`, the default) or a Redis Cluster
 * (`REDIS_CLUSTER_NODES`, with REDIS_URL's credentials and TLS). Everything that opens a
 * connection goes through here, so the two differ in this file only (and in the key layout,
 * `core/redis-keys.ts`, which is the same for both).
 */
export type RedisTarget = Pick<Env, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

/** Turns a redis:// URL into BullMQ connection options (workers need maxRetriesPerRequest null). */
export function redisConnection(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...credentials(url),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: reconnectDelayMs,
    socketTimeout: BULLMQ_SILENCE_MS,
  };
}

/**
 * BullMQ's connections may wait this long for any reply before the connection is taken for dead
 * and reopened (what was pending is sent again, as after a reset). Its workers block for up to
 * 10 s waiting for a job (BullMQ's own ceiling, with a watchdog a second later), so the bound
 * sits above that; without it, a job's completion sent on a path gone silent waits for the
 * kernel to notice, which takes hours, and the worker holds the job all that time.
 */
export const BULLMQ_SILENCE_MS = 15_000;

/**
 * How long a lost connection waits before its next try: at most 1 s, however long Redis has been
 * away, so ingress, queues and workers are back within about a second of Redis. BullMQ's own
 * default grows as e^tries up to 20 s (measured: a worker took its next job 13 s after a 25 s
 * outage ended); ioredis' default for the app's own connection grows to 2 s. One try a second
 * per connection is nothing to a Redis that is coming back.
 */
export function reconnectDelayMs(tries: number): number {
  return Math.min(250 * tries, 1_000);
}

/** User, password and TLS of a redis:// or rediss:// URL: what every node of a cluster shares. */
function credentials(url: string): { password?: string; username?: string; tls?: object } {
  const u = new URL(url);
  return {
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** The seed nodes of `REDIS_CLUSTER_NODES` ("host:port,host:port"). */
export function clusterNodes(list: string): Array<{ host: string; port: number }> {
  return list
    .split(',')
    .map((node) => node.trim())
    .filter((node) => node !== '')
    .map((node) => {
      const at = node.lastIndexOf(':');
      return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
    });
}

function cluster(target: RedisTarget & { REDIS_CLUSTER_NODES: string }, options: RedisOptions): Cluster {
  if (new URL(target.REDIS_URL).pathname.length > 1)
    throw new Error('REDIS_URL names a database: a Redis Cluster has only database 0');
  const { lazyConnect, ...perNode } = options;
  return new Cluster(clusterNodes(target.REDIS_CLUSTER_NODES), {
    ...(lazyConnect ? { lazyConnect } : {}),
    redisOptions: { ...credentials(target.REDIS_URL), ...perNode },
    // A script's keys are in one slot; a replica is never read (it may be behind).
    scaleReads: 'master',
  });
}

/**
 * How long the app's command connection may wait on Redis for any reply before it takes the
 * connection for dead, rejects what is pending, and reconnects. A path that goes silent (packets
 * dropped, no reset) otherwise leaves every command of the process waiting on it for as long as
 * the kernel takes to notice — hours. Iris' commands and scripts take milliseconds; this
 * connection makes no blocking calls (BullMQ's connections do, and do not get it).
 */
export const REDIS_SILENCE_MS = 5_000;

/** A command connection (the app's own keys): one server or the cluster. */
export function createRedisClient(target: RedisTarget, options: RedisOptions = {}): RedisClient {
  const bounded = { socketTimeout: REDIS_SILENCE_MS, commandTimeout: REDIS_SILENCE_MS, ...options };
  return target.REDIS_CLUSTER_NODES
    ? cluster({ ...target, REDIS_CLUSTER_NODES: target.REDIS_CLUSTER_NODES }, bounded)
    : new Redis(target.REDIS_URL, { retryStrategy: reconnectDelayMs, ...bounded });
}

/**
 * BullMQ's connection: options for one server (each queue and worker opens its own), or, on a
 * cluster, one Cluster client that queues share and workers duplicate (BullMQ cannot build a
 * cluster client from options). The caller closes that shared client last.
 */
export function bullConnection(target: RedisTarget): ConnectionOptions {
  return target.REDIS_CLUSTER_NODES
    ? cluster(
        { ...target, REDIS_CLUSTER_NODES: target.REDIS_CLUSTER_NODES },
        { maxRetriesPerRequest: null, lazyConnect: true, socketTimeout: BULLMQ_SILENCE_MS },
      )
    : redisConnection(target.REDIS_URL);
}

/**
 * BullMQ's key prefix. Each of BullMQ's scripts touches several keys of a queue, so on a
 * cluster the prefix is a hash tag (`{iris}`): every queue in one slot, BullMQ's documented way
 * (a tag per queue would need the queue name at every place a queue is opened). On one Redis it
 * stays `iris`, so the keys of running deployments do not move.
 */
export function queuePrefix(config: Pick<Env, 'IRIS_PREFIX' | 'REDIS_CLUSTER_NODES'>): string {
  return config.REDIS_CLUSTER_NODES ? `{${config.IRIS_PREFIX}}` : config.IRIS_PREFIX;
}

/** Closes a connection `bullConnection` made, if it is a client (options own nothing). */
export async function closeBullConnection(connection: ConnectionOptions): Promise<void> {
  if (connection instanceof Cluster) await connection.quit().catch(() => connection.disconnect());
}
