import { normalizeForMatch } from '../core/text';
import type { Db } from './types';

/** The key contact names are compared by: lower case, no accents, single spaces. */
export function nameKey(name: string): string {
  return normalizeForMatch(name).replace(/[^a-z0-9 ]/g, '');
}

export type ContactMatch<T> =
  { kind: 'one'; contact: T } | { kind: 'many'; candidates: T[] } | { kind: 'none' };

/**
 * Finds the tenant's contact a name refers to: the whole name first ("João Silva"), then
 * contacts whose name starts with the words given ("João" -> "João Silva" and "João Souza").
 * Never crosses tenants: every query filters by tenantId.
 */
export async function findContact(db: Db, tenantId: string, name: string) {
  const key = nameKey(name);
  if (!key) return { kind: 'none' } as const;
  const exact = await db.contact.findMany({
    where: { tenantId, nameKey: key },
    take: 5,
    orderBy: { name: 'asc' },
  });
  if (exact.length === 1) return { kind: 'one', contact: exact[0]! } as const;
  if (exact.length > 1) return { kind: 'many', candidates: exact } as const;
  const prefix = await db.contact.findMany({
    where: { tenantId, nameKey: { startsWith: `${key} ` } },
    take: 6,
    orderBy: { name: 'asc' },
  });
  if (prefix.length === 1) return { kind: 'one', contact: prefix[0]! } as const;
  if (prefix.length > 1) return { kind: 'many', candidates: prefix } as const;
  return { kind: 'none' } as const;
}
