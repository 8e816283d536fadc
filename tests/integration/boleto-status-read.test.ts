import { validateBoletos } from '../../src/domains/boletos/validate';
import { cancelBoleto, getBoletoStatus } from '../../src/domains/boletos/tools';
import type { Db, Scope } from '../../src/domains/types';
import { createPrismaClient } from '../../src/stores/prisma/client';
import { engineScope, engineTenant } from '../support/engine-tenant';
import { TEST_DATABASE_URL } from '../support/test-env';
import { randomUUID } from 'node:crypto';
import { nameKey } from '../../src/domains/contacts';

/**
 * A status question reads its boleto once: Gate 3's row is the one shown in the same turn. A read
 * after a later check, a read in another turn and a write's use case read the database. By a
 * contact's name: the boletos are counted only when there are more than the five shown.
 */
const db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
const created: string[] = [];
const NOW = new Date('2026-11-29T12:00:00Z');

afterAll(async () => {
  await db.tenant.deleteMany({ where: { id: { in: created } } });
  await db.$disconnect();
});

/** The scope's database, counting the boleto reads by number that reach PostgreSQL. */
function counting(scope: Scope): { scope: Scope; reads: () => number } {
  let reads = 0;
  const boleto = new Proxy(db.boleto, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'findUnique' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        reads++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const counted = new Proxy(db, {
    get: (target, key, receiver) => (key === 'boleto' ? boleto : Reflect.get(target, key, receiver)),
  }) as unknown as Db;
  return { scope: { ...scope, db: counted }, reads: () => reads };
}

async function tenantWithBoleto() {
  const tenant = await engineTenant(db, created, { mode: 'offline' }, 'status');
  const contact = await db.contact.create({
    data: { tenantId: tenant.id, name: 'Ana Lima', nameKey: nameKey('Ana Lima') },
  });
  await boletoOf(tenant.id, contact.id, 7);
  return tenant;
}

async function boletoOf(tenantId: string, contactId: string, number: number) {
  await db.boleto.create({
    data: {
      tenantId,
      number,
      contactId,
      amountCents: 15_000,
      dueDate: new Date('2026-12-10T00:00:00Z'),
      digitableLine: '2'.repeat(47),
      barcode: '2'.repeat(44),
      createdByNonce: randomUUID(),
    },
  });
}

async function askStatus(scope: Scope) {
  const checked = await validateBoletos('CHECK_STATUS', { boleto_id: 7 }, scope);
  expect(checked.status).toBe('pass');
  return getBoletoStatus.execute({ boleto_id: 7 }, scope);
}

describe('a status question', () => {
  it('reads the boleto once in its turn, and again in the next turn', async () => {
    const tenant = await tenantWithBoleto();
    const first = counting(engineScope(db, tenant, NOW));
    expect(await askStatus(first.scope)).toMatchObject({
      number: 7,
      amount_cents: 15_000,
      status: 'PENDING',
    });
    expect(first.reads()).toBe(1);

    // Paid meanwhile: the next turn's question sees it.
    await db.boleto.updateMany({ where: { tenantId: tenant.id, number: 7 }, data: { status: 'PAID' } });
    const second = counting(engineScope(db, tenant, NOW));
    expect(await askStatus(second.scope)).toMatchObject({ number: 7, status: 'PAID' });
    expect(second.reads()).toBe(1);
  });

  it('reads afresh when asked again in the same turn without a new check, and a write never takes the kept row', async () => {
    const tenant = await tenantWithBoleto();
    const { scope, reads } = counting(engineScope(db, tenant, NOW));
    await askStatus(scope);
    await db.boleto.updateMany({ where: { tenantId: tenant.id, number: 7 }, data: { status: 'PAID' } });
    // The kept row was taken by the first read: a second read goes to the database.
    expect(await getBoletoStatus.execute({ boleto_id: 7 }, scope)).toMatchObject({ status: 'PAID' });
    expect(reads()).toBe(2);

    // Gate 3 checked it PENDING in this turn; the cancel's use case (its own scope, as a
    // confirmed write gets) reads it again and refuses a paid boleto.
    await db.boleto.updateMany({ where: { tenantId: tenant.id, number: 7 }, data: { status: 'PENDING' } });
    expect((await validateBoletos('CANCEL_BOLETO', { boleto_id: 7 }, scope)).status).toBe('pass');
    await db.boleto.updateMany({ where: { tenantId: tenant.id, number: 7 }, data: { status: 'PAID' } });
    await expect(
      cancelBoleto.execute({ boleto_id: 7 }, { ...scope, nonce: randomUUID() }),
    ).rejects.toMatchObject({ messageKey: 'boleto_not_cancellable' });
  });

  it("by a contact's name: the newest five, and how many there are in all", async () => {
    const tenant = await tenantWithBoleto();
    const contact = await db.contact.findFirstOrThrow({ where: { tenantId: tenant.id } });
    const scope = engineScope(db, tenant, NOW);
    const numbers = async () => {
      const result = await getBoletoStatus.execute({ contact_id: contact.id }, scope);
      return [result.total, (result.boletos as Array<{ number: number }>).map((b) => b.number)];
    };
    expect(await numbers()).toEqual([1, [7]]);
    for (const number of [8, 9, 10, 11]) await boletoOf(tenant.id, contact.id, number);
    expect(await numbers()).toEqual([5, [11, 10, 9, 8, 7]]);
    await boletoOf(tenant.id, contact.id, 12);
    expect(await numbers()).toEqual([6, [12, 11, 10, 9, 8]]);
  });
});
