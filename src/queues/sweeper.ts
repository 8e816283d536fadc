import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ConversationStore } from '../stores/conversation-store';
import { everyWithoutOverlap } from '../core/periodic-pass';
import { safeJobId } from './outbox';

/**
 * Re-schedules conversations whose mailbox waited too long: covers a process that died between
 * putting a message in a mailbox and adding its job, and jobs that ran out of retries while a
 * database was down. Every pipeline process runs one; duplicates are harmless (a drain job on
 * an empty or locked mailbox ends at once).
 */
export function startSweeper(deps: {
  conversations: ConversationStore;
  turns: Queue;
  logger: Logger;
  everyMs?: number;
  olderThanMs?: number;
}): () => void {
  const every = deps.everyMs ?? 5_000;
  const olderThan = deps.olderThanMs ?? 10_000;
  return everyWithoutOverlap(
    every,
    async () => {
      const ids = await deps.conversations.stale(olderThan);
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
