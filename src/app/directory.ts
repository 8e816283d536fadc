import { isLocale } from '../core/locale';
import type { DomainPackId, TenantProfile, UnderstandingMode, UserProfile, UserRole } from '../domains/types';
import type { PrismaClient } from '../stores/prisma/client';
import { AI_PROVIDER_NAMES, AI_TASKS, type AiProviderName, type AiTask } from '../core/text-generation';

const MODES: readonly UnderstandingMode[] = ['offline', 'model_first', 'offline_first'];

/** How long a process keeps reading a tenant or user as it was: a change shows within this. */
export const DIRECTORY_CACHE_MS = 30_000;

/**
 * Who is who: tenants, users and channel identities, read from PostgreSQL and cached briefly
 * in process (a turn needs them every time; they change rarely).
 */
export class Directory {
  private readonly tenants = new Map<string, { at: number; value: TenantProfile }>();
  private readonly users = new Map<string, { at: number; value: UserProfile | undefined }>();
  /** Only found identities: someone who links with an invite is known at their next message. */
  private readonly identities = new Map<string, { at: number; value: Identified }>();

  constructor(
    private readonly db: PrismaClient,
    private readonly ttlMs = DIRECTORY_CACHE_MS,
  ) {}

  async tenant(id: string): Promise<TenantProfile | undefined> {
    const hit = this.tenants.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const row = await this.db.tenant.findUnique({ where: { id } });
    if (!row) return undefined;
    const value = toTenantProfile(row);
    this.tenants.set(id, { at: Date.now(), value });
    return value;
  }

  /**
   * The tenant, or how it was last read when PostgreSQL cannot be asked: what a reply during an
   * outage needs (its locale) rarely changes.
   */
  async tenantOrLastRead(id: string): Promise<TenantProfile | undefined> {
    try {
      return await this.tenant(id);
    } catch (error) {
      const last = this.tenants.get(id);
      if (last) return last.value;
      throw error;
    }
  }

  async user(tenantId: string, userId: string): Promise<UserProfile | undefined> {
    const key = `${tenantId}:${userId}`;
    const hit = this.users.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const row = await this.db.user.findFirst({ where: { id: userId, tenantId } });
    const value = row ? { id: row.id, name: row.name, role: row.role as UserRole } : undefined;
    this.users.set(key, { at: Date.now(), value });
    return value;
  }

  /**
   * The user a platform account is linked to; WhatsApp numbers also match users by phone, and
   * `aliases` (other ids of the same sender, see the envelope) match identities linked under
   * them. Ingress asks for every inbound message, so a found identity is cached like users are
   * (a removed user is still caught by the pipeline's `user` lookup, within the same TTL);
   * `remember: false` leaves the cache as it was (the intake drainer: see `remembered`).
   */
  async identify(
    channel: string,
    externalUserId: string,
    phoneCandidates: string[] = [],
    aliases: readonly string[] = [],
    options: { remember?: boolean } = {},
  ): Promise<Identified | undefined> {
    const key = `${channel}\u0000${externalUserId}`;
    const hit = this.identities.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    let value: Identified | undefined;
    try {
      value = await this.lookUp(channel, externalUserId, phoneCandidates, aliases);
    } catch (error) {
      // PostgreSQL away: someone found before is still let in, so their message waits in its
      // mailbox (and is told its answer is coming) instead of at the platform. The pipeline
      // reads the user again before acting: a removed user's message is dropped there.
      if (hit) return hit.value;
      throw error;
    }
    if (value && options.remember !== false) {
      this.identities.delete(key); // re-inserted last: the map's order is oldest first
      this.identities.set(key, { at: Date.now(), value });
      if (this.identities.size > MAX_CACHED_IDENTITIES) {
        this.identities.delete(this.identities.keys().next().value!);
      }
    }
    return value;
  }

