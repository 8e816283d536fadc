import type { Validation } from '../../domains/types';
import { STOP, type Request, type Stop } from '../request';
import type { Turn } from '../turn';

/**
 * Clarify (docs/specification.md#clarification-patch-mode): when Gate 3 did not pass, ask only for what is missing or wrong,
 * and keep the draft so the next reply patches it.
 */
export function clarify(t: Turn, request: Request, failure: Exclude<Validation, { status: 'pass' }>): Stop {
  if (failure.status === 'missing') return askAgain(t, request, failure.missing);
  const entities = { ...request.entities };
  delete entities[failure.field];
  const reason = t.pack.say(failure.messageKey, failure.params);
  // Ambiguous and not-found sentences already end in a question; a broken rule adds one.
  const question =
    failure.status === 'invalid'
      ? ` ${t.say('need_fields', { fields: t.pack.fieldLabel(failure.field) })}`
      : '';
  keepDraft(t, { ...request, entities }, [failure.field]);
  t.record('clarification_requested', { missing: [failure.field], reason: failure.status });
  t.reply(`${reason}${question}`);
  return STOP;
}

/** "Preciso saber: o valor, a data de vencimento" for the fields still missing. */
export function askAgain(t: Turn, request: Request, missing: string[]): Stop {
  keepDraft(t, request, missing);
  t.record('clarification_requested', { missing });
  t.reply(t.say('need_fields', { fields: missing.map((f) => t.pack.fieldLabel(f)).join(', ') }));
  return STOP;
}

function keepDraft(t: Turn, request: Request, missing: string[]): void {
  t.draft = {
    intent: request.intent,
    entities: { ...(t.draft?.entities ?? {}), ...request.entities },
    missing,
    ...(request.then ? { then: request.then } : {}),
  };
}
