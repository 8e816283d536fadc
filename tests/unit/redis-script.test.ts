import { randomUUID } from 'node:crypto';
import { runLua } from '../../src/core/redis-script';
import { serversOf } from '../../src/core/redis-client';
import { testRedis } from '../support/test-env';

/** The Lua scripts in src/core/lua, run on the real Redis (or the local cluster). */
describe('runLua', () => {
  const redis = testRedis();
  // One hash tag per test: a script's keys share a slot on a cluster.
  const tag = randomUUID();
  const key = (name: string) => `iris-test:lua:{${tag}}:${randomUUID()}:${name}`;
  afterAll(() => redis.quit());
  // Every server's cache: on a cluster the key's node is the one that must have forgotten.
  const flushScripts = async () => {
    await redis.ping();
    await Promise.all(serversOf(redis).map((server) => server.script('FLUSH')));
  };

  it('runs a script the server has never seen, and again after the script cache is flushed', async () => {
    const lock = key('lock');
    await redis.set(lock, 'mine');
    await flushScripts();
    expect(await runLua(redis, 'delete-if-owner', [lock], ['theirs'])).toBe(0);
    expect(await redis.get(lock)).toBe('mine');
    await flushScripts();
    expect(await runLua(redis, 'delete-if-owner', [lock], ['mine'])).toBe(1);
    expect(await redis.exists(lock)).toBe(0);
  });

  it('renews only for the owner', async () => {
    const lock = key('lease');
    await redis.set(lock, 'mine', 'PX', 1_000);
    expect(await runLua(redis, 'renew-if-owner', [lock], ['theirs', 60_000])).toBe(0);
    expect(await redis.pttl(lock)).toBeLessThanOrEqual(1_000);
    expect(await runLua(redis, 'renew-if-owner', [lock], ['mine', 60_000])).toBe(1);
    expect(await redis.pttl(lock)).toBeGreaterThan(1_000);
  });

  it('raises a counter and never lowers it', async () => {
    const counter = key('seq');
    await runLua(redis, 'raise-counter', [counter], [5, 60]);
    await runLua(redis, 'raise-counter', [counter], [3, 60]);
    expect(await redis.get(counter)).toBe('5');
  });

  it('reserves slots a gap apart on every schedule, and refuses a slot further than the longest wait', async () => {
    const [chat, account] = [key('chat'), key('account')];
    const first = (await runLua(redis, 'reserve-slot', [chat, account], [1_000, 50, 5_000])) as number[];
    expect(first.slice(0, 2)).toEqual([1, 0]);
    const second = (await runLua(redis, 'reserve-slot', [chat, account], [1_000, 50, 5_000])) as number[];
    expect(second[0]).toBe(1);
    // The chat's gap (1 s) decides, less the few ms between the two calls.
    expect(second[1]).toBeGreaterThan(900);
    expect(second[1]).toBeLessThanOrEqual(1_000);
    const refused = (await runLua(redis, 'reserve-slot', [chat], [1_000, 100])) as number[];
    expect(refused[0]).toBe(0);
    expect(Number(await redis.get(chat))).toBe(first[2]! + 2_000);
  });
});
