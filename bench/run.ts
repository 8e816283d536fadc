/**
 * `npm run bench`: what Iris does per second on this machine, next to what BullMQ alone does.
 *
 *   (a) reference: empty BullMQ jobs, added one by one and processed by 1 and 2 processes;
 *   (b) Iris' whole path — envelope -> ingress -> mailbox + turns job -> pipeline process(es)
 *       (offline understanding, PostgreSQL) -> outbound queue -> a console-like sender — for a
 *       realistic mix (create + "sim", status, list), at maximum throughput and at fixed offered
 *       loads, with p50/p95/p99 latency from ingress to reply, with 1 and 2 pipeline processes,
 *       and each process' peak RSS;
 *   (b') the floor: the same path and load with an empty pipeline (every message answered at once
 *       with one fixed sentence, 1 process), so Iris' own share of (b) is visible;
 *   (c) the ratio of (b) to (a);
 *   and, per turn of each kind, Redis round trips, SQL statements and CPU time.
 *
 * It uses its own database (iris_bench, recreated and migrated each run) and its own key
 * prefixes on the shared Redis, deleted at the end. Options: --quick, --seconds N,
 * --rates 100,500,1000, --processes 1,2, --people N (closed-loop concurrency),
 * --parts reference,start,turns,load,floor,knowledge (which sections to run; `start`: from forking
 * a pipeline process to its first answer; `knowledge`: one search of a tenant's documents, what
 * every message of a tenant with documents costs once a model is on).
 * `--model-latency MS` adds (d): the same mix with the Gemini engine (model_first) against a local
 * server that answers every model call after MS ms (bench/model-server.ts), one pipeline process
 * at each of `--model-concurrency` (default 16,64,256): what one process answers per second when
 * every message waits for a model.
 * A script that prints figures, never a pass/fail.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { createPrismaClient } from '../src/stores/prisma/client';
import { recreateDatabase } from './fresh-database';
import { add, emptyCounts, installCounters } from './counting';
import { SCRIPT, type LoadDriver, type RunResult } from './load';
import { createPopulation, type Person } from './population';
import * as r from './report';
import { startBenchModel } from './model-server';
import { knowledgeSearch } from './knowledge-search';
import { serverCpuSum } from './server-cpu';
import { runIris, runRaw, timeToFirstAnswer, type BenchEnv } from './scenario';

installCounters();

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    rates: { type: 'string', default: '100,500,1000' },
    processes: { type: 'string', default: '1,2' },
    people: { type: 'string', default: '64' },
    parts: { type: 'string', default: 'reference,start,turns,load,floor,knowledge' },
    'model-latency': { type: 'string' },
    'model-concurrency': { type: 'string', default: '16,64,256' },
  },
});

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const seconds = Number(args.seconds ?? (args.quick ? 5 : 10));
const rates = args.rates.split(',').map(Number);
const processCounts = args.processes.split(',').map(Number);
const closedPeople = Number(args.people);
const rawJobs = args.quick ? 5_000 : 20_000;
const stepPeople = args.quick ? 100 : 200;
const parts = new Set(args.parts.split(','));
const env: BenchEnv = {
  DATABASE_URL,
  REDIS_URL,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  PIPELINE_CONCURRENCY: '16',
};

async function freshDatabase(): Promise<string> {
  const { name, serverVersion } = await recreateDatabase(DATABASE_URL);
  const redis = new Redis(REDIS_URL);
  const info = await redis.info('server');
  redis.disconnect();
  return `Redis ${/redis_version:(\S+)/.exec(info)?.[1]}, PostgreSQL ${serverVersion}; database ${name} recreated and migrated`;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function reference() {
  console.log('(a) Reference: empty BullMQ jobs, add (64 at a time) + process (concurrency 16 per process)');
  const raw = [];
  for (const p of processCounts) raw.push(await runRaw(env, p, rawJobs));
  console.log(
    r.table(
      ['workers', 'jobs', 'seconds', 'jobs/s', 'peak RSS MB'],
      raw.map((x) => [
        `${x.processes} proc`,
        x.jobs,
        r.fmt(x.seconds, 1),
        r.fmt(x.perSecond),
        x.childPeakRssMb.map((m) => r.fmt(m)).join(' + '),
      ]),
    ),
  );
  return raw;
}

/** Each step of the script for `stepPeople` people at once, twice; the warm second round is shown. */
async function countPerTurn(people: Person[]): Promise<void> {
  console.log(
    `\nPer turn: ${stepPeople} people take each step, 16 in flight (1 pipeline process), twice; the second round`,
  );
  const steps = Array.from({ length: SCRIPT.length * 2 }, () => (d: LoadDriver) => d.step(stepPeople));
  const counted = await runIris(env, people, 1, steps);
  const runs = counted.runs.slice(SCRIPT.length);
  const counts = counted.counts.slice(SCRIPT.length);
  const rows = runs.map((run, i) => r.perTurnRow(SCRIPT[i]!.kind, run.answered, counts[i]!));
  const turns = runs.reduce((n, x) => n + x.answered, 0);
  const parent = counts.map((c) => c.parent).reduce(add, emptyCounts());
  const pipeline = counts.map((c) => c.pipeline).reduce(add, emptyCounts());
  const servers = counts.map((c) => c.servers).reduce(serverCpuSum);
  rows.push(r.perTurnRow('mix', turns, { parent, pipeline, servers }));
  console.log(r.table(r.PER_TURN_HEAD, rows));
  console.log(`  pipeline Redis commands per turn: ${r.topPerTurn(pipeline.redisByName, turns, 12)}`);
  console.log(`  ingress+sender Redis commands per turn: ${r.topPerTurn(parent.redisByName, turns, 12)}`);
  console.log(`  pipeline SQL per turn: ${r.topPerTurn(pipeline.sqlByKind, turns)}`);
  console.log(`  ingress SQL per turn: ${r.topPerTurn(parent.sqlByKind, turns)}`);
  console.log(`  unexpected answers: ${runs.reduce((n, x) => n + x.unexpected, 0)}`);
}

