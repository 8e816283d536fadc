/**
 * `npm run chaos:redis-loss`: what a Redis crash loses under each append-only fsync policy,
 * measured. For each policy, `--runs` times: a private redis-server is SIGKILLed in the middle
 * of a burst (300 people over 20 s, killed at 10 s, back 3 s later), every message delivered
 * twice, no other fault. Prints, per run, the messages left unanswered or answered twice and
 * the other guarantees; exits 1 if `always` broke any.
 *
 *   npm run chaos:redis-loss [-- --runs 3 --conversations 300]
 */
import { parseArgs } from 'node:util';
import { recreateDatabase } from '../../bench/fresh-database';
import { runChaos } from './chaos-run';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    conversations: { type: 'string', default: '300' },
  },
});
const DATABASE_URL = process.env.CHAOS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris_chaos';

async function main(): Promise<number> {
  await recreateDatabase(DATABASE_URL);
  let alwaysBroke = false;
  for (const appendfsync of ['always', 'everysec'] as const) {
    for (let run = 1; run <= Number(args.runs); run++) {
      const r = await runChaos({
        databaseUrl: DATABASE_URL,
        redisUrl: 'redis://127.0.0.1:6379', // unused: the run has its own server
        privateRedis: { appendfsync },
        conversations: Number(args.conversations),
        refuseEvery: 5,
        spreadMs: 20_000,
        processes: 2,
        concurrency: 8,
        killAtMs: [],
        redisKill: { atMs: 10_000, downForMs: 3_000 },
        replyTimeoutMs: 60_000,
        deadlineMs: 150_000,
      });
      if (appendfsync === 'always' && r.violations.length > 0) alwaysBroke = true;
      console.log(
        `appendfsync ${appendfsync.padEnd(8)} run ${run}: ${r.messages} messages, unanswered ${r.unanswered}, ` +
          `answered twice ${r.secondAnswers}, replies sent twice ${r.duplicateReplyIds}, two boletos ${r.conversationsWithTwoBoletos}, ` +
          `executed without "sim" ${r.executedWithoutSim}, "criado" without a boleto ${r.createdButMissing}; ` +
          `p99 ${(r.latencyMs.p99 / 1000).toFixed(1)} s`,
      );
    }
  }
  return alwaysBroke ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
