import type { Turn } from '../turn';
import type { Stage } from './stage';

/**
 * Clarify (seeds 000, 002): when Gate 3 did not pass, ask only for what is missing or wrong,
 * and keep the draft so the next reply patches it.
 */
export const clarify: Stage = {
  name: 'clarify',
  async run(t) {
    const v = t.validation;
    if (!v || v.status === 'pass') return 'continue';
    if (v.status === 'missing') return askAgain(t, v.missing);
    delete t.entities[v.field];
    const reason = t.pack.say(v.messageKey, v.params);
    // Ambiguous and not-found sentences already end in a question; a broken rule adds one.
    const question =
      v.status === 'invalid' ? ` ${t.say('need_fields', { fields: t.pack.fieldLabel(v.field) })}` : '';
    keepDraft(t, [v.field]);
    t.record('clarification_requested', { missing: [v.field], reason: v.status });
    t.reply(`${reason}${question}`);
    return 'stop';
  },
};

/** "Preciso saber: o valor, a data de vencimento" for the fields still missing. */
export function askAgain(t: Turn, missing: string[]): 'stop' {
  keepDraft(t, missing);
  t.record('clarification_requested', { missing });
  t.reply(t.say('need_fields', { fields: missing.map((f) => t.pack.fieldLabel(f)).join(', ') }));
  return 'stop';
}

function keepDraft(t: Turn, missing: string[]): void {
  t.draft = {
    intent: t.intent!,
    entities: { ...(t.draft?.entities ?? {}), ...t.entities },
    missing,
    ...(t.then ? { then: t.then } : {}),
  };
}
