import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { loadConfig } from '../config';
import { Container } from '../src/app/container';
import { serversOf, type RedisClient } from '../src/core/redis-client';
import { startOutboundWorker } from '../src/queues/outbound-worker';
import { PipelineChild } from './children';
import { add, diff, emptyCounts, snapshot, type Counts } from './counting';
import { serverCpu, serverCpuDiff, type ServerCpu } from './server-cpu';
import { LoadDriver, type RunResult } from './load';
import type { Person } from './population';

export interface BenchEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  LOG_LEVEL: string;
  PIPELINE_CONCURRENCY: string;
  /** More configuration for the pipeline processes (the model's address, its limits). */
  [setting: string]: string;
}

/** What one Iris run measured: the load figures, counters of each side, and each child's peak RSS. */
export interface RunCounts {
  parent: Counts;
  pipeline: Counts;
  servers: ServerCpu;
}

export interface ScenarioResult {
  processes: number;
  runs: RunResult[];
  /**
   * Counters during each run: `parent` is ingress + sender, `pipeline` all children summed,
   * `servers` the CPU PostgreSQL and Redis used meanwhile.
   */
  counts: Array<RunCounts>;
  childPeakRssMb: number[];
}

/**
 * Deletes every key of a prefix (queues, mailboxes, state) once a run is over, on each server
 * (BullMQ's keys start with `{prefix}` on a cluster). One UNLINK per key: on a cluster node the
 * keys of one batch are in many slots.
 */
export async function dropPrefix(redis: RedisClient, prefix: string): Promise<void> {
  for (const server of serversOf(redis)) {
    for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await keys.reduce((p, key) => p.unlink(key), server.pipeline()).exec();
      } while (cursor !== '0');
    }
  }
}

function freshPrefix(label: string): string {
  return `bench-${label}-${randomUUID().slice(0, 6)}`;
}

async function childCounts(children: PipelineChild[]): Promise<Counts> {
  const all = await Promise.all(children.map((c) => c.counts()));
  return all.reduce((sum, c) => add(sum, c.counts), emptyCounts());
}

/**
 * The channel process of a run: ingress (this process' container) and a console-like sender on
 * the outbound queue, with more concurrency than the default 8: the console "platform" answers
 * at once, so the bench measures Iris rather than a platform's pace.
 */
async function channelSide(env: BenchEnv, prefix: string, people: Person[]) {
  const container = new Container(loadConfig({ ...env, IRIS_PREFIX: prefix }), { role: 'bench' });
  const account = randomUUID();
  const driver = LoadDriver.forPeople(container.ingress, account, people, prefix);
  const sender = startOutboundWorker({
    connection: container.connection,
    prefix,
    redis: container.redis,
    keys: container.keys,
    channel: 'console',
    account,
    sender: { send: async (message) => driver.onReply(message) },
    logger: container.logger,
    concurrency: 64,
  });
  await sender.waitUntilReady();
  return { container, driver, sender };
}

/**
 * Iris' whole path with `processes` forked pipeline processes: this process is the channel
 * (ingress + a console-like sender on the outbound queue); the children run the pipeline role.
 * Every run of `runs` gets the same fresh set-up's conversations, one after the other.
 */
