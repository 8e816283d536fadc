import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisKeys } from '../../src/core/redis-keys';
import { RedisAiSwitch } from '../../src/stores/ai-switch';
import { createPrismaClient, type PrismaClient } from '../../src/stores/prisma/client';
import { TEST_DATABASE_URL, TEST_REDIS_ENV, TEST_REDIS_URL } from '../support/test-env';

/** `npm run iris -- tenant ai …` and `ai off|on|status`, run as an operator runs them. */

// Each call starts the CLI as a process (tsx compiles it first): a test of three calls took 77 s
// once on CI's loaded machine against the default 30 s. The time is the machine's, not Iris'.
jest.setTimeout(180_000);

const root = join(__dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const prefix = `iris-test-cli-${randomUUID().slice(0, 8)}`;

function iris(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tsx, [join(root, 'scripts', 'iris.ts'), ...args], {
    encoding: 'utf8',
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: TEST_DATABASE_URL,
      ...TEST_REDIS_ENV,
      IRIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    },
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

let db: PrismaClient;
let redis: Redis;
const slug = `cli-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  db = createPrismaClient(TEST_DATABASE_URL, { max: 1 });
  redis = new Redis(TEST_REDIS_URL);
  await db.tenant.create({
    data: {
      slug,
      name: slug,
      pack: 'boletos',
      locale: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
      currency: 'BRL',
      aiSettings: { enabled: false, mode: 'offline', plan: 'basic', features: ['x'] },
    },
  });
});
afterAll(async () => {
  await db.tenant.deleteMany({ where: { slug } });
  await db.$disconnect();
  await redis.del(new RedisKeys(prefix).aiOff());
  redis.disconnect();
});

describe('npm run iris -- tenant ai / ai off|on|status', () => {
  it("sets a tenant's AI, keeps what is not given, and refuses what it does not know", async () => {
    const set = iris(
      'tenant',
      'ai',
      '--tenant',
      slug,
      '--enabled',
      'yes',
      '--mode',
      'offline_first',
      '--plan',
      'free',
    );
    expect(set.status).toBe(0);
    expect(set.stdout).toBe(
      `"${slug}": AI enabled, mode offline_first, plan free (no model calls: offline understanding only); models: the platform's. Running processes see it within 30 s.`,
    );
    const row = await db.tenant.findUniqueOrThrow({ where: { slug } });
    expect(row.aiSettings).toEqual({ enabled: true, mode: 'offline_first', plan: 'free', features: ['x'] });

    const bad = iris('tenant', 'ai', '--tenant', slug, '--plan', 'gold');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('--plan must be one of free, basic, professional, enterprise');
    expect((await db.tenant.findUniqueOrThrow({ where: { slug } })).aiSettings).toEqual(row.aiSettings);
  });

  it("sets the tenant's own provider per task, and back to the platform's with default", async () => {
    const local = iris('tenant', 'ai', '--tenant', slug, '--understanding-provider', 'local');
    expect(local.stdout).toBe(
      `"${slug}": AI enabled, mode offline_first, plan free (no model calls: offline understanding only); understanding on local, summarization on the platform's, embeddings on the platform's. Running processes see it within 30 s.`,
    );
    expect((await db.tenant.findUniqueOrThrow({ where: { slug } })).aiSettings).toMatchObject({
      providers: { understanding: 'local' },
    });
    const wrong = iris('tenant', 'ai', '--tenant', slug, '--summarization-provider', 'openai');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toBe('--summarization-provider must be one of gemini, local, default');
    iris('tenant', 'ai', '--tenant', slug, '--understanding-provider', 'default');
    expect((await db.tenant.findUniqueOrThrow({ where: { slug } })).aiSettings).toEqual({
      enabled: true,
      mode: 'offline_first',
      plan: 'free',
      features: ['x'],
    });
  });

  it('turns AI off for every tenant and on again, and says which it is', async () => {
    const aiSwitch = new RedisAiSwitch(redis, new RedisKeys(prefix), { enabledByConfig: true, cacheMs: 0 });
    expect(iris('ai', 'status').stdout).toBe('AI is on.');
    expect(iris('ai', 'off', '--reason', 'provider outage').status).toBe(0);
    await expect(aiSwitch.isOn()).resolves.toBe(false);
    expect(iris('ai', 'status').stdout).toMatch(
      /^AI is off since \d{4}-\d\d-\d\dT[\d:.]+Z: provider outage$/,
    );
    expect(iris('ai', 'on').status).toBe(0);
    await expect(aiSwitch.isOn()).resolves.toBe(true);
  });
});
