/**
 * One pipeline process for the bench and the chaos suite, forked by the parent with an IPC
 * channel. Modes (argv[2]):
 *
 * - `iris`: a real pipeline role (Container + startPipeline) configured from its environment,
 *   exactly as `workers/pipeline.ts` runs it;
 * - `raw`: an empty BullMQ worker on the `raw` queue, the reference for what BullMQ alone does.
 *
 * It counts its own Redis commands and SQL statements (bench/counting.ts) and answers the
 * parent's `{ type: 'counts' }` with them and its peak RSS; `{ type: 'stop' }` closes it
 * gracefully. It also dies with its parent, so an interrupted bench leaves nothing running.
 */
import { Worker } from 'bullmq';
import { loadConfig } from '../config';
import { Container, redisConnection } from '../src/app/container';
import { startPipeline } from '../src/app/roles';
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
  const worker = startPipeline(container);
  worker.on('completed', () => processed++);
  await worker.waitUntilReady();
  return () => container.close();
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
