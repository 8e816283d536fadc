import { readConfirmation } from '../confirmation-words';
import type { Turn } from '../turn';
import type { Stage } from './stage';

/**
 * The router (docs/finance.md): a pending confirmation goes to the confirmation gate; a pending
 * clarification goes to patch mode; anything else is a new request. Answers that refer to a
 * proposal that is gone (expired, used, foreign) get the specification's expiry sentence.
 */
export const router: Stage = {
  name: 'router',
  async run(t) {
    const content = t.input.content;
    const pending = t.pending;
    // The redo offer ("Deseja que eu refaça?") answers only the very next message: once the
    // person moves on, a later "ok" or "sim" (to something else) must not bring it back.
    const offer = t.redoOffer;
    t.redoOffer = undefined;
    if (content.kind === 'button') {
      if (pending && pending.nonce === content.nonce) {
        t.route = 'confirmation';
        return 'continue';
      }
      return buttonOfAnotherProposal(t, content.nonce);
    }
    if (pending) {
      t.route = 'confirmation';
      return 'continue';
    }
    const answer = readConfirmation(t.text, t.input.tenant.locale);
    if (offer && offer.until > t.input.now.toISOString() && answer !== 'other') {
      if (answer === 'no') {
        t.record('redo_declined');
        t.reply(t.say('operation_cancelled'));
        return 'stop';
      }
      // A yes to "Deseja que eu refaça?" proposes again, with a new nonce; it never executes.
      t.route = 'redo';
      t.intent = offer.intent;
      t.entities = { ...offer.entities };
      t.then = offer.then;
      t.record('redo_accepted');
      return 'continue';
    }
    if (t.draft) {
      t.route = 'clarification';
      return 'continue';
    }
    if (answer !== 'other') {
      if (t.lastProposal && t.lastProposal.expiresAt <= t.input.now.toISOString())
        return proposalGone(t, t.lastProposal.nonce);
      t.record('confirmation_without_proposal', { answer });
      t.reply(t.say('nothing_pending'));
      return 'stop';
    }
    t.route = 'new';
    return 'continue';
  },
};

/**
 * A button of a proposal that is not the pending one: say what became of it (already
 * confirmed, already cancelled, not this person's), or that it expired (with the offer to redo
 * it). Never executes anything.
 */
async function buttonOfAnotherProposal(t: Turn, nonce: string): Promise<'stop'> {
  const outcome = await t.deps.ledger.outcomeOf(
    nonce,
    { tenantId: t.input.tenant.id, conversationId: t.input.conversationId, userId: t.input.user.id },
    t.input.now,
  );
  const key =
    outcome === 'confirmed'
      ? 'proposal_already_confirmed'
      : outcome === 'cancelled'
        ? 'proposal_already_cancelled'
        : outcome === 'not_yours'
          ? 'proposal_not_yours'
          : undefined;
  if (key === undefined) return proposalGone(t, nonce);
  t.record('confirmation_button_stale', { nonce, outcome });
  t.reply(t.say(key));
  return 'stop';
}

/**
 * "A proposta de ação expirou. Deseja que eu refaça?": for an answer to a proposal that
 * expired, or a button whose nonce is stale, used or not this conversation's. Never executes.
 * When it was this conversation's own expired proposal, a "sim" next proposes it again.
 */
async function proposalGone(t: Turn, nonce: string): Promise<'stop'> {
  const last = t.lastProposal;
  if (last && last.nonce === nonce && last.expiresAt <= t.input.now.toISOString()) {
    await t.deps.ledger.cancel(nonce, 'expired');
    t.redoOffer = {
      intent: last.intent,
      entities: last.entities,
      until: new Date(t.input.now.getTime() + t.limits.confirmationTtlSec * 1000).toISOString(),
      ...(last.then ? { then: last.then } : {}),
    };
    t.lastProposal = undefined;
  }
  t.record('confirmation_expired', { nonce });
  t.reply(t.say('confirmation_expired'));
  return 'stop';
}
