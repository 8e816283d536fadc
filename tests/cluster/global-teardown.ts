import type { LocalRedisCluster } from '../support/redis-cluster';

/** Stops the cluster that tests/cluster/global-setup.ts started. */
export default async function clusterTeardown(): Promise<void> {
  await (globalThis as { irisRedisCluster?: LocalRedisCluster }).irisRedisCluster?.stop();
}
