import { readConfirmation } from '../confirmation-words';
import type { Stage } from './stage';
import { askAgain } from './clarify';

/**
 * Clarify, patch mode (docs/finance.md): while a draft waits for values, the next reply is read only
 * for the fields that were asked and patches the draft; the pipeline does not restart. A
 * confident new request replaces the draft; "não"/"cancela" drops it; anything else re-asks.
 */
export const patchDraft: Stage = {
  name: 'clarify_patch',
  async run(t) {
    if (t.route !== 'clarification' || !t.draft) return 'continue';
    const draft = t.draft;
    if (readConfirmation(t.text, t.input.tenant.locale) === 'no') {
      t.intent = draft.intent;
      t.draft = undefined;
      t.record('clarification_cancelled');
      t.reply(t.say('operation_cancelled'));
      return 'stop';
    }
    const patch = t.pack.understander.readPatch(t.text, {
      expected: draft.missing,
      locale: t.input.tenant.locale,
      now: t.input.sentAt,
      timeZone: t.input.tenant.timeZone,
    });
    const found = Object.keys(patch.entities).filter((field) => draft.missing.includes(field));
    if (found.length === 0 && !(patch.conflicts ?? []).length) {
      const understanding = await t.deps.engine.understand(t.text, t.scope, t.pack, t.typedText);
      if (
        understanding.intent !== 'UNKNOWN' &&
        understanding.confidence >= t.limits.intentConfidenceThreshold
      ) {
        t.record('clarification_abandoned', { for: understanding.intent });
        t.draft = undefined;
        t.understanding = understanding;
        t.route = 'new';
        return 'continue';
      }
      t.intent = draft.intent;
      t.record('clarification_unanswered', { missing: draft.missing });
      return askAgain(t, draft.missing);
    }
    t.intent = draft.intent;
    t.entities = { ...draft.entities };
    for (const field of found) t.entities[field] = patch.entities[field]!;
    t.conflicts = patch.conflicts ?? [];
    t.then = draft.then;
    t.draft = undefined;
    t.record('clarification_patched', { fields: found });
    return 'continue';
  },
};
