import { MemoryStore } from '../src/stores/memory-store';
import type { PrismaClient } from '../src/stores/prisma/client';

/**
 * `npm run iris -- memory list|forget --tenant acme --name "Ana López" [--about "…" | --all]`:
 * what a person asked Iris to remember, for an operator (seed 003 §5.5), always scoped to one
 * tenant and one person. `forget --all` also withdraws the person's consent.
 */
export async function memoryCommand(
  db: PrismaClient,
  action: 'list' | 'forget',
  tenant: { id: string; slug: string },
  values: { name?: string; about?: string; all?: boolean },
): Promise<void> {
  if (!values.name) throw new Error('--name "<person>" is required');
  const people = await db.user.findMany({ where: { tenantId: tenant.id, name: values.name } });
  if (people.length === 0) throw new Error(`"${tenant.slug}" has no user named "${values.name}"`);
  if (people.length > 1)
    throw new Error(`"${tenant.slug}" has ${people.length} users named "${values.name}"`);
  const person = people[0]!;
  const store = new MemoryStore(db);
  if (action === 'list') {
    const consent =
      person.memoryConsent === null ? 'never asked' : person.memoryConsent ? 'given' : 'refused';
    const kept = await store.list(tenant.id, person.id);
    console.log(
      `${person.name} (consent: ${consent}): ${kept.length} memor${kept.length === 1 ? 'y' : 'ies'}`,
    );
    for (const m of kept) console.log(`  ${m.id}  ${m.description}  (confidence ${m.confidence.toFixed(1)})`);
    return;
  }
  if (values.all) {
    const count = await store.forgetAll(tenant.id, person.id);
    await store.setConsent(tenant.id, person.id, false, new Date());
    console.log(`Forgot ${count} memor${count === 1 ? 'y' : 'ies'} of ${person.name}; consent withdrawn.`);
    return;
  }
  if (!values.about) throw new Error('memory forget needs --about "<words of the memory>" or --all');
  const forgotten = await store.forget(tenant.id, person.id, values.about);
  if (!forgotten) throw new Error(`no memory of ${person.name} matches "${values.about}"`);
  console.log(`Forgot: "${forgotten}"`);
}
