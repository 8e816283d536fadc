import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Counts } from './counting';
import type { ChildReply } from './pipeline-child';

const ROOT = join(__dirname, '..');
/**
 * BENCH_COMPILED=1 runs the children from the build (`npm run build`: plain JavaScript in
 * dist/), as production runs them; otherwise TypeScript through tsx, as in development.
 */
const COMPILED = process.env.BENCH_COMPILED === '1';
const CHILD = COMPILED
  ? join(ROOT, 'dist', 'bench', 'pipeline-child.js')
  : join(__dirname, 'pipeline-child.ts');

export interface ChildCounts {
  counts: Counts;
  maxRssKb: number;
  processed: number;
  /** SQL statements awaiting PostgreSQL's answer right now (a turn is mid-way). */
  sqlInFlight: number;
}

/**
 * The parent's handle on one forked pipeline process (bench/pipeline-child.ts). The child runs
 * TypeScript through `--import tsx` in a single process, so its pid is the pipeline's own
 * (SIGKILL hits the real worker, and its RSS is the worker's).
 */
export class PipelineChild {
  readonly process: ChildProcess;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: ChildCounts) => void; reject: (e: Error) => void }
  >();
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;

  /** `stderr`: a file descriptor for the child's stderr (the chaos suite's log), else inherited. */
  constructor(
    mode: 'iris' | 'raw' | 'floor',
    env: Record<string, string>,
    options: { stderr?: number } = {},
  ) {
    this.process = fork(CHILD, [mode], {
      cwd: ROOT,
      // BENCH_CHILD_NODE_ARGS adds node flags to the children (e.g. --cpu-prof to profile them).
      execArgv: [
        ...(COMPILED ? [] : ['--import', 'tsx']),
        ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'inherit', options.stderr ?? 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: ChildReply) => {
        if (message.type === 'ready') resolve();
      };
      this.process.on('message', onMessage);
      this.process.once('exit', (code) =>
        reject(new Error(`pipeline child exited with ${code} before ready`)),
      );
    });
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) =>
      this.process.once('exit', (code) => {
        for (const w of this.waiting.values()) w.reject(new Error('pipeline child exited'));
        this.waiting.clear();
        resolve(code);
      }),
    );
    this.process.on('message', (message: ChildReply) => {
      if (message.type !== 'counts') return;
      this.waiting.get(message.id)?.resolve({
        counts: message.counts,
        maxRssKb: message.maxRssKb,
        processed: message.processed,
        sqlInFlight: message.sqlInFlight,
      });
      this.waiting.delete(message.id);
    });
  }

  get pid(): number {
    return this.process.pid ?? -1;
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** The child's counters, peak RSS and processed-job count right now. */
  counts(): Promise<ChildCounts> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (!this.alive || !this.process.connected) return reject(new Error('pipeline child is gone'));
      this.waiting.set(id, { resolve, reject });
      this.process.send({ type: 'counts', id });
    });
  }

  /** Graceful stop: the child closes its workers and connections, then exits. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.alive) return;
    this.process.send({ type: 'stop' });
    const timer = setTimeout(() => this.process.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.alive) this.process.kill(signal);
  }
}
