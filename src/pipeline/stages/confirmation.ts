import { readConfirmation, type ConfirmationAnswer } from '../confirmation-words';
import type { Turn } from '../turn';
import type { Stage } from './stage';

/** A message sent this long before the proposal was made cannot be an answer to it (clock skew). */
const SKEW_MS = 2_000;

/**
 * Gate 4, the answer (seeds 000, 002, 003 §2.2): only an allowlisted word, or a press on the
 * prompt's own button, from the same person in the same conversation, within the TTL. A
 * confident new request supersedes the proposal (docs/specification.md#confirmation); anything else re-asks.
 */
export const confirmationAnswer: Stage = {
  name: 'confirmation_gate_answer',
  async run(t) {
    if (t.route !== 'confirmation') return 'continue';
    const pending = t.pending!;
    const content = t.input.content;
    let answer: ConfirmationAnswer =
      content.kind === 'button' ? content.answer : readConfirmation(t.text, t.input.tenant.locale);
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
      t.record('confirmation_confirmed', { nonce: pending.nonce, via: content.kind });
      t.confirmed = true;
      t.nonce = pending.nonce;
      t.entities = { ...pending.entities };
      t.then = pending.then;
      t.pendingWrite = { op: 'del' };
      t.lastProposal = undefined;
      t.sm.to('EXECUTING', 'confirmed');
      return 'continue';
    }
    if (answer === 'no') {
      await t.deps.ledger.cancel(pending.nonce, 'rejected');
      t.record('confirmation_rejected', { nonce: pending.nonce, via: content.kind });
      t.pendingWrite = { op: 'del' };
      t.lastProposal = undefined;
      t.sm.to('RESPONDING', 'rejected');
      t.reply(t.say('operation_cancelled'));
      return 'stop';
    }
    if (content.kind === 'text' && (await supersedes(t))) {
      await t.deps.ledger.cancel(pending.nonce, 'superseded');
      t.record('proposal_superseded', { nonce: pending.nonce });
      t.deps.logger.info({ nonce: pending.nonce }, 'previous proposal cancelled by a new request');
      t.pendingWrite = { op: 'del' };
      t.lastProposal = undefined;
      t.intent = undefined;
      t.sm.to('IDLE', 'superseded');
      t.sm.to('PROCESSING_INTENT', 'message');
      t.route = 'new';
      t.reply(t.say('previous_proposal_cancelled'));
      return 'continue';
    }
    t.record('confirmation_pending', { nonce: pending.nonce, reask: true });
    t.reply(t.say('confirm_reask'));
    return 'stop';
  },
};

/** A new request, understood with confidence, replaces the pending proposal. */
async function supersedes(t: Turn): Promise<boolean> {
  const understanding = await t.deps.engine.understand(t.text, t.scope, t.pack, t.typedText);
  const known = understanding.intent !== 'UNKNOWN' && understanding.intent !== 'GENERAL_QUESTION';
  if (!known || understanding.confidence < t.limits.intentConfidenceThreshold) return false;
  t.understanding = understanding;
  return true;
}
