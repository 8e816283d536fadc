import type { Scope, Validation } from '../types';
import { spacesNamed, spacesOf, type Space } from './spaces';

/** A record the words name, or the Gate 3 verdict saying why none or several do. */
export type Found<T> = { ok: T } | { failure: Validation };

export async function findSpace(words: unknown, scope: Scope): Promise<Found<Space>> {
  const spaces = await spacesOf(scope.db, scope.tenant.id);
  const named = spacesNamed(String(words), spaces);
  if (named.length === 1) return { ok: named[0]! };
  const list = (named.length > 1 ? named : spaces).map((s) => s.name).join(', ');
  return named.length > 1
    ? {
        failure: {
          status: 'ambiguous',
          field: 'space',
          messageKey: 'space_ambiguous',
          params: { spaces: list },
        },
      }
    : {
        failure: {
          status: 'not_found',
          field: 'space',
          messageKey: 'space_not_found',
          params: { space: String(words), spaces: list },
        },
      };
}
