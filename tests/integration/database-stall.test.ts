import type { Pool, PoolClient } from 'pg';
import { isTransient } from '../../src/core/errors';
import { createPrismaClient, prismaOver } from '../../src/stores/prisma/client';
import { createPgPool, databaseBounds } from '../../src/stores/prisma/pg-pool';
import { hostPort, TcpProxy, withPort } from '../chaos/tcp-proxy';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * PostgreSQL that goes silent instead of resetting (a real pg pool through a loopback proxy that
 * keeps its connections open and drops what they carry): a statement fails within the bounds
 * instead of waiting as long as the process lives, the silent connections never serve another
 * statement, and a transaction left open on the server by a silent client frees its rows.
 */
describe('PostgreSQL that stops answering', () => {
  const h = new Harness();
  const proxy = new TcpProxy(hostPort(TEST_DATABASE_URL, 5432));
  // Statements cancelled after 1 s, connections dropped after 2 s of silence, transactions
  // ended after 2 s idle (30 s in production).
  const bounds = { ...databaseBounds(1_000), idleInTransactionMs: 2_000 };
  let pool: Pool;
  let db: ReturnType<typeof createPrismaClient>;

  beforeAll(async () => {
    pool = createPgPool(withPort(TEST_DATABASE_URL, await proxy.start()), { max: 2, bounds });
    db = prismaOver(pool);
  });
  afterAll(async () => {
    await db.$disconnect();
    await proxy.close();
    await h.close();
  });
  afterEach(() => proxy.restore());

  it('fails a statement on a silent connection, and the next ones run on fresh connections', async () => {
    // Both pooled connections open, then silenced.
    await Promise.all([
      db.$queryRaw`SELECT 1 FROM pg_sleep(0.05)`,
      db.$queryRaw`SELECT 1 FROM pg_sleep(0.05)`,
    ]);
    proxy.stall();
    const failure = await db.$queryRaw`SELECT 1`.then(
      () => undefined,
      (error: unknown) => error,
    );
    // Transient: the turn it belongs to is retried, and its person told the answer is coming.
    expect(failure).toBeInstanceOf(Error);
    expect(isTransient(failure)).toBe(true);
    proxy.restore();
    // The other pooled connection went silent while idle: the first statement it is given fails
    // too (after the same bound), and it is gone.
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(
        await db.$queryRaw`SELECT 1 AS n`.then(
          () => 'answered',
          () => 'failed',
        ),
      );
    }
    expect(outcomes.filter((outcome) => outcome === 'failed').length).toBeLessThanOrEqual(1);
    expect(outcomes.slice(-4)).toEqual(['answered', 'answered', 'answered', 'answered']);
  });

  it('fails a transaction whose connection goes silent, and never hands that connection out again', async () => {
    let lastAcquired: PoolClient | undefined;
    const onAcquire = (client: PoolClient) => (lastAcquired = client);
    pool.on('acquire', onAcquire);
    let silentClient: PoolClient | undefined;
    const silentReleased = new Promise<void>((resolve) =>
      pool.on('release', (_error, client) => client === silentClient && resolve()),
    );
    await expect(
      db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        silentClient = lastAcquired;
        proxy.stall();
        await tx.$queryRaw`SELECT 2`;
      }),
    ).rejects.toThrow();
    pool.off('acquire', onAcquire);
    await silentReleased;
    proxy.restore();
    // Every connection the pool hands out now answers: given back to the pool, the silent one
    // would be among them, its next statement waiting behind the one that never came back.
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    try {
      const answers = await Promise.all(
        clients.map((client) => client.query<{ n: number }>('SELECT 1 AS n')),
      );
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([1, 1]);
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('fails to connect through a silent path instead of waiting', async () => {
    const path = new TcpProxy(hostPort(TEST_DATABASE_URL, 5432));
    const fresh = createPrismaClient(withPort(TEST_DATABASE_URL, await path.start()), { max: 1, bounds });
    try {
      path.stall();
      await expect(fresh.$queryRaw`SELECT 1`).rejects.toThrow();
      path.restore();
      expect(await fresh.$queryRaw<{ n: number }[]>`SELECT 3 AS n`).toEqual([{ n: 3 }]);
    } finally {
      await fresh.$disconnect();
      await path.close();
    }
  });

  it('frees the rows of a transaction whose client went silent', async () => {
    const { tenant } = await h.boletosTenant();
    const rowLocked = new Promise<void>((locked) => {
      void db
        .$transaction(
          async (tx) => {
            await tx.tenant.update({ where: { id: tenant.id }, data: { name: 'held by a silent client' } });
            locked();
            proxy.stall();
            await tx.$queryRaw`SELECT 1`;
          },
          { timeout: 60_000 },
        )
        .catch(() => undefined);
    });
    await rowLocked;
    // Another process updates the same row: it waits on the lock until PostgreSQL ends the
    // idle transaction (its own statement time-out may cancel a first try).
    let renamed = false;
    while (!renamed) {
      renamed = await h.db.tenant
        .update({ where: { id: tenant.id }, data: { name: 'renamed' } })
        .then(() => true)
        .catch(() => false);
    }
    expect((await h.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).name).toBe('renamed');
  });

  it('drops an idle connection that breaks, and says so instead of throwing', async () => {
    const broken: Error[] = [];
    const idle = createPgPool(TEST_DATABASE_URL, {
      max: 1,
      bounds,
      onIdleError: (error) => broken.push(error),
    });
    try {
      const client = await idle.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      client.release();
      const errored = new Promise((resolve) => idle.once('error', resolve));
      await h.db.$queryRaw`SELECT pg_terminate_backend(${rows[0]!.pid}::int)`;
      await errored;
      expect(broken).toHaveLength(1);
      expect((await idle.query<{ n: number }>('SELECT 4 AS n')).rows).toEqual([{ n: 4 }]);
    } finally {
      await idle.end();
    }
  });
});
