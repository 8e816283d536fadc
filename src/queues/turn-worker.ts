import { DelayedError, Worker, type ConnectionOptions, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { say } from '../pipeline/catalog';
import { PRODUCT } from '../../config/product';
import { isTransient } from '../core/errors';
import type { Locale } from '../core/locale';
import type { OutboundMessageInput } from '../core/messages';
import type { AuditEntry, AuditRecord, AuditSink, PendingWrite } from '../pipeline/ports';
import type { TurnOutput } from '../pipeline/turn';
import type { ConversationStore, MailboxLock, StoredConversation } from '../stores/conversation-store';
import { QUEUES } from './names';
import { outboundFor } from './outbound-for';
import { safeJobId, type Outbox } from './outbox';
import { inboundMessageSchema, turnJobSchema, type InboundMessage, type TranscriptRecord } from './payloads';

export const TURN_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600 },
} as const;

/** What handling one mailbox message produced: the replies to send and what to commit. */
export interface HandledTurn {
  replies: OutboundMessageInput[];
  state: string;
  pending: PendingWrite;
  output: TurnOutput | undefined;
}

/**
 * Handles one mailbox message (the app gives its turn handler): who, what, the saved state, the
 * turn, the replies. Pure with respect to the mailbox: the worker commits.
 */
export type MessageHandler = (
  message: InboundMessage,
  transcript: TranscriptRecord | undefined,
  /** The conversation's state as read with the lock, when it was (else the handler reads it). */
  stored?: StoredConversation,
) => Promise<HandledTurn>;

export interface TurnWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  conversations: ConversationStore;
  outbox: Outbox;
  transcribe: Queue;
  /** The turns queue, to drop the jobs of messages a drain handled before their own job ran. */
  turns?: Queue;
  audit: AuditSink;
  handle: MessageHandler;
  /** The tenant's locale, for the generic error a turn out of retries answers with. */
  localeOf: (tenantId: string) => Promise<Locale | undefined>;
  logger: Logger;
  concurrency: number;
  /** Channels that show a "typing…" indicator while a turn runs. */
  typingChannels?: readonly string[];
  /** Called when a turn fails and is answered with the generic error (metrics). */
  onTurnError?: (failure: { transient: boolean }) => void;
  /** A committed turn left enough messages waiting for a summary (`requestSummary`). */
  summaryDue?: (tenantId: string, conversationId: string) => Promise<void>;
  /** Called after each committed turn (metrics): its duration and its audit records. */
  observe?: (turn: { ms: number; events: string[]; audit: readonly AuditRecord[] }) => void;
}

/**
 * Drains conversation mailboxes. A job names a conversation; the worker takes the
 * conversation's lock and handles its messages in order until the mailbox is empty. Several
 * processes with any concurrency can run this: one conversation is only ever in one of them.
 */
export function startTurnWorker(deps: TurnWorkerDeps): Worker {
  const closing = { now: false };
  const worker = new Worker(QUEUES.turns, (job, token) => drain(deps, job, token, closing), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: deps.concurrency,
  });
  // close() stops fetching jobs and waits for the active ones; a drain that sees this hands its
  // conversation back after the message in hand instead of emptying a busy mailbox.
  worker.on('closing', () => {
    closing.now = true;
  });
  worker.on('failed', (job, error) =>
    deps.logger.error({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'turn job failed'),
  );
  worker.on('error', (error) => deps.logger.error({ err: error }, 'turn worker error'));
  return worker;
}

/** "The head is not known yet": read it from Redis (undefined means the mailbox is empty). */
const UNREAD = Symbol('unread');

