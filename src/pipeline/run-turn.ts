import type { ConversationState } from './conversation';
import { routeTurn } from './routes';
import { offerProposedMemory } from './stages/memory-proposal';
import type { ConversationStatus } from './state-machine';
import { Turn, type PipelineDeps, type TurnInput, type TurnOutput } from './turn';

/** Runs one message through the pipeline: pure with respect to Redis (the caller commits). */
export async function runTurn(input: TurnInput, deps: PipelineDeps): Promise<TurnOutput> {
  const t = new Turn(input, deps);
  expireStaleState(t);
  if (t.sm.state === 'IDLE' || t.sm.state === 'AWAITING_INPUT') t.sm.to('PROCESSING_INTENT', 'message');
  await routeTurn(t);
  await offerProposedMemory(t);
  deps.logger.debug({ trail: t.trail, intent: t.intent }, 'turn steps');
  const state = nextState(t);
  return {
    replies: t.replies,
    state,
    pending: t.pendingWrite,
    audit: t.audit,
    trail: t.trail,
    ...(t.intent ? { intent: t.intent } : {}),
    ...((state.earlier?.length ?? 0) >= t.limits.summarizeAfterMessages ? { summaryDue: true } : {}),
  };
}

/** Timeouts of docs/specification.md#state-machines, applied when the conversation is next touched. */
function expireStaleState(t: Turn): void {
  const state = t.sm.state;
  if (t.input.pending && !t.pending) t.pendingWrite = { op: 'del' }; // its key outlived expiresAt
  if (state === 'TOOL_PROPOSED' && !t.pending) t.sm.to('IDLE', 'timeout');
  else if (
    state === 'AWAITING_INPUT' &&
    Date.parse(t.state.since) + t.limits.inactivityTtlSec * 1000 < t.input.now.getTime()
  ) {
    t.sm.to('IDLE', 'timeout');
    t.draft = undefined;
  } else if (state === 'PROCESSING_INTENT' || state === 'EXECUTING' || state === 'RESPONDING') {
    // A turn died mid-way (the state is saved only between turns, so this is a corrupt save).
    t.deps.logger.warn({ state }, 'conversation found in a busy state; reset to IDLE');
    t.sm.to(state === 'RESPONDING' ? 'IDLE' : 'RESPONDING', 'recovered');
    if (t.sm.state === 'RESPONDING') t.sm.to('IDLE', 'recovered');
  }
}

/** The state saved for the next turn; the state machine checks each step of the way there. */
function nextState(t: Turn): ConversationState {
  const target: ConversationStatus =
    t.pendingWrite.op === 'set' || (t.pending && t.pendingWrite.op === 'keep')
      ? 'TOOL_PROPOSED'
      : t.draft
        ? 'AWAITING_INPUT'
        : 'IDLE';
  const path: Record<ConversationStatus, ConversationStatus[]> = {
    TOOL_PROPOSED: ['TOOL_PROPOSED'],
    AWAITING_INPUT: ['AWAITING_INPUT'],
    IDLE: ['RESPONDING', 'IDLE'],
    PROCESSING_INTENT: [],
    EXECUTING: [],
    RESPONDING: [],
  };
  for (const step of path[target])
    if (t.sm.state !== step) t.sm.to(step, step === 'IDLE' ? 'responded' : 'turn_end');
  const now = t.input.now.toISOString();
  const all = [
    ...t.state.recent,
    { role: 'user' as const, text: t.heard, at: now },
    ...t.replies.map((r) => ({ role: 'assistant' as const, text: r.text, at: now })),
  ];
  const recent = all.slice(-t.limits.recentMessagesKept);
  const earlier = waitingForSummary(t, all.slice(0, Math.max(0, all.length - recent.length)));
  return {
    v: 1,
    state: target,
    // A state is (re-)entered when the turn moved the machine: a clarification answered with
    // another question is a new AWAITING_INPUT, so its inactivity TTL counts from this message.
    // Only a turn that moved nothing (a re-asked confirmation) keeps the old time.
    since: t.sm.history.some((r) => r.accepted) ? now : t.state.since,
    turnCount: t.state.turnCount + 1,
    ...(t.intent ? { lastIntent: t.intent } : t.state.lastIntent ? { lastIntent: t.state.lastIntent } : {}),
    ...(target === 'AWAITING_INPUT' && t.draft ? { draft: t.draft } : {}),
    ...(t.lastProposal ? { lastProposal: t.lastProposal } : {}),
    ...(t.redoOffer ? { redoOffer: t.redoOffer } : {}),
    ...(t.memoryOffer ? { memoryOffer: t.memoryOffer } : {}),
    ...(t.sectionsOffer ? { sectionsOffer: t.sectionsOffer } : {}),
    ...(t.lateNoticeAt ? { lateNoticeAt: t.lateNoticeAt } : {}),
    recent,
    ...(t.state.summary ? { summary: t.state.summary } : {}),
    ...(earlier.length > 0 ? { earlier } : {}),
    lastCorrelationId: t.input.correlationId,
  };
}

/**
 * The person's messages waiting for the summary job: those already waiting and those that just
 * left the recent window, newest kept when the job has fallen behind. A tenant whose AI is off
 * keeps none: nobody would summarize them.
 */
function waitingForSummary(
  t: Turn,
  left: ReadonlyArray<{ role: 'user' | 'assistant'; text: string; at: string }>,
): Array<{ text: string; at: string }> {
  const ai = t.input.tenant.ai;
  if (!ai.enabled || ai.mode === 'offline') return [];
  const waiting = [
    ...(t.state.earlier ?? []),
    ...left.filter((m) => m.role === 'user').map((m) => ({ text: m.text, at: m.at })),
  ];
  return waiting.slice(-t.limits.summaryBacklogMax);
}
