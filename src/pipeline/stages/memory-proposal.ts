import type { Turn } from '../turn';

/**
 * A memory the model proposed while reading the message (seed 003 §5.2), offered after the
 * turn's reply as a question of its own — "Posso guardar esta preferência sua: "…"?" — that the
 * very next message answers. Offered only when it cannot be mistaken for anything else and the
 * person already allowed memories:
 *
 * - no proposal waits and none was made this turn, no question was asked (a draft), no other
 *   offer is open: its "sim" must not be able to mean anything else;
 * - the person said yes to memories before (never asked, or refused: nothing is offered);
 * - the description passes the same screen as a memory asked for (no personal data, nothing
 *   that reads as an instruction), and no active memory already says it.
 */
export async function offerProposedMemory(t: Turn): Promise<void> {
  const proposal = t.memoryProposal;
  const memories = t.deps.memories;
  if (!proposal || !memories) return;
  const busy =
    t.pendingWrite.op === 'set' ||
    (t.pending !== undefined && t.pendingWrite.op === 'keep') ||
    t.draft !== undefined ||
    t.memoryOffer !== undefined ||
    t.redoOffer !== undefined;
  const tenantId = t.scope.tenant.id;
  const userId = t.scope.user.id;
  const refusal = memories.screen(proposal.description);
  const skip = busy
    ? 'busy'
    : refusal
      ? refusal
      : (await memories.consent(tenantId, userId)) !== true
        ? 'no_consent'
        : (await memories.knows(tenantId, userId, proposal.description))
          ? 'known'
          : undefined;
  if (skip) {
    t.record('memory_proposal_skipped', { reason: skip });
    return;
  }
  t.memoryOffer = {
    description: proposal.description,
    until: new Date(t.input.now.getTime() + t.limits.confirmationTtlSec * 1000).toISOString(),
    proposed: proposal,
  };
  t.record('memory_proposed', { type: proposal.type, confidence: proposal.confidence });
  t.reply(t.say('memory_proposal_question', { description: proposal.description }));
}
