/**
 * One pipeline process for the bench and the chaos suite, forked by the parent with an IPC
 * channel. Modes (argv[2]):
 *
 * - `iris`: a real pipeline role (Container + startPipeline) configured from its environment,
 *   exactly as `workers/pipeline.ts` runs it;
 * - `raw`: an empty BullMQ worker on the `raw` queue, the reference for what BullMQ alone does;
 * - `floor`: the pipeline role's turn worker (mailbox, state commit, outbox, audit) with an empty
 *   pipeline: every message gets one fixed reply at once. The same path as `iris` minus what
 *   Iris does per turn, so the two side by side show the pipeline's own share.
 *
 * It counts its own Redis commands and SQL statements (bench/counting.ts) and answers the
 * parent's `{ type: 'counts' }` with them and its peak RSS; `{ type: 'stop' }` closes it
 * gracefully. It also dies with its parent, so an interrupted bench leaves nothing running.
 */
import '../workers/compile-cache';
import '../workers/wasm-baseline';
import { Worker } from 'bullmq';
import { loadConfig } from '../config';
import { Container, redisConnection } from '../src/app/container';
import { startPipeline, turnTransport } from '../src/app/roles';
import { outboundFor } from '../src/queues/outbound-for';
import { startTurnWorker } from '../src/queues/turn-worker';
import { installCounters, snapshot, sqlStatementsInFlight } from './counting';

installCounters();

export type ChildRequest = { type: 'counts'; id: number } | { type: 'stop' };
export type ChildReply =
  | { type: 'ready'; pid: number }
  | {
      type: 'counts';
      id: number;
      counts: ReturnType<typeof snapshot>;
      maxRssKb: number;
      processed: number;
      sqlInFlight: number;
    };

const mode = process.argv[2] ?? 'iris';
let processed = 0;

async function start(): Promise<() => Promise<void>> {
  const config = loadConfig();
  if (mode === 'raw') {
    const worker = new Worker(
      'raw',
      async () => {
        processed++;
      },
      {
        connection: redisConnection(config.REDIS_URL),
        prefix: config.IRIS_PREFIX,
        concurrency: config.PIPELINE_CONCURRENCY,
      },
    );
    await worker.waitUntilReady();
    return () => worker.close();
  }
  const container = new Container(config, { role: 'pipeline' });
  const worker = mode === 'floor' ? startFloor(container) : startPipeline(container);
  worker.on('completed', () => processed++);
  await worker.waitUntilReady();
  return () => container.close();
}

/**
 * One sentence every step of the bench's script accepts as its answer (bench/load.ts SCRIPT), so
 * the conversations move on as they do with Iris.
 */
export const FLOOR_REPLY = 'Boleto nº 1 criado. Confirma?';

function startFloor(c: Container): Worker {
  return startTurnWorker({
    ...turnTransport(c),
    handle: async (message) => ({
      replies: [outboundFor(message, '0', { text: FLOOR_REPLY })],
      state: '{}',
      pending: { op: 'keep' },
      output: undefined,
    }),
    localeOf: async () => 'pt-BR',
    logger: c.logger.child({ component: 'turns' }),
    concurrency: c.config.PIPELINE_CONCURRENCY,
  });
}

function send(message: ChildReply): void {
  process.send?.(message);
}

start().then(
  (stop) => {
    let stopping = false;
    process.on('message', (request: ChildRequest) => {
      if (request.type === 'counts') {
        send({
          type: 'counts',
          id: request.id,
          counts: snapshot(),
          maxRssKb: process.resourceUsage().maxRSS,
          processed,
          sqlInFlight: sqlStatementsInFlight(),
        });
      } else if (request.type === 'stop' && !stopping) {
        stopping = true;
        stop().finally(() => process.exit(0));
      }
    });
    process.on('disconnect', () => process.exit(0));
    send({ type: 'ready', pid: process.pid });
  },
  (error: unknown) => {
    console.error('pipeline child failed to start:', error);
    process.exit(1);
  },
);
