/**
 * `npm run chaos`: a few hundred people create and confirm boletos while pipeline processes are
 * SIGKILLed mid-turn, PostgreSQL is cut for tens of seconds and Redis for seconds, and every
 * message is delivered twice. Prints the figures and the checks; exits 1 if a guarantee broke.
 * Bounded: it stops by itself (`--deadline` seconds). Its own database, iris_chaos, is
 * recreated and migrated; its Redis keys are deleted at the end.
 *
 *   npm run chaos [-- --conversations 300 --deadline 420]
 *   npm run chaos -- --redis-kill always|everysec   # Redis itself SIGKILLed instead of cut:
 *       a private redis-server with that appendfsync policy, killed at 55 s, back 5 s later
 *   npm run chaos -- --silent   # the cuts leave connections open and silent (packets dropped)
 *       instead of resetting them; the connections open at a cut stay silent for ever
 *   npm run chaos -- --dump /tmp/chaos.json   # every message's times, to study the tail
 */
import { parseArgs } from 'node:util';
import { recreateDatabase } from '../../bench/fresh-database';
import { runChaos } from './chaos-run';
import { formatChaosReport } from './report';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '300' },
    deadline: { type: 'string', default: '420' },
    'redis-kill': { type: 'string' },
    silent: { type: 'boolean', default: false },
    dump: { type: 'string' },
  },
});
const redisKill = fsyncPolicy(args['redis-kill']);

function fsyncPolicy(value: string | undefined): 'always' | 'everysec' | undefined {
  if (value === undefined || value === 'always' || value === 'everysec') return value;
  console.error('--redis-kill takes always or everysec (the appendfsync policy of the killed server)');
  process.exit(2);
}
const DATABASE_URL = process.env.CHAOS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris_chaos';
const REDIS_URL = process.env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function main(): Promise<number> {
  await recreateDatabase(DATABASE_URL);
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const report = await runChaos({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    conversations: Number(args.conversations),
    refuseEvery: 5,
    spreadMs: 80_000,
    processes: 2,
    concurrency: 8,
    // While people are still arriving (80 s); one lands during the PostgreSQL cut.
    killAtMs: [5_000, 12_000, 30_000, 50_000, 62_000, 68_000, 76_000],
    postgresCut: { atMs: 20_000, forMs: 25_000 },
    silentCuts: args.silent,
    ...(redisKill
      ? {
          privateRedis: { appendfsync: redisKill },
          redisKill: { atMs: 55_000, downForMs: 5_000 },
        }
      : { redisCut: { atMs: 55_000, forMs: 5_000 } }),
    replyTimeoutMs: 180_000,
    deadlineMs: Number(args.deadline) * 1000,
    log,
    ...(args.dump ? { dumpPath: args.dump } : {}),
  });
  console.log(formatChaosReport(report));
  return report.violations.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
