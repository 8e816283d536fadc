import { runChaos } from './chaos-run';
import { formatChaosReport } from './report';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-env';

/**
 * Redis itself dies: a private redis-server (append-only file, `appendfsync always`) is
 * SIGKILLed mid-load and started again on its files, while people create and confirm boletos
 * and every message is delivered twice. With `always`, nothing ingress acknowledged is lost:
 * every message is answered, once. (`npm run chaos -- --redis-kill everysec` measures what
 * `everysec` loses; see the README.)
 */
describe('chaos: the Redis server is SIGKILLed and restarted', () => {
  it('with appendfsync always, every acknowledged message is answered once and nothing runs twice', async () => {
    const report = await runChaos({
      databaseUrl: TEST_DATABASE_URL,
      redisUrl: TEST_REDIS_URL,
      privateRedis: { appendfsync: 'always' },
      conversations: 30,
      refuseEvery: 5,
      spreadMs: 8_000,
      processes: 2,
      concurrency: 4,
      killAtMs: [],
      redisKill: { atMs: 5_000, downForMs: 2_000 },
      replyTimeoutMs: 60_000,
      deadlineMs: 100_000,
    });
    console.log(formatChaosReport(report));
    expect(report.violations).toEqual([]);
    expect(report.faults.cuts.map((c) => c.what)).toEqual(['redis killed (appendfsync always)']);
    expect(report.created + report.refused).toBe(30);
  }, 150_000);
});
