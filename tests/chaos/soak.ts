/**
 * `npm run soak`: hundreds of short conversations at once, with no faults: contacts to clarify,
 * amounts asked for, unclear answers while a proposal waits, confirmations and refusals, lists,
 * random pauses between messages, every message delivered twice. Checks that every message is
 * answered exactly once (within `--reply-timeout` seconds) with the reply its step expects, and
 * the chaos suite's guarantees. Exits 1 if any broke. Its own database, iris_soak.
 *
 *   npm run soak [-- --conversations 300 --pause 3 --reply-timeout 30 --processes 2 --concurrency 8]
 */
import { parseArgs } from 'node:util';
import { recreateDatabase } from '../../bench/fresh-database';
import { runChaos } from './chaos-run';
import { formatChaosReport } from './report';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '300' },
    pause: { type: 'string', default: '3' },
    'reply-timeout': { type: 'string', default: '30' },
    deadline: { type: 'string', default: '420' },
    processes: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '8' },
  },
});
const DATABASE_URL = process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris_soak';
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function main(): Promise<number> {
  await recreateDatabase(DATABASE_URL);
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const report = await runChaos({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    conversations: Number(args.conversations),
    script: 'soak',
    pauseMs: Number(args.pause) * 1000,
    refuseEvery: 5,
    spreadMs: 30_000,
    processes: Number(args.processes),
    concurrency: Number(args.concurrency),
    killAtMs: [],
    replyTimeoutMs: Number(args['reply-timeout']) * 1000,
    deadlineMs: Number(args.deadline) * 1000,
    log,
  });
  console.log(formatChaosReport(report));
  return report.violations.length === 0 && report.unexpectedReplies.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