  /**
   * The identity found within the cache's TTL, without asking PostgreSQL. This process' ingress
   * holds only messages it could not identify, so nothing of someone it knows this way is held
   * here (with several ingress processes per chat, see docs/specification.md "Delivery and order").
   */
  remembered(channel: string, externalUserId: string): Identified | undefined {
    const hit = this.identities.get(`${channel}\u0000${externalUserId}`);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  private async lookUp(
    channel: string,
    externalUserId: string,
    phoneCandidates: string[],
    aliases: readonly string[],
  ): Promise<Identified | undefined> {
    // findUnique first: Prisma batches concurrent findUnique calls into one query, so messages
    // of one chat handed over together are identified together (and queued in their order).
    const identity = await this.db.channelIdentity.findUnique({
      where: { channel_externalId: { channel, externalId: externalUserId } },
    });
    if (identity) return { tenantId: identity.tenantId, userId: identity.userId };
    const others = aliases.filter((alias) => alias !== externalUserId);
    if (others.length > 0) {
      const found = await this.db.channelIdentity.findMany({
        where: { channel, externalId: { in: others } },
      });
      const byAlias = others
        .map((id) => found.find((row) => row.externalId === id))
        .find((row) => row !== undefined);
      if (byAlias) {
        await this.linkAlso(byAlias, channel, externalUserId);
        return { tenantId: byAlias.tenantId, userId: byAlias.userId };
      }
    }
    if (phoneCandidates.length > 0) {
      const users = await this.db.user.findMany({ where: { phone: { in: phoneCandidates } }, take: 2 });
      // A phone registered in two tenants is ambiguous: the person must link with an invite.
      if (users.length === 1) return { tenantId: users[0]!.tenantId, userId: users[0]!.id };
    }
    return undefined;
  }

  /**
   * Found under an alias only (linked by invite while WhatsApp gave only the LID): the id the
   * platform now gives first is linked to the same user too, so the identity no longer depends
   * on the alias coming along.
   */
  private async linkAlso(
    identity: { tenantId: string; userId: string },
    channel: string,
    externalId: string,
  ): Promise<void> {
    await this.db.channelIdentity.createMany({
      data: [{ tenantId: identity.tenantId, userId: identity.userId, channel, externalId }],
      skipDuplicates: true,
    });
  }
}

export interface Identified {
  tenantId: string;
  userId: string;
}

/** Bounds the identity cache of a channel process talking to very many people. */
const MAX_CACHED_IDENTITIES = 50_000;

/** A tenant's own provider per task, from its settings; anything unknown is ignored. */
function tenantProviders(value: unknown): { providers?: Partial<Record<AiTask, AiProviderName>> } {
  if (typeof value !== 'object' || value === null) return {};
  const providers: Partial<Record<AiTask, AiProviderName>> = {};
  for (const task of AI_TASKS) {
    const name = (value as Record<string, unknown>)[task];
    if (AI_PROVIDER_NAMES.includes(name as AiProviderName)) providers[task] = name as AiProviderName;
  }
  return Object.keys(providers).length > 0 ? { providers } : {};
}

export function toTenantProfile(row: {
  id: string;
  slug: string;
  name: string;
  pack: string;
  locale: string;
  timeZone: string;
  currency: string;
  aiSettings: unknown;
}): TenantProfile {
  const ai = (row.aiSettings ?? {}) as Record<string, unknown>;
  if (!isLocale(row.locale)) throw new Error(`tenant ${row.slug} has an unknown locale ${row.locale}`);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    pack: row.pack as DomainPackId,
    locale: row.locale,
    timeZone: row.timeZone,
    currency: row.currency,
    ai: {
      enabled: ai.enabled === true,
      mode: MODES.includes(ai.mode as UnderstandingMode) ? (ai.mode as UnderstandingMode) : 'offline',
      plan: typeof ai.plan === 'string' ? ai.plan : 'basic',
      features: Array.isArray(ai.features)
        ? ai.features.filter((f): f is string => typeof f === 'string')
        : [],
      ...tenantProviders(ai.providers),
    },
  };
}
