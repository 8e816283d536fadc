/**
 * A pipeline process as the kill test needs it (pipeline-kill-resume.test.ts): it says it is
 * running, as a pipeline does, takes one conversation's lock the way a turn takes it, reports
 * the lock's token over IPC, and then waits to be SIGKILLed in the middle of that "turn". Its
 * lock lives ten minutes, so only the sweeper's holder check can free the conversation in time.
 *
 *   fork(lock-holder-child.ts, [prefix, conversationId])
 */
import { PRODUCT } from '../../config/product';
import { RedisKeys } from '../../src/core/redis-keys';
import { ConversationStore } from '../../src/stores/conversation-store';
import { LockHolders } from '../../src/stores/lock-holders';
import { testRedis } from '../support/test-env';

const [prefix, conversationId] = process.argv.slice(2) as [string, string];
const redis = testRedis();
const keys = new RedisKeys(prefix);
const holders = new LockHolders(redis, keys, {
  aliveTtlMs: PRODUCT.lockHolderAliveTtlMs,
  beatEveryMs: PRODUCT.lockHolderBeatEveryMs,
});
const conversations = new ConversationStore(redis, keys, {
  lockTtlMs: 600_000,
  dedupeTtlSec: 60,
  lockToken: () => holders.tokenFor(),
});

async function main(): Promise<void> {
  await holders.beat();
  holders.start(() => undefined);
  const taken = await conversations.tryLock(conversationId);
  process.send!({ token: taken?.lock.token ?? null });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
