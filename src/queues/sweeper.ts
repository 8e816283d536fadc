import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ConversationStore } from '../stores/conversation-store';
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
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deps.conversations
      .stale(olderThan)
      .then(async (ids) => {
        for (const conversationId of ids) {
          await deps.turns.add(
            'turn',
            { conversationId },
            { jobId: safeJobId(`sweep-${conversationId}-${Math.floor(Date.now() / every)}`) },
          );
        }
        if (ids.length > 0)
          deps.logger.info({ conversations: ids.length }, 'sweeper rescheduled waiting mailboxes');
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'sweeper pass failed'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
