import type { Understanding } from '../../core/understanding';
import type { ConfirmationAnswer } from '../confirmation-words';
import type { Draft } from '../conversation';
import { STOP, type Request, type Said, type Stop } from '../request';
import type { Turn } from '../turn';
import { askAgain } from './clarify';

/** A confident new request sent while a draft waited: the draft is dropped for it. */
export interface Abandoned {
  kind: 'abandoned';
  understanding: Understanding;
}

/**
 * Clarify, patch mode (docs/finance.md): while a draft waits for values, the next reply is read only
 * for the fields that were asked and patches the draft; the pipeline does not restart. A
 * confident new request replaces the draft; "não"/"cancela" drops it; anything else re-asks.
 */
export async function patchDraft(
  t: Turn,
  draft: Draft,
  answer: ConfirmationAnswer,
  said: Said,
): Promise<Request | Abandoned | Stop> {
  if (answer === 'no') {
    t.intent = draft.intent;
    t.draft = undefined;
    t.record('clarification_cancelled');
    t.reply(t.say('operation_cancelled'));
    return STOP;
  }
  // A field asked with its companions ("16 às 20" for a window): the reply may give them all.
  const expected = [
    ...new Set([
      ...draft.missing,
      ...(t.pack.askedTogether ?? []).filter((group) => group.some((f) => draft.missing.includes(f))).flat(),
    ]),
  ];
  const patch = t.pack.understander.readPatch(said.text, {
    expected,
    locale: t.input.tenant.locale,
    now: t.input.sentAt,
    timeZone: t.input.tenant.timeZone,
  });
  const found = Object.keys(patch.entities).filter((field) => expected.includes(field));
  if (found.length === 0 && !(patch.conflicts ?? []).length) {
    const understanding = await t.deps.engine.understand(said.text, t.scope, t.pack, said.typed);
    if (
      understanding.intent !== 'UNKNOWN' &&
      understanding.confidence >= t.limits.intentConfidenceThreshold
    ) {
      t.record('clarification_abandoned', { for: understanding.intent });
      t.draft = undefined;
      return { kind: 'abandoned', understanding };
    }
    t.intent = draft.intent;
    t.record('clarification_unanswered', { missing: draft.missing });
    const unchanged = { intent: draft.intent, entities: {}, conflicts: [] };
    return askAgain(t, { ...unchanged, ...(draft.then ? { then: draft.then } : {}) }, draft.missing);
  }
  t.intent = draft.intent;
  const entities = { ...draft.entities };
  for (const field of found) entities[field] = patch.entities[field]!;
  t.draft = undefined;
  t.record('clarification_patched', { fields: found });
  return {
    intent: draft.intent,
    entities,
    conflicts: patch.conflicts ?? [],
    ...(draft.then ? { then: draft.then } : {}),
  };
}
