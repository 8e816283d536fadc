import { ALL_TITLES } from '../nlu/titles';
import { normalizeForMatch } from '../core/text';
import type { Db } from './types';

/** The key contact names are compared by: lower case, no accents, single spaces. */
export function nameKey(name: string): string {
  return normalizeForMatch(name).replace(/[^a-z0-9 ]/g, '');
}

export type ContactMatch<T> =
  { kind: 'one'; contact: T } | { kind: 'many'; candidates: T[] } | { kind: 'none' };

/** Titles said before a name ("dona Cida", "Sr. Almeida", "doña Lupe", "Dra. Camila", "Prof. Ricardo"). */
const TITLE = new RegExp(`^(?:${ALL_TITLES.join('|')}) (?=\\S)`);
const TITLES = ALL_TITLES;

/**
 * Finds the tenant's contact a name refers to: the whole name first ("João Silva"), then
 * contacts whose name starts with the words given ("João" -> "João Silva" and "João Souza").
 * Courtesy titles do not keep a person from being found: a name said with one that matches no
 * one is tried without it ("dona Cida" finds "Cida Ramos"), and a name said without one also
 * finds a contact saved with it ("Cida" finds "Dona Cida"; the readers drop the title). Never
 * crosses tenants: every query filters by tenantId.
 */
export async function findContact(db: Db, tenantId: string, name: string) {
  const key = nameKey(name);
  const found = await findByKey(db, tenantId, key);
  if (found.kind !== 'none') return found;
  const untitled = key.replace(TITLE, '');
  if (untitled !== key) return findByKey(db, tenantId, untitled);
  return findTitled(db, tenantId, key);
}

async function findTitled(db: Db, tenantId: string, key: string) {
  if (!key) return { kind: 'none' } as const;
  const titled = await db.contact.findMany({
    where: {
      tenantId,
      OR: TITLES.flatMap((title) => [
        { nameKey: `${title} ${key}` },
        { nameKey: { startsWith: `${title} ${key} ` } },
      ]),
    },
    take: 6,
    orderBy: { name: 'asc' },
  });
  if (titled.length === 1) return { kind: 'one', contact: titled[0]! } as const;
  if (titled.length > 1) return { kind: 'many', candidates: titled } as const;
  return { kind: 'none' } as const;
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
