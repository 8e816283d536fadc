import type { Understanding } from '../../core/understanding';
import type { ConfirmationAnswer } from '../confirmation-words';
import type { PendingConfirmation } from '../conversation';
import { STOP, toolFor, type Confirmed, type Said, type Stop } from '../request';
import type { Turn } from '../turn';
import { compensate } from './compensate';

/** A message sent this long before the proposal was made cannot be an answer to it (clock skew). */
const SKEW_MS = 2_000;

/** A confident new request sent while a proposal waited: it replaces the proposal. */
export interface Superseded {
  kind: 'superseded';
  said: Said;
  understanding: Understanding;
}

/**
 * Gate 4, the answer (docs/specification.md#confirmation): only an allowlisted word, or a press on the
 * prompt's own button, from the same person in the same conversation, within the TTL. A
 * confident new request supersedes the proposal (docs/specification.md#confirmation); anything else re-asks.
 */
export async function confirmationAnswer(
  t: Turn,
  pending: PendingConfirmation,
  heard: ConfirmationAnswer,
  said: Said | undefined,
): Promise<Confirmed | Superseded | Stop> {
  let answer = heard;
  const via = said ? 'text' : 'button';
  // A backlog delivered after downtime: sent before the proposal, or older than the TTL.
  const sentAt = t.input.sentAt.getTime();
  const tooOld = t.input.now.getTime() - sentAt > t.limits.confirmationTtlSec * 1000;
  if (answer !== 'other' && (sentAt < Date.parse(pending.proposedAt) - SKEW_MS || tooOld)) {
    t.record('confirmation_backlog_ignored', {
      nonce: pending.nonce,
      sentAt: t.input.sentAt.toISOString(),
    });
    answer = 'other';
  }
  t.intent = pending.intent;

  if (answer === 'yes') {
    t.record('confirmation_confirmed', { nonce: pending.nonce, via });
    t.pendingWrite = { op: 'del' };
    t.lastProposal = undefined;
    t.sm.to('EXECUTING', 'confirmed');
    const tool = toolFor(t.pack, pending.intent);
    if (!tool || tool.name !== pending.tool) return unknownTool(t, pending);
    return {
      intent: pending.intent,
      tool,
      entities: { ...pending.entities },
      params: pending.params,
      nonce: pending.nonce,
      ...(pending.then ? { then: pending.then } : {}),
      ...(pending.flow ? { flow: pending.flow } : {}),
    };
  }
  if (answer === 'no') {
    await t.deps.ledger.cancel(pending.nonce, 'rejected');
    t.record('confirmation_rejected', { nonce: pending.nonce, via });
    t.pendingWrite = { op: 'del' };
    t.lastProposal = undefined;
    t.sm.to('RESPONDING', 'rejected');
    t.reply(t.say('operation_cancelled'));
    await undoStoppedFlow(t, pending);
    return STOP;
  }
  const understanding = said && (await newRequest(t, said));
  if (said && understanding) {
    await t.deps.ledger.cancel(pending.nonce, 'superseded');
    t.record('proposal_superseded', { nonce: pending.nonce });
    t.deps.logger.info({ nonce: pending.nonce }, 'previous proposal cancelled by a new request');
    t.pendingWrite = { op: 'del' };
    t.lastProposal = undefined;
    t.intent = undefined;
    t.sm.to('IDLE', 'superseded');
    t.sm.to('PROCESSING_INTENT', 'message');
    t.reply(t.say('previous_proposal_cancelled'));
    await undoStoppedFlow(t, pending);
    return { kind: 'superseded', said, understanding };
  }
  t.record('confirmation_pending', { nonce: pending.nonce, reask: true });
  t.reply(t.say('confirm_reask'));
  return STOP;
}

/**
 * The person stopped a multi-step action before its end: what its confirmed steps did is undone
 * when the pack says it must not stay alone (a booking held for its fee), as a failed step's is.
 */
async function undoStoppedFlow(t: Turn, pending: PendingConfirmation): Promise<void> {
  const flow = pending.flow;
  if (!flow || flow.done.length === 0 || !t.pack.flow?.undoWhenStopped?.(flow.done)) return;
  t.record('flow_stopped', { flow: flow.id, step: flow.step, of: flow.total });
  await compensate(t, flow, 'stopped');
}

/** A new request, understood with confidence, replaces the pending proposal. */
async function newRequest(t: Turn, said: Said): Promise<Understanding | undefined> {
  const understanding = await t.deps.engine.understand(said.text, t.scope, t.pack, said.typed);
  const known = understanding.intent !== 'UNKNOWN' && understanding.intent !== 'GENERAL_QUESTION';
  return known && understanding.confidence >= t.limits.intentConfidenceThreshold ? understanding : undefined;
}

/** The proposal names a tool the pack no longer leads its intent to (a deploy in between). */
function unknownTool(t: Turn, pending: PendingConfirmation): Stop {
  t.record('tool_execution_blocked', { tool: pending.tool, reasons: ['unknown_intent_or_tool'] });
  t.deps.logger.warn({ tool: pending.tool }, 'confirmed proposal names a tool its intent no longer has');
  t.reply(t.say('general_error'));
  return STOP;
}
