import { normalizeForMatch } from '../../core/text';
import type { EntityConflict } from '../../core/understanding';

/** What a pt-BR reader resolved: the fields with one value, and those said with several. */
export interface Resolved {
  entities: Record<string, string | number>;
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
    const entities: Record<string, string | number> = {};
    const conflicts: EntityConflict[] = [];
    for (const [field, values] of this.values) {
      if (values.length === 1 && values[0] !== undefined) entities[field] = values[0];
      else conflicts.push({ field, values });
    }
    return { entities, conflicts };
  }
}
