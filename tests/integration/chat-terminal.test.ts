import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';
import { createPrismaClient } from '../../src/stores/prisma/client';
import { engineTenant } from '../support/engine-tenant';

/**
 * `npm run chat` as a person uses it: in a real terminal (a pty made by `script`), it shows its
 * prompt, echoes what is typed, answers, and leaves on Ctrl+D. Piped, it prints only replies on
 * stdout (logs and notes go to stderr) and exits once input ends and the last reply is in.
 * Every step waits for what the terminal shows, never for a fixed time. Another tenant's work in
 * the same database (a provider's failed boleto creation, whose key cannot be read) is not this
 * session's: nothing of it is written over the conversation.
 */
const root = join(__dirname, '../..');
const env = {
  ...process.env,
  DATABASE_URL: TEST_DATABASE_URL,
  ...TEST_REDIS_ENV,
  IRIS_PREFIX: `chat${randomUUID().slice(0, 6)}`,
  LOG_LEVEL: 'warn',
  NODE_OPTIONS: '',
};

function waitForOutput(child: ChildProcessWithoutNullStreams, seen: { text: string }, wanted: string) {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (seen.text.includes(wanted)) {
        child.stdout.off('data', check);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', () =>
      reject(new Error(`exited before showing ${JSON.stringify(wanted)}: ${seen.text}`)),
    );
    check();
  });
}

const db = createPrismaClient(TEST_DATABASE_URL, { max: 1 });
const created: string[] = [];

beforeAll(async () => {
  // A provider tenant without its API key and a creation that failed two minutes ago: a sweep of
  // every tenant would try its provider and warn.
  const tenant = await engineTenant(db, created, {}, 'chat-other');
  await db.tenant.update({ where: { id: tenant.id }, data: { boletoProvider: 'asaas' } });
  const failedAt = new Date(Date.now() - 120_000);
  await db.action.create({
    data: {
      nonce: randomUUID(),
      tenantId: tenant.id,
      conversationId: 'console:other',
      userId: randomUUID(),
      tool: 'create_boleto',
      params: {},
      status: 'FAILED',
      error: 'general_error',
      correlationId: 'chat-other',
      proposedAt: failedAt,
      expiresAt: failedAt,
      completedAt: failedAt,
    },
  });
});

afterAll(async () => {
  await db.tenant.deleteMany({ where: { id: { in: created } } });
  await db.$disconnect();
});

describe('npm run chat', () => {
  it('shows its prompt and echoes in a terminal, answers, and leaves on Ctrl+D', async () => {
    const child = spawn(
      'script',
      ['-q', '-c', `${join(root, 'node_modules/.bin/tsx')} scripts/chat.ts`, '/dev/null'],
      {
        cwd: root,
        env,
      },
    );
    const seen = { text: '' };
    child.stdout.on('data', (chunk: Buffer) => (seen.text += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await waitForOutput(child, seen, 'você> ');
    child.stdin.write('oi\r');
    await waitForOutput(child, seen, 'iris> Sou a Iris');
    expect(seen.text).toMatch(/você> .*oi/);
    await waitForOutput(child, seen, 'iris> Sou a Iris');
    child.stdin.write('\u0004');
    expect(await exited).toBe(0);
    expect(seen.text).not.toContain('not checked at its provider');
  }, 60_000);

  it('piped: replies alone on stdout, and it exits when input ends', async () => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/chat.ts', '--json'], {
      cwd: root,
      env,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stdin.end('oi\n');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).text).toMatch(/^Sou a Iris/);
  }, 60_000);
});
