import { normalizeForMatch } from '../core/text';
import type { Db } from './types';

/** The key contact names are compared by: lower case, no accents, single spaces. */
export function nameKey(name: string): string {
  return normalizeForMatch(name).replace(/[^a-z0-9 ]/g, '');
}

export type ContactMatch<T> =
  { kind: 'one'; contact: T } | { kind: 'many'; candidates: T[] } | { kind: 'none' };

/** Courtesy titles said before a name ("dona Cida", "seu Zé", "Sr. Almeida", "doña Lupe"). */
const TITLE = /^(?:dona|seu|sr|sra|srta|dr|dra|don|senhor|senhora|doutor|doutora) (?=\S)/;

/**
 * Finds the tenant's contact a name refers to: the whole name first ("João Silva"), then
 * contacts whose name starts with the words given ("João" -> "João Silva" and "João Souza").
 * A name said with a courtesy title that matches no one is tried without it ("dona Cida" finds
 * "Cida Ramos"). Never crosses tenants: every query filters by tenantId.
 */
export async function findContact(db: Db, tenantId: string, name: string) {
  const found = await findByKey(db, tenantId, nameKey(name));
  if (found.kind !== 'none') return found;
  const untitled = nameKey(name).replace(TITLE, '');
  return untitled === nameKey(name) ? found : findByKey(db, tenantId, untitled);
}

async function findByKey(db: Db, tenantId: string, key: string) {
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
