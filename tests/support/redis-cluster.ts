import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real Redis Cluster of three masters (no replicas) on loopback ports, in a temporary
 * directory: `redis-server --cluster-enabled yes` three times, joined by
 * `redis-cli --cluster create`. Started once per cluster test run (tests/cluster/global-setup.ts).
 */
export class LocalRedisCluster {
  private constructor(
    readonly ports: number[],
    private readonly dir: string,
    private readonly servers: ChildProcess[],
  ) {}

  /** "127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3", as REDIS_CLUSTER_NODES takes it. */
  get nodes(): string {
    return this.ports.map((port) => `127.0.0.1:${port}`).join(',');
  }

  static async start(masters = 3): Promise<LocalRedisCluster> {
    const dir = await mkdtemp(join(tmpdir(), 'iris-redis-cluster-'));
    const ports = await freePorts(masters);
    const servers = ports.map((port) =>
      spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          '5000',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
        ],
        { stdio: 'ignore' },
      ),
    );
    const cluster = new LocalRedisCluster(ports, dir, servers);
    try {
      for (const port of ports)
        await until(`redis-server on ${port}`, async () => (await cli(port, 'ping')) === 'PONG');
      await run('redis-cli', [
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ]);
      // Every node must see the whole cluster before a client asks it for the slot map.
      for (const port of ports)
        await until(`cluster_state:ok on ${port}`, async () => {
          const info = await cli(port, 'cluster', 'info');
          return info.includes('cluster_state:ok') && info.includes(`cluster_known_nodes:${masters}`);
        });
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** Stops the servers (they are ours: started above) and removes their directory. */
  async stop(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGTERM');
          }),
      ),
    );
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function cli(port: number, ...args: string[]): Promise<string> {
  try {
    return (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout.trim();
  } catch {
    return '';
  }
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `count` loopback ports free now, each with its cluster bus port (+10000) free too. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await anyFreePort();
    if (port < 55_000 && !ports.includes(port) && (await isFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
