import { formatDate, formatMoney } from '../../core/format';
import type { EntityConflict } from '../../core/understanding';
import { STOP, toolFor, type Request, type Stop, type Validated } from '../request';
import type { Turn } from '../turn';
import { clarify } from './clarify';
import { recall } from './recall';

/**
 * Gate 3 (docs/specification.md#gates): required entities per intent, value rules, and
 * references that must exist in the tenant's data. What fails is asked back (clarify, with a
 * draft kept for the next reply); what passes carries the tool and the values it will receive.
 */
export async function validate(t: Turn, request: Request): Promise<Validated | Stop> {
  const { intent } = request;
  const entities = { ...request.entities };
  const conflict = request.conflicts[0];
  if (conflict) {
    delete entities[conflict.field];
    t.record('validation_gate_fail', { reason: 'conflict', field: conflict.field });
    t.draft = {
      intent,
      entities,
      missing: [conflict.field],
      ...(request.then ? { then: request.then } : {}),
    };
    t.reply(t.pack.say(`conflict_${conflict.field}`, { values: shown(t, conflict) }));
    return STOP;
  }
  const tool = toolFor(t.pack, intent);
  if (!tool) {
    // A conversation-only intent carried by a draft or a redo: answered, nothing to validate.
    t.reply(t.pack.answer(intent));
    return STOP;
  }
  // A value a memory gives is checked like a stated one; a draft keeps only what was stated, so
  // the memory is read again (and named again) when the request comes back complete.
  const recalled = await recall(t, intent, entities);
  const checked = recalled ? { ...entities, [recalled.field]: recalled.value } : entities;
  const validation = await t.pack.validate(intent, checked, t.scope);
  if (validation.status !== 'pass') {
    t.record('validation_gate_fail', {
      status: validation.status,
      ...(validation.status === 'missing' ? { missing: validation.missing } : { field: validation.field }),
    });
    return clarify(t, { ...request, entities }, validation);
  }
  t.record('validation_gate_pass');
  return {
    intent,
    tool,
    // Defaults become part of the proposal (kept with the pending action), never re-derived.
    entities: validation.filled ? { ...checked, ...validation.filled } : checked,
    params: validation.params,
    ...(request.then ? { then: request.then } : {}),
    ...(recalled ? { recalled } : {}),
    ...(request.flow ? { flow: request.flow } : {}),
  };
}

/** The conflicting values as the person would read them. */
function shown(t: Turn, conflict: EntityConflict): string {
  const locale = t.input.tenant.locale;
  return conflict.values
    .map((value) => {
      if (conflict.field.endsWith('cents') && typeof value === 'number') return formatMoney(value, locale);
      if (conflict.field.includes('date') && typeof value === 'string') return formatDate(value, locale);
      return String(value);
    })
    .join(', ');
}
