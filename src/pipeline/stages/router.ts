import { readConfirmation, type ConfirmationAnswer } from '../confirmation-words';
import { readMemoryCommand } from '../memory-words';
import type { MemoryStep } from './memory';
import type { Draft, PendingConfirmation } from '../conversation';
import type { KnowledgeSuggestion } from '../ports';
import { readSectionChoice } from '../section-choice';
import { STOP, type ButtonPress, type Request, type Said, type Stop } from '../request';
import type { Turn } from '../turn';

/** Where a message goes; decided once, by the router, from the conversation it arrives in. */
export type Route =
  /** An answer (word or button) while a proposal waits: the confirmation gate. */
  | { kind: 'confirmation'; pending: PendingConfirmation; answer: ConfirmationAnswer; said?: Said }
  /** A reply while a draft waits for values: patch mode. */
  | { kind: 'clarification'; draft: Draft; answer: ConfirmationAnswer; said: Said }
  /** A yes to "Deseja que eu refaça?": the expired proposal's request, proposed again. */
  | { kind: 'redo'; request: Request; said: Said }
  /** "lembra que…", "o que você lembra de mim?", or the answer to "Posso guardar…?". */
  | { kind: 'memory'; step: MemoryStep }
  /** "2" after the documents' closest sections were offered: that section's passage. */
  | { kind: 'section'; section: KnowledgeSuggestion }
  | { kind: 'new'; said: Said };

/**
 * The router (docs/finance.md): a memory command ("lembra que…") goes to the memory step, which
 * leaves any proposal or draft as it is; a pending confirmation goes to the confirmation gate; a
 * pending clarification goes to patch mode; anything else is a new request. Answers that refer to a
 * proposal that is gone (expired, used, foreign) get the specification's expiry sentence. The
 * confirmation words are read here, once, and handed to the route.
 */
export async function router(t: Turn, message: Said | ButtonPress): Promise<Route | Stop> {
  const pending = t.pending;
  // The redo offer ("Deseja que eu refaça?") answers only the very next message: once the
  // person moves on, a later "ok" or "sim" (to something else) must not bring it back.
  const offer = t.redoOffer;
  t.redoOffer = undefined;
  // So does the consent question ("Posso guardar…?"), whatever the next message is.
  const memoryOffer = t.memoryOffer;
  t.memoryOffer = undefined;
  // And the sections offered when no passage answered: "2" picks one only right after.
  const sectionsOffer = t.sectionsOffer;
  t.sectionsOffer = undefined;
  if (message.kind === 'button') {
    if (pending && pending.nonce === message.nonce)
      return { kind: 'confirmation', pending, answer: message.answer };
    return buttonOfAnotherProposal(t, message.nonce);
  }
  const memory = t.deps.memories ? readMemoryCommand(message.text, t.input.tenant.locale) : undefined;
  if (memory) return { kind: 'memory', step: memory };
  const answer = readConfirmation(message.text, t.input.tenant.locale);
  if (pending) return { kind: 'confirmation', pending, answer, said: message };
  if (memoryOffer && memoryOffer.until > t.input.now.toISOString() && answer !== 'other')
    return {
      kind: 'memory',
      step: memoryOffer.proposed
        ? { kind: 'proposal', answer, proposed: memoryOffer.proposed }
        : { kind: 'consent', answer, description: memoryOffer.description },
    };
  if (offer && offer.until > t.input.now.toISOString() && answer !== 'other') {
    if (answer === 'no') {
      t.record('redo_declined');
      t.reply(t.say('operation_cancelled'));
      return STOP;
    }
    // A yes to "Deseja que eu refaça?" proposes again, with a new nonce; it never executes.
    t.intent = offer.intent;
    t.record('redo_accepted');
    return {
      kind: 'redo',
      request: {
        intent: offer.intent,
        entities: { ...offer.entities },
        conflicts: [],
        ...(offer.then ? { then: offer.then } : {}),
      },
      said: message,
    };
  }
  // A draft's question comes first: a "3" may be the day it asked for.
  if (t.draft) return { kind: 'clarification', draft: t.draft, answer, said: message };
  if (sectionsOffer && sectionsOffer.until > t.input.now.toISOString()) {
    const picked = readSectionChoice(message.text, t.input.tenant.locale);
    const section = picked === undefined ? undefined : sectionsOffer.sections[picked - 1];
    if (section) return { kind: 'section', section };
  }
  if (answer !== 'other') {
    if (t.lastProposal && t.lastProposal.expiresAt <= t.input.now.toISOString())
      return proposalGone(t, t.lastProposal.nonce);
    t.record('confirmation_without_proposal', { answer });
    t.reply(t.say('nothing_pending'));
    return STOP;
  }
  return { kind: 'new', said: message };
}

/**
 * A button of a proposal that is not the pending one: say what became of it (already
 * confirmed, already cancelled, not this person's), or that it expired (with the offer to redo
 * it). Never executes anything.
 */
async function buttonOfAnotherProposal(t: Turn, nonce: string): Promise<Stop> {
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
  return STOP;
}

/**
 * "A proposta de ação expirou. Deseja que eu refaça?": for an answer to a proposal that
 * expired, or a button whose nonce is stale, used or not this conversation's. Never executes.
 * When it was this conversation's own expired proposal, a "sim" next proposes it again.
 */
async function proposalGone(t: Turn, nonce: string): Promise<Stop> {
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
  return STOP;
}
