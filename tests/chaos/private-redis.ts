import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * A Redis server of the suite's own, on a free loopback port, with its append-only file in a
 * temporary folder: the chaos suite SIGKILLs it and starts it again on the same files, as a
 * crashed and restarted production Redis would be. `appendfsync` says when Redis makes the
 * file durable: `always` before it answers each write, `everysec` once a second.
 */
export class PrivateRedis {
  readonly dir = mkdtempSync(join(tmpdir(), 'iris-redis-'));
  private child: ChildProcess | undefined;
  port = 0;
  restarts = 0;

  constructor(readonly appendfsync: 'always' | 'everysec') {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort();
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        this.appendfsync,
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    await this.waitForPing();
  }

  /** SIGKILL: no shutdown, no final fsync; what is not in the file yet is gone. */
  kill(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  async restart(): Promise<void> {
    this.restarts += 1;
    await this.start();
  }

  async stop(): Promise<void> {
    this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async waitForPing(): Promise<void> {
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined); // refused until the server listens: expected, retried below
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          if (client.status !== 'ready') await client.connect();
          if ((await client.ping()) === 'PONG') return;
        } catch {
          client.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      throw new Error(`private redis-server on port ${this.port} did not answer`);
    } finally {
      client.disconnect();
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
