import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';

/** A free loopback port for the web role. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * `npm start` stops on SIGTERM and leaves nothing behind: npm's child is the Iris process itself
 * (the script execs node), so the signal reaches it and it shuts down gracefully.
 */
describe('npm start', () => {
  it('exits on SIGTERM with its Iris process', async () => {
    const root = join(__dirname, '../..');
    const child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL,
        ...TEST_REDIS_ENV,
        IRIS_PREFIX: `start${randomUUID().slice(0, 6)}`,
        HTTP_PORT: String(await freePort()),
        CHECK_REDIS_POLICY: 'false',
        LOG_LEVEL: 'info',
        NODE_OPTIONS: '',
        TELEGRAM_BOT_TOKEN: '',
      },
    });
    let output = '';
    const irisPid = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        // The JSON log line (the plain "Iris is running: open http://..." line is for people).
        const running = output
          .split('\n')
          .find((line) => line.startsWith('{') && line.includes('Iris is running'));
        if (running) resolve((JSON.parse(running) as { pid: number }).pid);
      });
      child.once('exit', () => reject(new Error(`npm start exited early: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    expect(output).toMatch(/^Iris is running: open http:\/\/127\.0\.0\.1:\d+$/m);
    // npm waited for its child: the Iris process is gone, not orphaned.
    expect(() => process.kill(irisPid, 0)).toThrow();
  }, 60_000);
});