async function drain(
  deps: TurnWorkerDeps,
  job: Job,
  token: string | undefined,
  closing: { now: boolean },
): Promise<void> {
  const { conversationId, tenantId } = turnJobSchema.parse(job.data);
  const taken = await deps.conversations.tryLock<unknown>(conversationId, tenantId);
  // Another worker holds the conversation: it sees our message, because it releases the lock
  // only with the mailbox empty, atomically, and our message was pushed before this job
  // existed. If it dies, the sweeper reschedules the mailbox once its lock expires (a retry here
  // could not take the lock sooner). Retrying instead kept jobs spinning through the queue on
  // busy conversations (bench: a fifth of all jobs at saturation).
  if (!taken) return;
  const { lock } = taken;
  const stopRenewing = deps.conversations.keepLock(lock);
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  // The head is read with the lock; a commit that leaves the mailbox empty also releases it.
  let next: unknown = taken.head;
  // What the lock read of the conversation serves its first message; later ones read it anew.
  let stored = taken.stored;
  try {
    for (let handled = 0; ; handled++) {
      if (handled > 0 && closing.now) {
        // Shutting down: hand the conversation back to the queue for another process now.
        await deps.conversations.release(lock, { force: true });
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      const raw = next === UNREAD ? await deps.conversations.head<unknown>(conversationId) : next;
      next = UNREAD;
      if (raw === undefined) {
        if ((await deps.conversations.release(lock)) === 0) return;
        continue; // a message arrived between the read and the release
      }
      const parsed = inboundMessageSchema.safeParse(raw);
      if (!parsed.success) {
        deps.logger.error(
          { conversationId, issues: parsed.error.issues.slice(0, 3) },
          'malformed mailbox entry dropped',
        );
        await dropHead(deps, lock, (raw as { id?: string }).id ?? '');
        continue;
      }
      const message = parsed.data;
      const transcript = message.content.type === 'audio' ? await readTranscript(deps, message) : undefined;
      if (message.content.type === 'audio' && transcript === undefined) {
        // Order is kept: everything after this audio waits for its transcript.
        await deps.transcribe.add(
          'transcribe',
          {
            conversationId,
            tenantId: message.tenantId,
            messageId: message.id,
            correlationId: message.correlationId,
          },
          { jobId: safeJobId(`t-${message.id}`) },
        );
        await deps.conversations.release(lock, { force: true, retryInMs: 60_000 });
        return;
      }
      const left = await handleOne(deps, lock, message, transcript, lastAttempt, stored);
      stored = undefined;
      dropOwnJob(deps, job, message.id);
      if (left === 0) return; // the commit released the lock
    }
  } catch (error) {
    if (error instanceof DelayedError) throw error;
    await deps.conversations.release(lock, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    stopRenewing();
  }
}

async function handleOne(
  deps: TurnWorkerDeps,
  lock: MailboxLock,
  message: InboundMessage,
  transcript: TranscriptRecord | undefined,
  lastAttempt: boolean,
  stored: StoredConversation | undefined,
): Promise<number> {
  const started = Date.now();
  const log = deps.logger.child({
    correlationId: message.correlationId,
    conversationId: message.conversationId,
    tenantId: message.tenantId,
  });
  if (deps.typingChannels?.includes(message.channel)) {
    await deps.outbox
      .send([outboundFor(message, 'typing', { kind: 'typing' })])
      .catch((error: unknown) => log.warn({ err: error }, 'typing indicator not queued'));
  }
  let handled;
  try {
    handled = await deps.handle(message, transcript, stored);
  } catch (error) {
    // A transient failure (Redis, PostgreSQL, a provider) is retried with backoff; a defect
    // would fail the same way every time, so it is answered at once instead of holding the
    // conversation through every retry.
    const transient = isTransient(error);
    if (transient && !lastAttempt) {
      await noteDelay(deps, message, log);
      throw error;
    }
    // Out of retries, or nothing to retry: the person still gets an answer, and the
    // conversation moves on.
    log.error(
      { err: error, transient },
      transient
        ? 'turn failed on its last attempt; answering with the generic error'
        : 'turn failed on a defect; answering with the generic error',
    );
    deps.onTurnError?.({ transient });
    const locale = (await deps.localeOf(message.tenantId).catch(() => undefined)) ?? 'pt-BR';
    handled = {
      replies: [outboundFor(message, 'error', { text: say(locale, 'general_error') })],
      state:
        (await deps.conversations.savedState(message.conversationId)) ??
        JSON.stringify({ v: 1, state: 'IDLE', since: new Date().toISOString(), turnCount: 0, recent: [] }),
      pending: { op: 'keep' as const },
      output: undefined,
    };
  }
  // Replies first, then the commit: a crash in between re-runs the turn, whose replies have the
  // same ids (the outbox and the senders drop them); the reverse order could lose a reply.
  await deps.outbox.send(handled.replies);
  const left = await deps.conversations.commit(
    lock,
    message.id,
    message.tenantId,
    { value: handled.state, ttlSec: PRODUCT.inactivityTtlSec },
    handled.pending,
  );
  if (message.content.type === 'audio') await deps.conversations.dropTranscript(message.id);
  if (handled.output) writeAudit(deps, message, handled.output.audit);
  if (handled.output?.summaryDue && deps.summaryDue) {
    // Background work: a summary that cannot be asked for now is asked for by a later turn.
    deps
      .summaryDue(message.tenantId, message.conversationId)
      .catch((error: unknown) => log.warn({ err: error }, 'conversation summary not requested'));
  }
  const audit = handled.output?.audit ?? [];
  deps.observe?.({ ms: Date.now() - started, events: audit.map((a) => a.event), audit });
  log.info(
    { intent: handled.output?.intent, replies: handled.replies.length, ms: Date.now() - started },
    'turn handled',
  );
  return left;
}

/**
 * The message has waited `PRODUCT.holdNoticeAfterMs` since Iris received it and its turn failed
 * again on something transient (a store or a provider away): the person is told the answer is
 * coming, once per message (later retries queue no second note), instead of silence until the
 * outage ends. Best effort: with Redis itself away, nothing can be queued.
 */
async function noteDelay(deps: TurnWorkerDeps, message: InboundMessage, log: Logger): Promise<void> {
  const waitedMs = Date.now() - Date.parse(message.receivedAt);
  if (!(waitedMs >= PRODUCT.holdNoticeAfterMs)) return;
  try {
    const locale = (await deps.localeOf(message.tenantId).catch(() => undefined)) ?? 'pt-BR';
    await deps.outbox.sendOnce(
      outboundFor(message, 'delayed', { text: say(locale, 'answer_delayed'), interim: true }),
    );
  } catch (error) {
    log.warn({ err: error }, 'delay note not queued');
  }
}

/**
 * A drain handles every message of its conversation, so a busy conversation's later messages
 * are often done before their own jobs run; those jobs would only find an empty or locked
 * mailbox. Dropping them as their messages are handled keeps the queue as long as the work
 * waiting, not as long as every message ever pushed (bench: a wait list growing by ~50 jobs/s
 * and seconds of queueing at saturation). A job already running is left alone (remove refuses).
 */
function dropOwnJob(deps: TurnWorkerDeps, job: Job, messageId: string): void {
  const own = safeJobId(messageId);
  if (!deps.turns || job.id === own) return;
  deps.turns
    .remove(own)
    .catch((error: unknown) => deps.logger.debug({ err: error }, 'handled job not removed'));
}

async function readTranscript(
  deps: TurnWorkerDeps,
  message: InboundMessage,
): Promise<TranscriptRecord | undefined> {
  return deps.conversations.transcript<TranscriptRecord>(message.id);
}

async function dropHead(deps: TurnWorkerDeps, lock: MailboxLock, id: string): Promise<void> {
  await deps.conversations.dropHead(lock);
  deps.logger.warn({ id }, 'mailbox head dropped');
}

/** Audit rows go to PostgreSQL after the reply is on its way; a failure is logged, never thrown. */
function writeAudit(deps: TurnWorkerDeps, message: InboundMessage, records: TurnHandlerOutputAudit): void {
  const at = new Date();
  const entries: AuditEntry[] = records.map((r) => ({
    ...r,
    tenantId: message.tenantId,
    conversationId: message.conversationId,
    correlationId: message.correlationId,
    at,
  }));
  deps.audit
    .write(entries)
    .catch((error: unknown) =>
      deps.logger.error(
        { err: error, correlationId: message.correlationId, events: entries.length },
        'audit write failed',
      ),
    );
}

type TurnHandlerOutputAudit = TurnOutput['audit'];
