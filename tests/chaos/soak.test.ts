import { runChaos } from './chaos-run';
import { formatChaosReport } from './report';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-env';

/**
 * The soak, short (CI): many short conversations at once with no faults (a contact to clarify,
 * an amount asked for, an unclear answer while the proposal waits, "sim"/"não", a list), random
 * pauses, every message delivered twice. Every message is answered once, with the reply its
 * step expects. `npm run soak` is the long version.
 */
describe('soak: short conversations with clarifications, pauses and duplicate deliveries', () => {
  it('answers every message once, with what its step expects', async () => {
    const report = await runChaos({
      databaseUrl: TEST_DATABASE_URL,
      redisUrl: TEST_REDIS_URL,
      conversations: 60,
      script: 'soak',
      pauseMs: 800,
      refuseEvery: 5,
      spreadMs: 5_000,
      processes: 1,
      concurrency: 4,
      killAtMs: [],
      replyTimeoutMs: 30_000,
      deadlineMs: 90_000,
    });
    console.log(formatChaosReport(report));
    expect(report.violations).toEqual([]);
    expect(report.unexpectedReplies).toEqual([]);
    expect(report.unanswered).toBe(0);
    expect(report.messages).toBeGreaterThan(3 * 60);
  }, 150_000);
});
