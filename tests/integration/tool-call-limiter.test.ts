import { RedisKeys } from '../../src/core/redis-keys';
import { RedisToolCallLimiter } from '../../src/stores/tool-call-limiter';
import { testRedis } from '../support/test-env';

/** A tool's calls per minute per person, counted in the real Redis every process shares. */
describe('RedisToolCallLimiter', () => {
  const redis = testRedis();
  const keys = new RedisKeys(`iris-test-tools-${process.pid}-${Date.now()}`);
  const limiter = new RedisToolCallLimiter(redis, keys);
  afterAll(() => redis.quit());

  it('lets a person call a tool up to its limit in a minute, then refuses until the minute turns', async () => {
    const minute = new Date('2026-11-27T10:00:05Z');
    const sameMinute = new Date('2026-11-27T10:00:55Z');
    const next = new Date('2026-11-27T10:01:00Z');
    expect(await limiter.take('ana', 'publicar_aviso', 2, minute)).toBe(true);
    expect(await limiter.take('ana', 'publicar_aviso', 2, sameMinute)).toBe(true);
    expect(await limiter.take('ana', 'publicar_aviso', 2, sameMinute)).toBe(false);
    // Another person, another tool: counted apart.
    expect(await limiter.take('bia', 'publicar_aviso', 2, sameMinute)).toBe(true);
    expect(await limiter.take('ana', 'criar_reserva', 2, sameMinute)).toBe(true);
    expect(await limiter.take('ana', 'publicar_aviso', 2, next)).toBe(true);
    const ttl = await redis.pttl(
      keys.toolCalls('ana', 'publicar_aviso', Math.floor(next.getTime() / 60_000)),
    );
    expect(ttl).toBeGreaterThan(60_000);
  });
});
