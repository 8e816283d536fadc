import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import pino from 'pino';
import { bullConnection, closeBullConnection, queuePrefix } from '../../src/app/redis-connection';
import { RedisKeys } from '../../src/core/redis-keys';
import { startSweeper } from '../../src/queues/sweeper';
import { ConversationStore } from '../../src/stores/conversation-store';
import { LockHolders } from '../../src/stores/lock-holders';
import { waitFor } from '../support/conversation';
import { TEST_REDIS_ENV, testRedis } from '../support/test-env';

/**
 * A pipeline process that dies holding conversations (SIGKILL mid-turn) stops beating, and the
 * sweeper of another process breaks its locks and reschedules the mailboxes once its key is
 * gone — here with a lock TTL of a minute, so nothing but the holder check can free them.
 */
describe('the locks of a stopped process', () => {
  const redis = testRedis();
  const keys = new RedisKeys(`t${randomUUID().slice(0, 8)}`);
  const timing = { aliveTtlMs: 300, beatEveryMs: 100 };
  const processOf = (holders: LockHolders) =>
    new ConversationStore(redis, keys, {
      lockTtlMs: 60_000,
      dedupeTtlSec: 60,
      lockToken: () => holders.tokenFor(),
    });
  const connection = bullConnection(TEST_REDIS_ENV);
  const turns = new Queue('turns', {
    connection,
    prefix: queuePrefix({ IRIS_PREFIX: keys.prefix, ...TEST_REDIS_ENV }),
  });
  const stops: Array<() => void> = [];
  afterAll(async () => {
    for (const stop of stops) stop();
    await turns.obliterate({ force: true });
    await turns.close();
    await closeBullConnection(connection);
    redis.disconnect();
  });

  const waiting = async (conversations: ConversationStore) => {
    const conversationId = randomUUID();
    await conversations.push(
      { id: randomUUID(), conversationId },
      keys.conversationDedupe(conversationId, 'console', 'a', randomUUID()),
    );
    return conversationId;
  };
  const sweepJobs = async (conversationId: string) =>
    (await turns.getJobs(['waiting', 'delayed', 'active'])).filter(
      (job) => (job.data as { conversationId: string }).conversationId === conversationId,
    );

  it("breaks a stopped holder's lock and reschedules its mailbox; a live holder's stays", async () => {
    const killed = new LockHolders(redis, keys, timing);
    const live = new LockHolders(redis, keys, timing);
    const sweeping = new LockHolders(redis, keys, timing);
    const stopKilled = killed.start(() => undefined);
    stops.push(
      live.start(() => undefined),
      sweeping.start(() => undefined),
    );
    // One key per command: on Redis Cluster the two holders' keys are in different slots.
    const beaten = async (holders: LockHolders) => (await redis.exists(keys.lockHolder(holders.id))) === 1;
    await waitFor('the first beats', async () =>
      (await beaten(killed)) && (await beaten(live)) ? true : undefined,
    );

    const mine = processOf(killed);
    const theirs = processOf(live);
    const lost = await waiting(mine);
    const held = await waiting(theirs);
    const lostLock = await mine.tryLock(lost);
    const heldLock = await theirs.tryLock(held);
    expect(LockHolders.holderOf(lostLock!.lock.token)).toBe(killed.id);
    expect(LockHolders.holderOf(heldLock!.lock.token)).toBe(live.id);
    stopKilled(); // the SIGKILL: no more beats, no release

    stops.push(
      startSweeper({
        conversations: processOf(sweeping),
        turns,
        holders: sweeping,
        logger: pino({ level: 'silent' }),
        everyMs: 50,
        olderThanMs: 100,
      }),
    );
    await waitFor('the stopped holder’s lock to be broken', async () =>
      (await redis.exists(keys.conversationLock(lost))) === 0 ? true : undefined,
    );
    // The job is queued after the lock is broken, by the same pass: wait for it too.
    await waitFor('the mailbox rescheduled', async () =>
      (await sweepJobs(lost)).length > 0 ? true : undefined,
    );
    // Judged in the same passes: the live holder keeps its conversation, and no job is queued
    // for a mailbox its holder is draining.
    expect(await redis.get(keys.conversationLock(held))).toBe(heldLock!.lock.token);
    expect(await sweepJobs(held)).toHaveLength(0);
  });

  it('judges nobody until its own beats have landed steadily for a whole TTL', async () => {
    let now = 1_000_000;
    const judge = new LockHolders(redis, keys, { aliveTtlMs: 2_000, beatEveryMs: 500 }, () => now);
    const gone = randomUUID();
    expect(await judge.stopped([gone])).toEqual(new Set());
    await judge.beat();
    now += 1_500;
    for (let beat = 0; beat < 3; beat++, now += 500) await judge.beat();
    // Beats at 0, 1.5 s (a gap: longer than two periods), 2, 2.5: steady only since 1.5 s.
    now -= 500;
    expect(await judge.stopped([gone])).toEqual(new Set());
    now += 1_000;
    await judge.beat();
    expect(await judge.stopped([gone, judge.id])).toEqual(new Set([gone]));
    // Its own connection away for a moment (no beat for 1.5 s): it judges nobody again.
    now += 1_500;
    expect(await judge.stopped([gone])).toEqual(new Set());
  });

  it('names no holder in a token before its first beat (such a lock is waited out)', async () => {
    const holders = new LockHolders(redis, keys, timing);
    expect(LockHolders.holderOf(holders.tokenFor())).toBeUndefined();
    await holders.beat();
    expect(LockHolders.holderOf(holders.tokenFor())).toBe(holders.id);
  });
});
