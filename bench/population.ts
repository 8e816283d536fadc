import { randomUUID } from 'node:crypto';
import { nameKey } from '../src/domains/contacts';
import type { PrismaClient } from '../src/stores/prisma/client';

/** Contacts of every generated tenant; the scripts create boletos for the last one. */
export const CONTACTS = ['João Silva', 'João Souza', 'Maria Oliveira', 'Pedro Santos'];

export interface Person {
  tenantId: string;
  userId: string;
  /** The console identity ingress resolves to this user. */
  externalUserId: string;
}

/**
 * Boletos tenants (pt-BR, offline understanding) with people that each have a console
 * identity: the people the bench and the chaos suite speak as. Each tenant has one owner and
 * operators, as a business would: the owners get a message for every boleto issued without
 * being sent (its PDF), so thirty owners a tenant would make each "sim" cost thirty replies. Ids
 * are made here so that everything goes in with a handful of bulk inserts. Slugs carry `tag`
 * for clean-up.
 */
export async function createPopulation(
  db: PrismaClient,
  options: { tag: string; tenants: number; usersPerTenant: number },
): Promise<Person[]> {
  const tenants = Array.from({ length: options.tenants }, (_, i) => ({
    id: randomUUID(),
    slug: `${options.tag}-${i}`,
    name: `Bench ${options.tag} ${i}`,
    pack: 'boletos' as const,
    locale: 'pt-BR',
    timeZone: 'America/Sao_Paulo',
    currency: 'BRL',
    aiSettings: { enabled: false, mode: 'offline' },
  }));
  await db.tenant.createMany({ data: tenants });
  await db.contact.createMany({
    data: tenants.flatMap((t) => CONTACTS.map((name) => ({ tenantId: t.id, name, nameKey: nameKey(name) }))),
  });
  const people: Person[] = tenants.flatMap((t) =>
    Array.from({ length: options.usersPerTenant }, () => {
      const userId = randomUUID();
      return { tenantId: t.id, userId, externalUserId: `${options.tag}:${userId}` };
    }),
  );
  for (let i = 0; i < people.length; i += 1000) {
    const chunk = people.slice(i, i + 1000);
    await db.user.createMany({
      data: chunk.map((p, j) => ({
        id: p.userId,
        tenantId: p.tenantId,
        name: `Pessoa ${i + j}`,
        role: (i + j) % options.usersPerTenant === 0 ? ('owner' as const) : ('operator' as const),
      })),
    });
    await db.channelIdentity.createMany({
      data: chunk.map((p) => ({
        tenantId: p.tenantId,
        userId: p.userId,
        channel: 'console',
        externalId: p.externalUserId,
      })),
    });
  }
  return people;
}
