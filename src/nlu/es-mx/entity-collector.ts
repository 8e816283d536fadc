import type { EntityConflict, Understanding } from '../../core/understanding';

/**
 * Collects values per field; a field given two different values by the user's words is not
 * filled but reported as a conflict, so the pipeline asks instead of picking one.
 */
export class EntityCollector {
  readonly entities: Understanding['entities'] = {};
  readonly conflicts: EntityConflict[] = [];

  offer(field: string, values: ReadonlyArray<string | number | undefined>): void {
    const distinct = [...new Set(values.filter((value) => value !== undefined))];
    if (distinct.length === 1) this.entities[field] = distinct[0] as string | number;
    if (distinct.length > 1) this.conflicts.push({ field, values: distinct });
  }

  has(field: string): boolean {
    return field in this.entities;
  }

  inConflict(field: string): boolean {
    return this.conflicts.some((conflict) => conflict.field === field);
  }
}
