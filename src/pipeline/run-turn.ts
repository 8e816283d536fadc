import type { ConversationState } from './conversation';
import { classify } from './stages/classify';
import { clarify } from './stages/clarify';
import { confirmationAnswer } from './stages/confirmation';
import { execute } from './stages/execute';
import { gate1Input } from './stages/gate1-input';
import { guard } from './stages/guard';
import { lateMessage } from './stages/late-message';
import { patchDraft } from './stages/patch';
import { propose } from './stages/propose';
import { respond } from './stages/respond';
import { router } from './stages/router';
import type { Stage } from './stages/stage';
import { validate } from './stages/validate';
import type { ConversationStatus } from './state-machine';
import { Turn, type PipelineDeps, type TurnInput, type TurnOutput } from './turn';

/**
 * The gated pipeline, in its fixed order. Every stage runs until one stops the turn with its
 * reply; a stage that does not apply to the turn's route says so and passes, so no gate can be
 * skipped by taking another path.
 */
export const STAGES: readonly Stage[] = [
  gate1Input, // Gate 1
  lateMessage,
  router,
  confirmationAnswer, // Gate 4 (answer)
  patchDraft, // clarify, patch mode
  classify, // Gate 2 (+ entity extraction)
  validate, // Gate 3
  clarify,
  propose, // Gate 4 (proposal)
  guard, // Gate 5
  execute,
  respond,
];

/** Runs one message through the pipeline: pure with respect to Redis (the caller commits). */
export async function runTurn(input: TurnInput, deps: PipelineDeps): Promise<TurnOutput> {
  const t = new Turn(input, deps);
  expireStaleState(t);
  if (t.sm.state === 'IDLE' || t.sm.state === 'AWAITING_INPUT') t.sm.to('PROCESSING_INTENT', 'message');
  const trail: string[] = [];
  for (const stage of STAGES) {
    const outcome = await stage.run(t);
    trail.push(`${stage.name}:${outcome}`);
    if (outcome === 'stop') break;
  }
  deps.logger.debug({ trail, intent: t.intent }, 'turn stages');
  return {
    replies: t.replies,
    state: nextState(t),
    pending: t.pendingWrite,
    audit: t.audit,
    ...(t.intent ? { intent: t.intent } : {}),
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
  const userText = t.input.content.kind === 'button' ? `[${t.input.content.answer}]` : t.text;
  const recent = [
    ...t.state.recent,
    { role: 'user' as const, text: userText, at: now },
    ...t.replies.map((r) => ({ role: 'assistant' as const, text: r.text, at: now })),
  ].slice(-t.limits.recentMessagesKept);
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
    ...(t.lateNoticeAt ? { lateNoticeAt: t.lateNoticeAt } : {}),
    recent,
    lastCorrelationId: t.input.correlationId,
  };
}
