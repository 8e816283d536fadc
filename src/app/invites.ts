import { randomBytes } from 'node:crypto';
import type { Locale } from '../core/locale';
import { isLocale } from '../core/locale';
import type { UserRole } from '../domains/types';
import type { PrismaClient } from '../stores/prisma/client';

/** Invite codes avoid look-alike characters (0/O, 1/I/L) so they survive being read aloud. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export async function createInvite(
  db: PrismaClient,
  input: { tenantSlug: string; role: UserRole; userName: string; ttlSec: number; phone?: string },
): Promise<{ code: string; expiresAt: Date }> {
  const tenant = await db.tenant.findUnique({ where: { slug: input.tenantSlug } });
  if (!tenant) throw new Error(`no tenant "${input.tenantSlug}"`);
  const code = newInviteCode();
  const expiresAt = new Date(Date.now() + input.ttlSec * 1000);
  await db.invite.create({
    data: { code, tenantId: tenant.id, role: input.role, userName: input.userName, expiresAt },
  });
  return { code, expiresAt };
}

export type LinkResult =
  | { status: 'linked'; userName: string; locale: Locale }
  | { status: 'already_linked'; locale: Locale | undefined }
  | { status: 'invalid'; locale: Locale | undefined };

/**
 * Links a platform account with a one-time invite: creates the user and the identity, and
 * marks the invite used, in one transaction (a code cannot be used twice, even at once).
 */
export async function linkIdentity(
  db: PrismaClient,
  input: { code: string; channel: string; externalId: string; displayName?: string | undefined },
): Promise<LinkResult> {
  const code = input.code
    .trim()
    .toUpperCase()
    .replace(/^IRIS-/, '');
  const existing = await db.channelIdentity.findUnique({
    where: { channel_externalId: { channel: input.channel, externalId: input.externalId } },
    include: { tenant: true },
  });
  if (existing)
    return {
      status: 'already_linked',
      locale: isLocale(existing.tenant.locale) ? existing.tenant.locale : undefined,
    };
  if (!/^[A-Z0-9]{4,32}$/.test(code)) return { status: 'invalid', locale: undefined };
  return db.$transaction(async (tx) => {
    const used = await tx.invite.updateMany({
      where: { code, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date(), usedBy: `${input.channel}:${input.externalId}` },
    });
    if (used.count !== 1) return { status: 'invalid', locale: undefined } as const;
    const invite = await tx.invite.findUniqueOrThrow({ where: { code }, include: { tenant: true } });
    const user = await tx.user.create({
      data: {
        tenantId: invite.tenantId,
        name: invite.userName || input.displayName || 'User',
        role: invite.role,
      },
    });
    await tx.channelIdentity.create({
      data: {
        tenantId: invite.tenantId,
        userId: user.id,
        channel: input.channel,
        externalId: input.externalId,
      },
    });
    const locale = isLocale(invite.tenant.locale) ? invite.tenant.locale : 'pt-BR';
    return { status: 'linked', userName: user.name, locale } as const;
  });
}