export async function runIris(
  env: BenchEnv,
  people: Person[],
  processes: number,
  runs: Array<(driver: LoadDriver) => Promise<RunResult>>,
  /** `floor`: the same path with an empty pipeline (bench/pipeline-child.ts). */
  mode: 'iris' | 'floor' = 'iris',
): Promise<ScenarioResult> {
  const prefix = freshPrefix(`${mode}${processes}`);
  const children = Array.from(
    { length: processes },
    () => new PipelineChild(mode, { ...env, IRIS_PREFIX: prefix, CHECK_REDIS_POLICY: 'false' }),
  );
  await Promise.all(children.map((c) => c.ready));
  const { container, driver, sender } = await channelSide(env, prefix, people);
  const result: ScenarioResult = { processes, runs: [], counts: [], childPeakRssMb: [] };
  try {
    for (const run of runs) {
      // The servers are read outside this process' counted window (reading Redis' CPU is a command).
      const serversBefore = await serverCpu(container.redis);
      const before = { parent: snapshot(), pipeline: await childCounts(children) };
      result.runs.push(await run(driver));
      const after = { parent: snapshot(), pipeline: await childCounts(children) };
      const serversAfter = await serverCpu(container.redis);
      result.counts.push({
        parent: diff(after.parent, before.parent),
        pipeline: diff(after.pipeline, before.pipeline),
        servers: serverCpuDiff(serversAfter, serversBefore),
      });
    }
    result.childPeakRssMb = (await Promise.all(children.map((c) => c.counts()))).map(
      (c) => c.maxRssKb / 1024,
    );
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await sender.close();
    await dropPrefix(container.redis, prefix).catch(() => undefined);
    await container.close();
  }
  return result;
}

/**
 * How soon a pipeline process answers after it is started: one person's message is already
 * waiting when the process is forked; the figures are from the fork to the process saying it is
 * ready, and to the reply reaching the sender (the first turn reads the intent model too); and
 * the process' peak RSS by then.
 */
export async function timeToFirstAnswer(
  env: BenchEnv,
  people: Person[],
): Promise<{ readyMs: number; firstAnswerMs: number | undefined; rssMb: number }> {
  const prefix = freshPrefix('start');
  const { container, driver, sender } = await channelSide(env, prefix, people);
  const started = performance.now();
  const child = new PipelineChild('iris', { ...env, IRIS_PREFIX: prefix, CHECK_REDIS_POLICY: 'false' });
  try {
    const answered = driver.step(1);
    await child.ready;
    const readyMs = performance.now() - started;
    const run = await answered;
    // Peak RSS once it has answered: what a started process holds before any load.
    const { maxRssKb } = await child.counts();
    return { readyMs, firstAnswerMs: run.latenciesMs[0], rssMb: maxRssKb / 1024 };
  } finally {
    await child.stop();
    await sender.close();
    await dropPrefix(container.redis, prefix).catch(() => undefined);
    await container.close();
  }
}

/**
 * The reference: empty BullMQ jobs added one by one from this process (at most `inFlight`
 * adds outstanding, as concurrent ingress calls would be) and processed by `processes` forked
 * workers with the pipeline's concurrency. Jobs per second from the first add to the last
 * job done.
 */
export async function runRaw(
  env: BenchEnv,
  processes: number,
  jobs: number,
  inFlight = 64,
): Promise<{
  processes: number;
  jobs: number;
  seconds: number;
  perSecond: number;
  childPeakRssMb: number[];
}> {
  const prefix = freshPrefix(`raw${processes}`);
  const children = Array.from(
    { length: processes },
    () => new PipelineChild('raw', { ...env, IRIS_PREFIX: prefix }),
  );
  await Promise.all(children.map((c) => c.ready));
  const config = loadConfig({ ...env, IRIS_PREFIX: prefix });
  const container = new Container(config, { role: 'bench' });
  const queue = new Queue('raw', {
    connection: container.connection,
    prefix,
    defaultJobOptions: { removeOnComplete: true },
  });
  try {
    const start = performance.now();
    let added = 0;
    const adder = async () => {
      while (added < jobs) {
        added++;
        await queue.add('raw', {});
      }
    };
    await Promise.all(Array.from({ length: inFlight }, adder));
    for (;;) {
      const done = (await Promise.all(children.map((c) => c.counts()))).reduce((n, c) => n + c.processed, 0);
      if (done >= jobs) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - start) / 1000;
    const rss = (await Promise.all(children.map((c) => c.counts()))).map((c) => c.maxRssKb / 1024);
    return { processes, jobs, seconds, perSecond: jobs / seconds, childPeakRssMb: rss };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await queue.close();
    await dropPrefix(container.redis, prefix).catch(() => undefined);
    await container.close();
  }
}
