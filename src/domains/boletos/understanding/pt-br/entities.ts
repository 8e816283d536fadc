import type { EntityConflict } from '../../../../core/understanding';
import { normalizeForMatch } from '../../../../core/text';
import type { Intent } from './intents';
import type { Mentions } from './mentions';

/**
 * Turns mentions into the entities of an intent. The names are the contract with the pipeline:
 * contact_name, amount_cents, due_date, boleto_id, message_content (and `status`, internal to
 * LIST_BOLETOS).
 *
 * Unmarked numbers are read by intent: creating, "boleto 150" is the amount; cancelling or
 * checking, "o 45" is the boleto number; otherwise they are dropped. A field with two
 * different values is left out and reported in `conflicts`. GENERAL_QUESTION and UNKNOWN carry
 * no entities: a date in "qual a previsão do tempo amanhã?" is not a due date.
 */
export type Entities = Record<string, string | number>;

export interface Resolved {
  entities: Entities;
  conflicts: EntityConflict[];
}

/** Collects the distinct values of each field; fields with one value become entities. */
export class EntityCollector {
  private readonly values = new Map<string, Array<string | number>>();
  private readonly keys = new Map<string, Set<string>>();

  /** `key` decides sameness ("João" and "joão" are one contact); defaults to the value. */
  add(field: string, value: string | number, key: string = String(value)): void {
    const keys = this.keys.get(field) ?? new Set<string>();
    if (keys.has(key)) return;
    keys.add(key);
    this.keys.set(field, keys);
    this.values.set(field, [...(this.values.get(field) ?? []), value]);
  }

  addName(value: string): void {
    this.add('contact_name', value, normalizeForMatch(value));
  }

  result(): Resolved {
    const entities: Entities = {};
    const conflicts: EntityConflict[] = [];
    for (const [field, values] of this.values) {
      if (values.length === 1 && values[0] !== undefined) entities[field] = values[0];
      else conflicts.push({ field, values });
    }
    return { entities, conflicts };
  }
}

/**
 * The fields each intent reads. A value the words hold for another purpose is not an entity
 * of this intent: in "cancela o boleto que venceu ontem" the date describes the boleto and is
 * not a due date for Gate 3 to refuse as past.
 */
const FIELDS: Record<Intent, ReadonlySet<string>> = {
  CREATE_BOLETO: new Set(['contact_name', 'amount_cents', 'due_date']),
  CANCEL_BOLETO: new Set(['contact_name', 'boleto_id']),
  CHECK_STATUS: new Set(['contact_name', 'boleto_id']),
  SEND_MESSAGE: new Set(['contact_name', 'message_content']),
  LIST_BOLETOS: new Set(['contact_name', 'due_date', 'status']),
  GENERAL_QUESTION: new Set(),
  UNKNOWN: new Set(),
};

export function resolveEntities(intent: Intent, mentions: Mentions): Resolved {
  const out = new EntityCollector();
  const wants = FIELDS[intent];
  if (wants.size === 0) return out.result();

  const bestRank = mentions.names[0]?.rank;
  for (const name of mentions.names) if (name.rank === bestRank) out.addName(name.text);

  if (wants.has('amount_cents')) for (const amount of mentions.amounts) out.add('amount_cents', amount.cents);
  if (wants.has('boleto_id')) for (const id of mentions.ids) out.add('boleto_id', id.value);
  for (const bare of mentions.bare) {
    if (wants.has('amount_cents') && bare.cents !== undefined) out.add('amount_cents', bare.cents);
    if (wants.has('boleto_id') && bare.id !== undefined) out.add('boleto_id', bare.id);
  }

  if (wants.has('due_date')) {
    // A story around the request may hold other days ("ontem fechei o serviço ... vence sexta"):
    // when a due word introduces some of the dates, those are the due date.
    const dated = mentions.dates.filter((date) => date.iso !== undefined);
    const due = mentions.dueDates.filter((date) => date.iso !== undefined);
    for (const date of due.length > 0 ? due : dated) out.add('due_date', date.iso as string);
  }

  if (wants.has('message_content') && mentions.content !== undefined)
    out.add('message_content', mentions.content.text);
  if (wants.has('status') && mentions.status !== undefined) out.add('status', mentions.status);
  return out.result();
}
