import { randomUUID } from 'node:crypto';
import { RedisKeys } from '../../src/core/redis-keys';
import { ConversationStore } from '../../src/stores/conversation-store';
import { testRedis } from '../support/test-env';

/**
 * The lock of a turn reads the conversation's state and its tenant's pending confirmation in
 * the same round trip as the mailbox head, when the job names the tenant; what it reads is
 * what `load` reads. Without a tenant (a job queued before the tenant was carried, the
 * sweeper's), it reads the head alone and the turn loads the rest.
 */
describe('a conversation lock that reads the state with it', () => {
  const redis = testRedis();
  const keys = new RedisKeys(`t${randomUUID().slice(0, 8)}`);
  const conversations = new ConversationStore(redis, keys, { lockTtlMs: 5_000, dedupeTtlSec: 60 });
  afterAll(() => redis.disconnect());

  it('returns what load returns, for the tenant named, and nothing more without one', async () => {
    const conversationId = randomUUID();
    const tenantId = randomUUID();
    await conversations.push(
      { id: randomUUID(), conversationId },
      keys.conversationDedupe(conversationId, 'console', 'a', randomUUID()),
    );
    await redis.set(keys.conversationState(conversationId), '{"v":1,"state":"TOOL_PROPOSED"}');
    await redis.set(keys.pendingConfirmation(tenantId, conversationId), '{"nonce":"n1"}');

    const taken = await conversations.tryLock<{ conversationId: string }>(conversationId, tenantId);
    expect(taken?.head?.conversationId).toBe(conversationId);
    expect(taken?.stored).toEqual({ tenantId, ...(await conversations.load(tenantId, conversationId)) });
    expect(taken?.stored?.pending).toBe('{"nonce":"n1"}');
    await conversations.release(taken!.lock, { force: true });

    // Another tenant's key is not this one's confirmation.
    const other = await conversations.tryLock(conversationId, randomUUID());
    expect(other?.stored).toEqual(
      expect.objectContaining({ state: '{"v":1,"state":"TOOL_PROPOSED"}', pending: null }),
    );
    await conversations.release(other!.lock, { force: true });

    const bare = await conversations.tryLock(conversationId);
    expect(bare?.head).toBeDefined();
    expect(bare?.stored).toBeUndefined();
    await conversations.release(bare!.lock, { force: true });
  });
});
