import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ConversationStore } from '../stores/conversation-store';
import { LockHolders } from '../stores/lock-holders';
import { everyWithoutOverlap } from '../core/periodic-pass';
import { safeJobId } from './outbox';

/**
 * Re-schedules conversations whose mailbox waited too long: covers a process that died between
 * putting a message in a mailbox and adding its job, a process that died holding the
 * conversation's lock, and jobs that ran out of retries while a database was down. Every
 * pipeline process runs one; duplicates are harmless (a drain job on an empty or locked mailbox
 * ends at once).
 *
 * A waiting mailbox whose lock is held is left to its holder (it sees every message pushed
 * while it holds the lock) and looked at again at the next pass, not after another
 * `olderThanMs`: when the holder has stopped (`LockHolders`), its lock is broken then and the
 * mailbox rescheduled, a second or two after a SIGKILL rather than after the lock's TTL.
 */
export function startSweeper(deps: {
  conversations: ConversationStore;
  turns: Queue;
  logger: Logger;
  /** Without it, a held lock is waited out (its TTL) as before. */
  holders?: LockHolders;
  /** Told of each lock broken because its holder had stopped (a metric). */
  onLockBroken?: () => void;
  everyMs?: number;
  olderThanMs?: number;
}): () => void {
  const every = deps.everyMs ?? 5_000;
  const olderThan = deps.olderThanMs ?? 10_000;

  /** Breaks the locks of stopped holders; returns the conversations to reschedule. */
  async function freeOrBreak(ids: string[]): Promise<string[]> {
    if (!deps.holders) return ids;
    const tokens = await deps.conversations.lockTokens(ids);
    const stopped = await deps.holders.stoppedTokens([...tokens.values()]);
    const schedule: string[] = [];
    const held: string[] = [];
    for (const id of ids) {
      const token = tokens.get(id);
      // A lock naming no holder is waited out (its TTL), as before holders existed.
      if (token === undefined || LockHolders.holderOf(token) === undefined) schedule.push(id);
      else if (!stopped.has(token)) held.push(id);
      else {
        // Broken or not (it may have expired or been released meanwhile), the mailbox waits.
        if (await deps.conversations.breakLock(id, token)) {
          deps.logger.warn(
            { conversationId: id, holder: LockHolders.holderOf(token) },
            'broke the lock of a stopped process',
          );
          deps.onLockBroken?.();
        }
        schedule.push(id);
      }
    }
    await deps.conversations.lookAgainNextSweep(held, olderThan);
    return schedule;
  }

  return everyWithoutOverlap(
    every,
    async () => {
      const stale = await deps.conversations.stale(olderThan);
      if (stale.length === 0) return;
      const ids = await freeOrBreak(stale);
      for (const conversationId of ids) {
        await deps.turns.add(
          'turn',
          { conversationId },
          { jobId: safeJobId(`sweep-${conversationId}-${Math.floor(Date.now() / every)}`) },
        );
      }
      if (ids.length > 0)
        deps.logger.info({ conversations: ids.length }, 'sweeper rescheduled waiting mailboxes');
    },
    (error) => deps.logger.warn({ err: error }, 'sweeper pass failed'),
  );
}
