import type { MemoryProposal } from '../../core/understanding';
import type { MemoryCommand } from '../memory-words';
import { STOP, type Stop } from '../request';
import type { Turn } from '../turn';

/** A memory command, or the answer to "Posso guardar…?" (the very next message). */
export type MemoryStep =
  | MemoryCommand
  | { kind: 'consent'; answer: 'yes' | 'no'; description: string }
  | { kind: 'proposal'; answer: 'yes' | 'no'; proposed: MemoryProposal };

/**
 * What the person asks of Iris's memory of them (seed 003 §5; README "Memory"). Consent first
 * (§5.6): the first time, Iris asks before keeping anything, and the answer is kept ("pare de
 * lembrar" withdraws it, "pode lembrar" gives it). A memory is what the person asked for in so
 * many words, never personal data (CPF, phone, e-mail… refused, not scrubbed) nor an instruction
 * for an assistant. Nothing here touches money, a proposal or a draft: a proposal waiting keeps
 * waiting, and "Posso guardar…?" is never asked while one waits (its "sim" must stay the
 * proposal's).
 */
export async function memoryCommand(t: Turn, step: MemoryStep): Promise<Stop> {
  const memories = t.deps.memories!;
  const tenantId = t.scope.tenant.id;
  const userId = t.scope.user.id;
  const now = t.input.now;
  switch (step.kind) {
    case 'remember': {
      const refusal = memories.screen(step.description);
      if (refusal) {
        t.record('memory_refused', { reason: refusal });
        t.reply(t.say(refusal));
        return STOP;
      }
      const consent = await memories.consent(tenantId, userId);
      if (consent === false) {
        t.reply(t.say('memory_disabled'));
        return STOP;
      }
      if (consent === undefined) {
        if (t.pending) {
          t.reply(t.say('memory_after_proposal'));
          return STOP;
        }
        t.memoryOffer = {
          description: step.description,
          until: new Date(now.getTime() + t.limits.confirmationTtlSec * 1000).toISOString(),
        };
        t.record('memory_consent_asked');
        t.reply(t.say('memory_consent_question'));
        return STOP;
      }
      return remember(t, step.description);
    }
    case 'consent': {
      await memories.setConsent(tenantId, userId, step.answer === 'yes', now);
      t.record('memory_consent', { given: step.answer === 'yes' });
      if (step.answer === 'no') {
        t.reply(t.say('memory_consent_refused'));
        return STOP;
      }
      return remember(t, step.description);
    }
    case 'proposal': {
      // A model's proposal, offered only to someone who allowed memories: a no declines this one
      // memory, not memory itself.
      t.record('memory_proposal_answered', { accepted: step.answer === 'yes' });
      if (step.answer === 'no') {
        t.reply(t.say('memory_proposal_declined'));
        return STOP;
      }
      return remember(t, step.proposed.description, step.proposed);
    }
    case 'allow':
      await memories.setConsent(tenantId, userId, true, now);
      t.record('memory_consent', { given: true });
      t.reply(t.say('memory_allowed'));
      return STOP;
    case 'list': {
      const kept = await memories.list(tenantId, userId);
      t.record('memory_listed', { count: kept.length });
      t.reply(
        kept.length === 0
          ? t.say('memory_list_empty')
          : t.say('memory_list', { items: kept.map((m) => `• ${m.description}`).join('\n') }),
      );
      return STOP;
    }
    case 'forget': {
      const forgotten = await memories.forget(tenantId, userId, step.about);
      t.record('memory_forgotten', { found: forgotten !== undefined });
      t.reply(forgotten ? t.say('memory_forgotten', { description: forgotten }) : t.say('memory_not_found'));
      return STOP;
    }
    case 'forget_all': {
      const count = await memories.forgetAll(tenantId, userId);
      t.record('memory_forgotten', { all: true, count });
      t.reply(t.say('memory_forgot_all'));
      return STOP;
    }
    case 'stop': {
      const count = await memories.forgetAll(tenantId, userId);
      await memories.setConsent(tenantId, userId, false, now);
      t.record('memory_consent', { given: false, forgotten: count });
      t.reply(t.say('memory_stopped'));
      return STOP;
    }
  }
}

async function remember(t: Turn, description: string, proposed?: MemoryProposal): Promise<Stop> {
  const kept = await t.deps.memories!.remember(
    t.scope.tenant.id,
    t.scope.user.id,
    description,
    t.input.now,
    proposed,
  );
  t.record('memory_kept', { outcome: kept.outcome });
  const key =
    kept.outcome === 'saved'
      ? 'memory_saved'
      : kept.outcome === 'reinforced'
        ? 'memory_reinforced'
        : 'memory_full';
  t.reply(t.say(key, { description: kept.description }));
  return STOP;
}
