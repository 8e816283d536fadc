import { runChaos } from './chaos-run';
import { formatChaosReport } from './report';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-env';

/**
 * The chaos suite, short (CI): a few dozen people create and confirm boletos while two pipeline
 * processes are SIGKILLed mid-turn, PostgreSQL is cut for 3 s and Redis for 2 s (TCP proxies),
 * and every message is delivered twice. `npm run chaos` is the long version.
 */
describe('chaos: kills, cuts and duplicate deliveries', () => {
  it('answers every message once, creates no boleto twice, executes nothing without its "sim"', async () => {
    const report = await runChaos({
      databaseUrl: TEST_DATABASE_URL,
      redisUrl: TEST_REDIS_URL,
      conversations: 30,
      refuseEvery: 5,
      spreadMs: 10_000,
      processes: 2,
      concurrency: 4,
      killAtMs: [2_500, 9_000],
      postgresCut: { atMs: 5_000, forMs: 3_000 },
      redisCut: { atMs: 12_000, forMs: 2_000 },
      replyTimeoutMs: 90_000,
      deadlineMs: 105_000,
    });
    console.log(formatChaosReport(report));
    expect(report.violations).toEqual([]);
    expect(report.faults.kills).toBe(2);
    expect(report.created + report.refused).toBeGreaterThan(0);
    expect(report.duplicatesDropped).toBeGreaterThan(0);
  }, 150_000);
});
