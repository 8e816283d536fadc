import { formatDate, formatMoney } from '../../core/format';
import type { Turn } from '../turn';
import type { Stage } from './stage';

/**
 * Gate 3 (docs/specification.md#gates): required entities per intent, value rules, and references that must
 * exist in the tenant's data. Runs again on a confirmed action, so a proposal that became
 * invalid while it waited (a due date now past) is not executed.
 */
export const validate: Stage = {
  name: 'validation_gate',
  async run(t) {
    const intent = t.intent!;
    if (t.conflicts.length > 0) {
      const conflict = t.conflicts[0]!;
      delete t.entities[conflict.field];
      t.validation = { status: 'missing', missing: [conflict.field] };
      t.record('validation_gate_fail', { reason: 'conflict', field: conflict.field });
      t.draft = {
        intent,
        entities: t.entities,
        missing: [conflict.field],
        ...(t.then ? { then: t.then } : {}),
      };
      t.reply(
        t.pack.say(`conflict_${conflict.field}`, {
          values: conflict.values.map((v) => display(t, conflict.field, v)).join(', '),
        }),
      );
      return 'stop';
    }
    const validation = await t.pack.validate(intent, t.entities, t.scope);
    t.validation = validation;
    if (validation.status === 'pass') {
      // Defaults become part of the proposal (kept with the pending action), never re-derived.
      if (validation.filled) Object.assign(t.entities, validation.filled);
      t.record('validation_gate_pass');
      if (t.route === 'confirmation') keepProposedValues(t, validation.params);
      return 'continue';
    }
    t.record('validation_gate_fail', {
      status: validation.status,
      ...(validation.status === 'missing' ? { missing: validation.missing } : { field: validation.field }),
    });
    if (t.route === 'confirmation') {
      // The confirmed proposal no longer passes: it is not executed.
      await t.deps.ledger.cancel(t.nonce!, 'rejected');
      t.confirmed = false;
      const reason =
        validation.status === 'missing'
          ? t.say('general_error')
          : t.pack.say(validation.messageKey, validation.params);
      t.reply(t.say('action_failed', { reason: reason.replace(/[.!?]+$/, '') }));
      return 'stop';
    }
    return 'continue';
  },
};

/**
 * What runs is what the person confirmed. Gate 3 ran again on the proposal's words to check its
 * rules still hold (a due date now past, a contact removed), but the words can now resolve to
 * another record ("João" was João Silva when proposed; a contact named just "João" was added
 * since): the proposal's values are executed, never the new reading. The tool checks again that
 * the proposed records exist.
 */
function keepProposedValues(t: Turn, current: Record<string, unknown>): void {
  const proposed = t.pending!.params;
  if (JSON.stringify(proposed) !== JSON.stringify(current)) {
    t.deps.logger.warn(
      { nonce: t.nonce },
      'the proposal now reads differently; executing the proposed values',
    );
  }
  t.validation = { status: 'pass', params: proposed };
}

/** A conflicting value as the person would read it. */
function display(t: Turn, field: string, value: string | number): string {
  if (field.endsWith('cents') && typeof value === 'number') return formatMoney(value, t.input.tenant.locale);
  if (field.includes('date') && typeof value === 'string') return formatDate(value, t.input.tenant.locale);
  return String(value);
}
