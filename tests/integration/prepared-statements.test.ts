import { createPrismaClient, prismaOver } from '../../src/stores/prisma/client';
import { createPgPool } from '../../src/stores/prisma/pg-pool';
import { statementNames } from '../../src/stores/prisma/statement-names';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * Prisma's statements are prepared once per connection (named by their SQL), so PostgreSQL
 * parses and plans each one once, not at every execution; past the limit of distinct texts a
 * statement goes unnamed, as before, and nothing grows without bound.
 */
describe('prepared statements', () => {
  it("prepares Prisma's statements by name on the connection, once", async () => {
    const db = createPrismaClient(TEST_DATABASE_URL, { max: 1 });
    try {
      for (let i = 0; i < 3; i++) await db.tenant.findFirst({ where: { slug: 'no-such-tenant' } });
      const onThisConnection = await db.$queryRaw<Array<{ name: string; statement: string }>>`
        SELECT name, statement FROM pg_prepared_statements`;
      const prepared = onThisConnection.filter((p) => p.statement.includes('FROM "public"."tenants"'));
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^iris_/);
      expect(prepared[0]!.statement).toMatch(/"slug" = \$1/);
    } finally {
      await db.$disconnect();
    }
  });

  it('sends them unprepared when told to (DATABASE_PREPARED_STATEMENTS=false, for a pooler that cannot keep them)', async () => {
    const db = prismaOver(createPgPool(TEST_DATABASE_URL, { max: 1 }), { prepared: false });
    try {
      for (let i = 0; i < 3; i++) await db.tenant.findFirst({ where: { slug: 'no-such-tenant' } });
      expect(await db.$queryRaw`SELECT name FROM pg_prepared_statements`).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  });

  it('names the same text alike and other texts apart, and none past its limit', () => {
    const name = statementNames(2);
    const a = name({ sql: 'SELECT 1' });
    expect(a).toMatch(/^iris_[\w-]{22}$/);
    expect(name({ sql: 'SELECT 1' })).toBe(a);
    const b = name({ sql: 'SELECT 2' });
    expect(b).not.toBe(a);
    expect(name({ sql: 'SELECT 3' })).toBeUndefined();
    expect(name({ sql: 'SELECT 2' })).toBe(b);
  });
});
