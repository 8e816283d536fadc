import { Redis } from 'ioredis';
import pino from 'pino';
import { checkRedisPolicy, inspectRedisPolicy, type RedisInfoSource } from '../../src/app/redis-policy';
import { TEST_REDIS_URL } from '../support/test-env';

/** A Redis that answers INFO and CONFIG GET from a table; `config: 'disabled'` refuses CONFIG. */
function fakeRedis(settings: {
  policy?: string;
  aof?: '0' | '1';
  appendfsync?: string;
  save?: string;
  config?: 'disabled';
}): RedisInfoSource {
  return {
    async info(section) {
      if (section === 'memory') return `# Memory\r\nused_memory:1\r\nmaxmemory_policy:${settings.policy}\r\n`;
      return `# Persistence\r\nloading:0\r\naof_enabled:${settings.aof}\r\n`;
    },
    async config(_sub, name) {
      if (settings.config === 'disabled') throw new Error("ERR unknown command 'config'");
      const value = name === 'save' ? settings.save : settings.appendfsync;
      return value === undefined ? [] : [name, value];
    },
  };
}

describe('Redis policy check', () => {
  it('accepts noeviction with AOF everysec', async () => {
    const report = await inspectRedisPolicy(
      fakeRedis({ policy: 'noeviction', aof: '1', appendfsync: 'everysec', save: '3600 1' }),
    );
    expect(report.problems).toEqual([]);
    expect(report.unknown).toEqual([]);
  });

  it('flags an eviction policy: jobs and confirmations could be evicted', async () => {
    const report = await inspectRedisPolicy(
      fakeRedis({ policy: 'allkeys-lru', aof: '1', appendfsync: 'everysec', save: '' }),
    );
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(/allkeys-lru.*noeviction/);
  });

  it('flags no persistence at all, and RDB snapshots alone', async () => {
    const none = await inspectRedisPolicy(fakeRedis({ policy: 'noeviction', aof: '0', save: '' }));
    expect(none.problems[0]).toMatch(/persistence is off/);
    const rdb = await inspectRedisPolicy(
      fakeRedis({ policy: 'noeviction', aof: '0', save: '3600 1 300 100' }),
    );
    expect(rdb.problems[0]).toMatch(/only RDB snapshots/);
    const lazy = await inspectRedisPolicy(fakeRedis({ policy: 'noeviction', aof: '1', appendfsync: 'no' }));
    expect(lazy.problems[0]).toMatch(/appendfsync is "no"/);
  });

  it('tolerates CONFIG being disabled: INFO still tells the policy and AOF', async () => {
    const report = await inspectRedisPolicy(
      fakeRedis({ policy: 'volatile-lru', aof: '0', config: 'disabled' }),
    );
    expect(report.problems[0]).toMatch(/volatile-lru/);
    expect(report.unknown).toEqual(['save']);
  });

  it('logs an error per problem and never throws, even when Redis refuses everything', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    await checkRedisPolicy(fakeRedis({ policy: 'allkeys-random', aof: '0', save: '' }), logger);
    expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^Redis can lose work: maxmemory-policy/),
      expect.stringMatching(/^Redis can lose work: persistence is off/),
    ]);
    const refusing: RedisInfoSource = {
      info: () => Promise.reject(new Error('NOPERM')),
      config: () => Promise.reject(new Error('NOPERM')),
    };
    const report = await checkRedisPolicy(refusing, logger);
    expect(report.unknown).toEqual(['maxmemory-policy', 'appendonly']);
  });

  it('reads the real local Redis', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const report = await inspectRedisPolicy(redis);
      expect(report.maxmemoryPolicy).toEqual(expect.any(String));
      expect(typeof report.aof).toBe('boolean');
    } finally {
      redis.disconnect();
    }
  });
});
