/**
 * A pipeline process as the kill test needs it (pipeline-kill-resume.test.ts): it says it is
 * running, as a pipeline does, takes one lock — a conversation's, the way a turn takes it, or a
 * held sender's, the way the intake drainer takes it — reports the lock's token over IPC, and
 * then waits to be SIGKILLed holding it. Its locks live ten minutes, so only the holder check
 * can free them in time.
 *
 *   fork(lock-holder-child.ts, [prefix, 'conversation' | 'sender', id])
 */
import { PRODUCT } from '../../config/product';
import { RedisKeys } from '../../src/core/redis-keys';
import { ConversationStore } from '../../src/stores/conversation-store';
import { IntakeStore } from '../../src/stores/intake-store';
import { LockHolders } from '../../src/stores/lock-holders';
import { testRedis } from '../support/test-env';

const [prefix, kind, id] = process.argv.slice(2) as [string, 'conversation' | 'sender', string];
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

const intake = new IntakeStore(redis, keys, {
  ttlSec: 60,
  lockTtlMs: 600_000,
  lockToken: () => holders.tokenFor(),
});

async function main(): Promise<void> {
  await holders.beat();
  holders.start(() => undefined);
  const token =
    kind === 'conversation' ? (await conversations.tryLock(id))?.lock.token : await intake.lock(id);
  process.send!({ token: token ?? null });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
