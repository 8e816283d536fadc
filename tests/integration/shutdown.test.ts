import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';

const ROOT = join(__dirname, '../..');

/** A real pipeline process (workers/pipeline.ts, the Procfile's entry), logging JSON we count. */
class PipelineProcess {
  readonly child: ChildProcess;
  /** Correlation ids of the turns this process handled, with when it logged each. */
  readonly turns: string[] = [];
  readonly turnTimes: number[] = [];
  /** When the process logged that it got the signal and started shutting down. */
  shutdownAt: number | undefined;
  readonly exited: Promise<number | null>;
  readonly ready: Promise<void>;

  constructor(prefix: string) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'workers/pipeline.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: TEST_DATABASE_URL,
        ...TEST_REDIS_ENV,
        IRIS_PREFIX: prefix,
        PIPELINE_CONCURRENCY: '4',
        SHUTDOWN_GRACE_MS: '15000',
        CHECK_REDIS_POLICY: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.ready = new Promise((resolve) => {
      createInterface({ input: this.child.stdout! }).on('line', (line) => {
        const log = JSON.parse(line) as { msg?: string; correlationId?: string; time?: string };
        if (log.msg === 'pipeline worker started') resolve();
        if (log.msg === 'shutting down') this.shutdownAt = Date.parse(log.time ?? '');
        if (log.msg === 'turn handled' && log.correlationId) {
          this.turns.push(log.correlationId);
          this.turnTimes.push(Date.parse(log.time ?? ''));
        }
      });
    });
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('graceful shutdown of a pipeline process (a deploy)', () => {
  const h = new Harness();
  const processes: PipelineProcess[] = [];
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await h.close();
  });

  it('SIGTERM mid-load: in-flight turns finish, the rest is handed over, every message answered once', async () => {
    const conversations = 10;
    const perConversation = 8;
    const texts = ['lista meus boletos', 'qual o status do boleto 7?', 'meus boletos pendentes'];
    const { tenant } = await h.boletosTenant();
    const chats = [];
    for (let i = 0; i < conversations; i++) chats.push((await h.user(tenant.id)).chat);

    const first = new PipelineProcess(h.prefix);
    processes.push(first);
    await first.ready;
    // Each person sends a burst: their conversation's mailbox fills, so a drain is mid-way
    // through several messages when the signal comes.
    const sent = chats.flatMap((chat) =>
      Array.from({ length: perConversation }, (_, k) => chat.say(texts[k % texts.length]!)),
    );
    const total = conversations * perConversation;
    await until('a quarter of the answers', () => h.replies.length >= total / 4);

    first.child.kill('SIGTERM');
    const second = new PipelineProcess(h.prefix); // the new release, started as the old one stops
    processes.push(second);
    const code = await first.exited;
    const results = await Promise.all(sent);

    expect(code).toBe(0); // it finished within the grace period, not killed by the deadline
    // After the signal it only finished the turns in hand (at most its concurrency, 4) and
    // handed the rest of each busy mailbox back, instead of draining the mailboxes it held.
    expect(first.shutdownAt).toBeDefined();
    expect(first.turnTimes.filter((t) => t > first.shutdownAt!).length).toBeLessThanOrEqual(4);
    expect(first.turns.length).toBeGreaterThan(0);
    expect(first.turns.length).toBeLessThan(total);
    expect(second.turns.length).toBeGreaterThan(0);
    // A turn logs "turn handled" after its reply is queued and committed, so the last log lines
    // can reach us after the replies: wait for the count (a duplicate would push it past total).
    await until('every turn logged', () => first.turns.length + second.turns.length >= total);
    // Exactly once: each message handled by one process, once; each got exactly one reply.
    const handled = [...first.turns, ...second.turns];
    expect(handled).toHaveLength(total);
    expect(new Set(handled).size).toBe(total);
    for (const { outcome, replies } of results) {
      expect(outcome.status).toBe('queued');
      expect(replies).toHaveLength(1);
    }
    const ids = h.replies.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(total);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