/** The load section's runs: the closed loop, then each offered rate. */
function loadRuns(): Array<(driver: LoadDriver) => Promise<RunResult>> {
  return [
    (d) => d.closedLoop({ concurrency: closedPeople, seconds: seconds + 2, warmupSeconds: 2 }),
    ...rates.map((rate) => (d: LoadDriver) => d.openLoop({ rate, seconds })),
  ];
}

async function irisUnderLoad(people: Person[]): Promise<Record<number, number>> {
  console.log(
    `\n(b) Iris, whole path, ${seconds} s per run; max = closed loop with ${closedPeople} in flight (the person idle longest speaks next), 2 s warm-up`,
  );
  const rows: Array<Array<string | number>> = [];
  const best: Record<number, number> = {};
  const rss: string[] = [];
  const errors: string[] = [];
  for (const p of processCounts) {
    const result = await runIris(env, people, p, loadRuns());
    result.runs.forEach((run, i) => rows.push(r.runRow(p, run, result.counts[i]!)));
    for (const run of result.runs)
      if (run.ingressErrors > 0)
        errors.push(`${p} proc, ${run.label}: ${JSON.stringify(run.ingressErrorReasons)}`);
    // The best answer rate of any run: the closed loop keeps latency low; an overloaded open
    // loop drains a backlog with bigger batches (Prisma, BullMQ, audit) and can go faster.
    best[p] = Math.max(...result.runs.map((run) => run.throughput));
    rss.push(`${p} proc: pipeline ${result.childPeakRssMb.map((m) => r.fmt(m)).join(' + ')} MB`);
  }
  if (parts.has('floor')) {
    // The transport alone, same load: what is left of (b) once the pipeline does nothing.
    const floor = await runIris(env, people, 1, loadRuns(), 'floor');
    floor.runs.forEach((run, i) => rows.push(r.runRow(1, run, floor.counts[i]!, 'floor')));
    rss.push(`floor: ${floor.childPeakRssMb.map((m) => r.fmt(m)).join(' + ')} MB`);
  }
  console.log(r.table(r.RUN_HEAD, rows));
  console.log('  (RT/turn, SQL/turn and CPU ms/turn: all processes together, per message sent; PG and Redis');
  console.log('   ms/turn: the CPU PostgreSQL (all its processes) and Redis used meanwhile, per message sent;');
  console.log("   'floor': the same path with an empty pipeline, one fixed reply per message)");
  for (const line of errors) console.log(`  ingress errors, ${line}`);
  console.log(
    `peak RSS: ${rss.join('; ')}; bench parent (load + ingress + sender) ${r.fmt(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  return best;
}

/** People in the model part's runs (at least): at 250 msg/s each speaks about every 1.2 s. */
const MODEL_PEOPLE = 300;

/**
 * (d) The mix with a model on every message but "sim": each concurrency in turn, one process, a
 * closed loop with twice as many people in flight as the process' slots, then 250 msg/s offered.
 */
async function withModel(people: Person[], delayMs: number): Promise<void> {
  const concurrencies = args['model-concurrency'].split(',').map(Number);
  console.log(
    `\n(d) Iris with a model answering in ${delayMs} ms (Gemini engine, model_first; a local server speaking Gemini's API), 1 pipeline process`,
  );
  const db = createPrismaClient(DATABASE_URL, { max: 2 });
  const server = await startBenchModel(delayMs);
  const rows: Array<Array<string | number>> = [];
  const breakdown: string[] = [];
  try {
    await db.tenant.updateMany({
      where: { slug: { startsWith: 'bench-' } },
      data: { aiSettings: { enabled: true, mode: 'model_first', plan: 'enterprise' } },
    });
    for (const concurrency of concurrencies) {
      // Few enough people that each speaks several times a run and so walks the whole script
      // (create, "sim", status, list); with all 3,000 each spoke about once, and every message
      // measured was a proposal.
      const cycling = people.slice(0, Math.max(MODEL_PEOPLE, 2 * concurrency + 64));
      const result = await runIris(
        {
          ...env,
          PIPELINE_CONCURRENCY: String(concurrency),
          GEMINI_API_KEY: 'bench',
          GEMINI_BASE_URL: server.baseUrl,
          // The bench's 3,000 people speak far faster than the per-minute limits allow a person.
          AI_CALLS_PER_TENANT_PER_MINUTE: '100000',
          AI_CALLS_PER_USER_PER_MINUTE: '10000',
        },
        cycling,
        1,
        [
          (d) => d.closedLoop({ concurrency: 2 * concurrency, seconds: seconds + 2, warmupSeconds: 2 }),
          (d) => d.openLoop({ rate: 250, seconds }),
        ],
      );
      result.runs.forEach((run, i) =>
        rows.push(r.runRow(1, run, result.counts[i]!, `proc, ${concurrency} slots`)),
      );
      const sent = result.runs.reduce((n, run) => n + run.sent, 0);
      const sql = result.counts.map((c) => c.pipeline).reduce(add, emptyCounts());
      const cpuPer = (side: 'parent' | 'pipeline') =>
        r.fmt(result.counts.reduce((ms, c) => ms + c[side].cpuMs, 0) / Math.max(sent, 1), 2);
      breakdown.push(
        `  ${concurrency} slots, pipeline SQL per message: ${r.topPerTurn(sql.sqlByKind, sent)}`,
        // The parent also plays the model (bench/model-server.ts): its share is the bench's own.
        `  ${concurrency} slots, CPU ms per message: pipeline ${cpuPer('pipeline')}, parent (load, ingress, sender and the model server) ${cpuPer('parent')}`,
        // A reading that leads nowhere (no proposal, so no "sim") shows here, not in the rates.
        `  ${concurrency} slots, unexpected answers: ${result.runs.map((run) => `${run.unexpected} of ${run.answered}`).join(', ')}`,
      );
    }
  } finally {
    await db.tenant.updateMany({
      where: { slug: { startsWith: 'bench-' } },
      data: { aiSettings: { enabled: false, mode: 'offline' } },
    });
    await db.$disconnect();
    await server.close();
  }
  console.log(r.table(r.RUN_HEAD, rows));
  for (const line of breakdown) console.log(line);
}

/** From forking a pipeline process to its first answer (a message already waiting), three times. */
async function startTimes(people: Person[]): Promise<void> {
  console.log(
    `Start: a pipeline process forked (${process.env.BENCH_COMPILED === '1' ? 'compiled JavaScript' : 'tsx'}) with one message waiting, three times`,
  );
  for (let i = 0; i < 3; i++) {
    const t = await timeToFirstAnswer(env, people.slice(i * 10, i * 10 + 1));
    console.log(
      `  ready after ${r.fmt(t.readyMs)} ms, first answer after ${t.firstAnswerMs === undefined ? 'none' : `${r.fmt(t.firstAnswerMs)} ms`}; peak RSS ${r.fmt(t.rssMb)} MB`,
    );
  }
}

async function main(): Promise<void> {
  const cpu = os.cpus();
  console.log(
    `Iris bench — ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${load()}`,
  );
  console.log(await freshDatabase());
  const db = createPrismaClient(DATABASE_URL, { max: 4 });
  const people = await createPopulation(db, { tag: 'bench', tenants: 100, usersPerTenant: 30 });
  await db.$disconnect();
  console.log(
    `${people.length} people in 100 boletos tenants (pt-BR, offline understanding); PIPELINE_CONCURRENCY=16\n`,
  );
  const raw = parts.has('reference') ? await reference() : [];
  if (parts.has('start')) await startTimes(people);
  if (parts.has('turns')) await countPerTurn(people);
  const best = parts.has('load') ? await irisUnderLoad(people) : {};
  if (args['model-latency'] !== undefined) await withModel(people, Number(args['model-latency']));
  if (parts.has('knowledge')) await knowledgeSearch(DATABASE_URL, args.quick ? 3 : 5);
  if (raw.length > 0 && Object.keys(best).length > 0)
    console.log('\n(c) Iris messages per second / raw BullMQ jobs per second');
  for (const x of raw) {
    const iris = best[x.processes];
    if (iris !== undefined)
      console.log(
        `  ${x.processes} proc: ${r.fmt(iris)} / ${r.fmt(x.perSecond)} = ${r.fmt(iris / x.perSecond, 3)}`,
      );
  }
  console.log(`\nload average at the end: ${load()} (other programs on this machine skew every figure)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
