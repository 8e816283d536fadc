import migrate from '../global-setup';
import { LocalRedisCluster } from '../support/redis-cluster';

/**
 * `npm run test:cluster`: migrates the test database as every run does, then starts a local
 * three-master Redis Cluster and points the tests at it (the test workers inherit the env).
 */
export default async function clusterSetup(): Promise<void> {
  migrate();
  const cluster = await LocalRedisCluster.start();
  (globalThis as { irisRedisCluster?: LocalRedisCluster }).irisRedisCluster = cluster;
  process.env.TEST_REDIS_CLUSTER_NODES = cluster.nodes;
  // Code that opens a plain connection by URL reaches a node of the cluster, never the
  // single Redis by mistake.
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${cluster.ports[0]}`;
}
