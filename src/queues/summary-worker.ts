import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { parseState, type ConversationState } from '../pipeline/conversation';
import type { ConversationStore } from '../stores/conversation-store';
import { QUEUES } from './names';

/** A summary job: which conversation, and once written, the summary and what it covers. */
export interface SummaryJobData {
  tenantId: string;
  conversationId: string;
  /** Kept on the job once the model answered, so a retry (the conversation was busy) does not ask again. */
  written?: { text: string; covers: number; lastAt: string; lastText: string };
}

export interface SummaryWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  conversations: ConversationStore;
  /** The new summary from the previous one and the person's messages; undefined: the tenant is gone. */
  summarize: (
    tenantId: string,
    previous: string | undefined,
    messages: readonly string[],
    now: Date,
  ) => Promise<string | undefined>;
  logger: Logger;
  /** Default 2: summaries are background work, turns come first. */
  concurrency?: number;
}

/** A turn holds the conversation, or saved a newer state: try again (BullMQ's backoff). */
class ConversationBusy extends Error {
  constructor(conversationId: string, outcome: string) {
    super(`conversation ${conversationId} ${outcome}; summary applied on a later attempt`);
    this.name = 'ConversationBusy';
  }
}

/** Attempts while a busy conversation keeps its lock: 0.5 s doubling, about 4 minutes in all. */
const ATTEMPTS = 10;

/** Asks for a conversation's summary; one job per conversation at a time (its id). */
export async function requestSummary(queue: Queue, tenantId: string, conversationId: string): Promise<void> {
  await queue.add('summarize', { tenantId, conversationId } satisfies SummaryJobData, {
    jobId: `summary-${conversationId}`,
    attempts: ATTEMPTS,
    backoff: { type: 'exponential', delay: 500 },
    removeOnComplete: true,
    removeOnFail: true,
  });
}

/**
 * Folds the person's messages waiting in a conversation's state (`earlier`) into its summary
 * (docs/gemini.md "Conversation summaries"). The model is asked once per job; the result is
 * written with `replaceStateIfIdle`, only while no turn holds the conversation and only over
 * the state it was computed from, so a turn and the job never overwrite each other. Messages
 * that arrived meanwhile stay waiting for the next summary.
 */
export function startSummaryWorker(deps: SummaryWorkerDeps): Worker<SummaryJobData> {
  const worker = new Worker<SummaryJobData>(QUEUES.summaries, (job) => summarizeConversation(deps, job), {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: deps.concurrency ?? 2,
  });
  worker.on('failed', (job, error) => {
    const last = (job?.attemptsMade ?? 0) >= ATTEMPTS;
    if (error instanceof ConversationBusy && !last) return;
    deps.logger.warn(
      { err: error, conversationId: job?.data.conversationId },
      'conversation summary not saved',
    );
  });
  worker.on('error', (error) => deps.logger.warn({ err: error }, 'summary worker error (retrying)'));
  return worker;
}

async function summarizeConversation(deps: SummaryWorkerDeps, job: Job<SummaryJobData>): Promise<string> {
  const { tenantId, conversationId } = job.data;
  const raw = await deps.conversations.savedState(conversationId);
  if (raw === null) return 'gone';
  const state = parseState(raw, new Date(), () => undefined);
  const waiting = state.earlier ?? [];
  let written = job.data.written;
  if (!written) {
    if (waiting.length === 0) return 'nothing waiting';
    const text = await deps.summarize(
      tenantId,
      state.summary,
      waiting.map((m) => m.text),
      new Date(),
    );
    if (text === undefined) return 'tenant gone';
    const last = waiting[waiting.length - 1]!;
    written = { text, covers: waiting.length, lastAt: last.at, lastText: last.text };
    await job.updateData({ ...job.data, written });
  }
  // The messages summarized must still be the first ones waiting (none dropped meanwhile).
  const covered = waiting[written.covers - 1];
  if (!covered || covered.at !== written.lastAt || covered.text !== written.lastText) return 'superseded';
  const rest = waiting.slice(written.covers);
  const { earlier: _covered, ...others } = state;
  const next: ConversationState = {
    ...others,
    summary: written.text,
    ...(rest.length > 0 ? { earlier: rest } : {}),
  };
  const outcome = await deps.conversations.replaceStateIfIdle(conversationId, raw, JSON.stringify(next));
  if (outcome === 'busy' || outcome === 'changed') throw new ConversationBusy(conversationId, outcome);
  deps.logger.info({ conversationId, covers: written.covers, outcome }, 'conversation summary saved');
  return outcome;
}
