import type { EntityConflict, Understanding } from '../core/understanding';
import { fold } from '../security/normalize';
import { valueKind, type ParameterSchema, type ValueKind } from './value-kinds';

/**
 * Grounding (docs/specification.md#gates, hallucination matrix): a value the model proposes is kept only when the
 * person's own words support it. The offline understander's reading of the same text is the
 * witness for numbers and dates, because it reads them deterministically (number words, "dia 10",
 * "amanhã" in the tenant's zone); names, ids and free text are looked for in the text itself.
 *
 * The witnesses are the offline reading of the message (its intent, entities and conflicts) and a
 * patch reading of it for the called tool's fields (`Understander.readPatch`), which finds values
 * even when the rules did not recognise the intent ("bota na conta do João 150 pra dia 10").
 *
 * A dropped value is simply absent: Gate 3 then asks for it ("Preciso saber: o valor"), which is
 * the specification's answer to an invented amount or date. Whether a contact or an id exists in the
 * tenant is not checked here: Gate 3 (the pack's `validate`) does that for every reading.
 *
 * When the offline reader saw two competing values for a field (a conflict), the model's pick is
 * dropped and the conflict is passed on, so the pipeline asks instead of trusting either.
 */

export type DropReason =
  | 'amount_not_in_text'
  | 'date_not_in_text'
  | 'name_not_in_text'
  | 'id_not_in_text'
  | 'number_not_in_text'
  | 'text_not_in_text'
  | 'conflict_in_text'
  | 'label_not_in_text'
  | 'direction_disagrees';

export interface DroppedValue {
  field: string;
  kind: ValueKind;
  value: unknown;
  reason: DropReason;
}

export interface GroundedValues {
  entities: Record<string, string | number>;
  dropped: DroppedValue[];
  conflicts: EntityConflict[];
  /** Fields whose value came from the offline reading rather than from the model. */
  fromOffline: string[];
  /**
   * Fields where the model's label says something else than the words (income read as an
   * expense): the reading as a whole is doubted, so the pipeline asks instead of proposing.
   */
  disagreements: string[];
}

const words = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
const squash = (text: string) => words(text).join(' ');
const numbersIn = (text: string) =>
  new Set((text.match(/\d+/g) ?? []).map((digits) => String(Number(digits))));

/** A deterministic reading of the message: the offline understanding, or a patch reading of it. */
export type Witness = Pick<Understanding, 'entities' | 'conflicts'>;

/** Every value of `kind` the witnesses found, their conflicts included. */
function witnessedValues(
  witnesses: readonly Witness[],
  kind: ValueKind,
  schemas: Record<string, ParameterSchema>,
) {
  const values = new Set<string>();
  for (const witness of witnesses) {
    for (const [field, value] of Object.entries(witness.entities)) {
      if (valueKind(field, schemas[field]) === kind) values.add(String(value));
    }
    for (const conflict of witness.conflicts ?? []) {
      if (valueKind(conflict.field, schemas[conflict.field]) === kind) {
        for (const value of conflict.values) values.add(String(value));
      }
    }
  }
  return values;
}

interface Check {
  keep: boolean;
  /** The model's value contradicts the offline reading on a field that changes what is written. */
  disagrees?: boolean;
  /** A value to use instead (the offline reading's), when the model's is not supported. */
  replacement?: string | number;
}

function check(
  field: string,
  kind: ValueKind,
  value: string | number,
  text: string,
  witnesses: readonly Witness[],
  schemas: Record<string, ParameterSchema>,
): Check {
  const offlineValue = witnesses.map((w) => w.entities[field]).find((v) => v !== undefined);
  switch (kind) {
    case 'amount':
    case 'date':
      return { keep: witnessedValues(witnesses, kind, schemas).has(String(value)) };
    case 'name': {
      const textWords = new Set(words(text));
      const nameWords = words(String(value));
      return { keep: nameWords.length > 0 && nameWords.every((w) => textWords.has(w)) };
    }
    case 'id':
    case 'number':
      return { keep: numbersIn(text).has(String(Number(String(value).replace(/\D/g, '') || 'NaN'))) };
    case 'text': {
      const passage = squash(String(value));
      if (passage.length > 0 && squash(text).includes(passage)) return { keep: true };
      return offlineValue === undefined ? { keep: false } : { keep: false, replacement: offlineValue };
    }
    case 'label': {
      // A category the person never named is not theirs: kept only when a witness read it.
      if (offlineValue !== undefined && offlineValue !== value)
        return { keep: false, replacement: offlineValue };
      return { keep: witnessedValues(witnesses, kind, schemas).has(String(value)) };
    }
    case 'direction':
      return offlineValue === value ? { keep: true } : { keep: false, disagrees: true };
  }
}

const REASON: Record<ValueKind, DropReason> = {
  amount: 'amount_not_in_text',
  date: 'date_not_in_text',
  name: 'name_not_in_text',
  id: 'id_not_in_text',
  number: 'number_not_in_text',
  text: 'text_not_in_text',
  label: 'label_not_in_text',
  direction: 'direction_disagrees',
};

/**
 * Checks the model's `args` (already parsed by the tool's schema) against `text` and the
 * witnesses' readings of it (the offline understanding first: its values win a replacement).
 * `schemas` are the JSON Schemas of the tool's parameters, for the value kinds.
 */
export function groundValues(
  args: Record<string, unknown>,
  text: string,
  witnesses: readonly Witness[],
  schemas: Record<string, ParameterSchema>,
): GroundedValues {
  const out: GroundedValues = {
    entities: {},
    dropped: [],
    conflicts: [],
    fromOffline: [],
    disagreements: [],
  };
  const conflicted = new Map(witnesses.flatMap((w) => w.conflicts ?? []).map((c) => [c.field, c]));
  for (const [field, raw] of Object.entries(args)) {
    if (raw === undefined || raw === null || raw === '') continue;
    const kind = valueKind(field, schemas[field]);
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      out.dropped.push({ field, kind, value: raw, reason: REASON[kind === 'label' ? 'text' : kind] });
      continue;
    }
    const conflict = conflicted.get(field);
    if (conflict) {
      out.conflicts.push(conflict);
      out.dropped.push({ field, kind, value: raw, reason: 'conflict_in_text' });
      continue;
    }
    const verdict = check(field, kind, raw, text, witnesses, schemas);
    if (verdict.keep) {
      out.entities[field] = raw;
      continue;
    }
    if (verdict.disagrees) out.disagreements.push(field);
    if (kind !== 'label' || verdict.replacement === undefined)
      out.dropped.push({ field, kind, value: raw, reason: REASON[kind] });
    if (verdict.replacement !== undefined) {
      out.entities[field] = verdict.replacement;
      out.fromOffline.push(field);
    }
  }
  return out;
}
