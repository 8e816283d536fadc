import { Directory } from '../../src/app/directory';
import { createPrismaClient } from '../../src/stores/prisma/client';
import { hostPort, TcpProxy, withPort } from '../chaos/tcp-proxy';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * PostgreSQL away (a real client through a loopback proxy that resets every connection): a
 * person ingress found before is still let in, from what it read then, so their message waits
 * in Iris instead of at the platform; someone never found is not; a tenant's last reading gives
 * a reply's locale. Once the database is back, everything is read again.
 */
describe('the directory while PostgreSQL is away', () => {
  const h = new Harness();
  const proxy = new TcpProxy(hostPort(TEST_DATABASE_URL, 5432));
  let db: ReturnType<typeof createPrismaClient>;

  beforeAll(async () => {
    db = createPrismaClient(withPort(TEST_DATABASE_URL, await proxy.start()), { max: 2 });
  });
  afterAll(async () => {
    await db.$disconnect();
    await proxy.close();
    await h.close();
  });

  it('lets in someone found before, not a stranger, and reads again once the database is back', async () => {
    const { tenant, user } = await h.boletosTenant();
    // A TTL of 0: every call would ask PostgreSQL; what it read before is only a fallback.
    const directory = new Directory(db, 0);
    const externalId = `${tenant.id}:${user.id}`;
    const found = { tenantId: tenant.id, userId: user.id };
    expect(await directory.identify('console', externalId)).toEqual(found);
    expect((await directory.tenantOrLastRead(tenant.id))?.locale).toBe('pt-BR');

    proxy.cut();
    expect(await directory.identify('console', externalId)).toEqual(found);
    expect((await directory.tenantOrLastRead(tenant.id))?.locale).toBe('pt-BR');
    await expect(directory.identify('console', 'never-seen')).rejects.toThrow();
    await expect(directory.tenant(tenant.id)).rejects.toThrow();

    proxy.restore();
    // Unlinked meanwhile: read again, not taken from the fallback.
    await h.db.channelIdentity.deleteMany({ where: { tenantId: tenant.id } });
    expect(await directory.identify('console', externalId)).toBeUndefined();
  });
});
