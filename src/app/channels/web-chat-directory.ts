import type { Locale } from '../../core/locale';
import type { DemoUser, WebChatDirectory } from '../../channels/web/ports';
import type { Db } from '../../domains/types';

/**
 * The web chat's view of users, over PostgreSQL. Demo users are the users of the demo tenants
 * that `npm run chat` speaks as (those with a console identity, created by the seed); signing in
 * as one links a web identity to that user. Offered only where the demo sign-in is on
 * (development).
 */
export class PrismaWebChatDirectory implements WebChatDirectory {
  constructor(
    private readonly db: Db,
    private readonly demoTenantSlugs: readonly string[],
  ) {}

  async demoUsers(): Promise<DemoUser[]> {
    const identities = await this.db.channelIdentity.findMany({
      where: { channel: 'console', tenant: { slug: { in: [...this.demoTenantSlugs] } } },
      include: { user: true, tenant: true },
      orderBy: [{ tenant: { slug: 'desc' } }, { createdAt: 'asc' }],
      take: 50,
    });
    return identities.map((identity) => ({
      id: identity.userId,
      name: identity.user.name,
      tenantName: identity.tenant.name,
      locale: identity.tenant.locale as Locale,
    }));
  }

  async linkDemoUser(userId: string, externalUserId: string): Promise<boolean> {
    const demo = await this.db.channelIdentity.findFirst({
      where: { channel: 'console', userId, tenant: { slug: { in: [...this.demoTenantSlugs] } } },
    });
    if (!demo) return false;
    await this.db.channelIdentity.upsert({
      where: { channel_externalId: { channel: 'web', externalId: externalUserId } },
      update: {},
      create: { tenantId: demo.tenantId, userId, channel: 'web', externalId: externalUserId },
    });
    return true;
  }

  async localeOf(externalUserId: string): Promise<Locale | undefined> {
    const identity = await this.db.channelIdentity.findUnique({
      where: { channel_externalId: { channel: 'web', externalId: externalUserId } },
      include: { tenant: true },
    });
    return identity ? (identity.tenant.locale as Locale) : undefined;
  }
}
