import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { buildWeb } from '../../src/app/web';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';

const ROOT = join(__dirname, '../..');
const CREDENTIALS = 'ops:correct-horse-battery';
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

/**
 * Starts the real web process (workers/web.ts) and resolves with its address. A process, not
 * an in-jest app: bull-board's static-file plugin loads ES-only modules that Node 20 runs but
 * jest's module loader cannot.
 */
function startWeb(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/web.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'info',
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('web process did not start')), 20_000);
    child.once('exit', (code) => reject(new Error(`web process exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const log = JSON.parse(line) as { msg?: string; address?: string };
      if (log.msg === 'web listening' && log.address) {
        clearTimeout(timer);
        resolve({ child, base: log.address });
      }
    });
  });
}

describe('queue dashboard (bull-board) on the web process', () => {
  let web: { child: ChildProcess; base: string };
  beforeAll(async () => {
    web = await startWeb({
      DATABASE_URL: TEST_DATABASE_URL,
      ...TEST_REDIS_ENV,
      IRIS_PREFIX: `t${randomUUID().slice(0, 8)}`,
      DASHBOARD_CREDENTIALS: CREDENTIALS,
    });
  }, 30_000);
  afterAll(async () => {
    if (web.child.exitCode !== null) return;
    const exited = new Promise((resolve) => web.child.once('exit', resolve));
    web.child.kill('SIGTERM');
    await exited;
  });

  it('asks for a login, and refuses a wrong password', async () => {
    const anonymous = await fetch(`${web.base}/dashboard`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="Iris queues"/);
    const wrong = await fetch(`${web.base}/dashboard`, {
      headers: { authorization: basic('ops:guess-again') },
    });
    expect(wrong.status).toBe(401);
    const api = await fetch(`${web.base}/dashboard/api/queues`);
    expect(api.status).toBe(401);
  });

  it('shows the queues to the operator', async () => {
    const page = await fetch(`${web.base}/dashboard`, { headers: { authorization: basic(CREDENTIALS) } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    const api = await fetch(`${web.base}/dashboard/api/queues`, {
      headers: { authorization: basic(CREDENTIALS) },
    });
    expect(api.status).toBe(200);
    const names = ((await api.json()) as { queues: Array<{ name: string }> }).queues.map((q) => q.name);
    expect(names).toEqual(
      expect.arrayContaining(['turns', 'transcribe', 'outbound-telegram', 'outbound-whatsapp']),
    );
  });

  it('leaves the other routes open', async () => {
    expect((await fetch(`${web.base}/health`)).status).toBe(200);
  });

  it('ends on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => web.child.once('exit', resolve));
    web.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('queue dashboard without DASHBOARD_CREDENTIALS', () => {
  const h = new Harness();
  const app = buildWeb(h.container);
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('is not mounted at all', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/dashboard`, {
      headers: { authorization: basic(CREDENTIALS) },
    });
    expect(res.status).toBe(404);
  });
});
