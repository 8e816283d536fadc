import type { Logger } from 'pino';
import type { OutboundMessageInput } from '../core/messages';
import { repeatRounds } from '../core/rounds';
import type { DomainPack, DomainPackId } from '../domains/types';
import type { Outbox } from '../queues/outbox';
import type { PrismaClient } from '../stores/prisma/client';
import type { UserChatStore } from '../stores/user-chat-store';
import { noticeToUser } from './user-notice';

interface PendingDelivery {
  id: string;
  userId: string;
  noticeId: string;
  text: string;
  tenantId: string;
  tenantName: string;
  pack: DomainPackId;
}

/**
 * Sends the síndico's notices to the residents (`condo_notice_deliveries`): every `everyMs` a
 * pipeline process claims the pending deliveries (`FOR UPDATE SKIP LOCKED`), hands each to the
 * chat the resident last wrote from and marks it sent, in one transaction. A message's id is the
 * delivery's, so a hand-over repeated after a failed commit is sent once. A resident who never
 * wrote in a chat cannot be reached: the delivery is kept `no_chat`.
 */
export function startCondoNoticeDeliverer(deps: {
  db: PrismaClient;
  outbox: Outbox;
  chats: UserChatStore;
  packFor: (id: DomainPackId) => DomainPack;
  /** Only these tenants' notices (test files sharing one database); default all. */
  onlyTenants?: () => readonly string[];
  everyMs: number;
  logger: Logger;
  batch?: number;
}): { stop(): Promise<void>; runOnce(): Promise<number> } {
  const stopping = new AbortController();
  const batch = deps.batch ?? 100;

  async function runOnce(): Promise<number> {
    return deps.db.$transaction(async (tx) => {
      const only = deps.onlyTenants?.();
      const rows = await tx.$queryRaw<PendingDelivery[]>`
        SELECT d.id, d."userId", d."noticeId", n.text, n."tenantId", t.name AS "tenantName", t.pack::text AS pack
        FROM condo_notice_deliveries d
        JOIN condo_notices n ON n.id = d."noticeId"
        JOIN tenants t ON t.id = n."tenantId"
        WHERE d.status = 'pending'
          AND (${only === undefined} OR n."tenantId"::text = ANY(${only ?? []}::text[]))
        ORDER BY n."createdAt"
        LIMIT ${batch}
        FOR UPDATE OF d SKIP LOCKED`;
      if (rows.length === 0) return 0;
      const chats = await deps.chats.latest(rows.map((r) => r.userId));
      const messages: OutboundMessageInput[] = [];
      const sent: string[] = [];
      const unreachable: string[] = [];
      for (const row of rows) {
        const chat = chats.get(row.userId);
        if (!chat) {
          unreachable.push(row.id);
          continue;
        }
        sent.push(row.id);
        messages.push(
          noticeToUser(chat, {
            id: `condo-notice:${row.id}`,
            tenantId: row.tenantId,
            userId: row.userId,
            correlationId: `condo-notice:${row.noticeId}`,
            text: deps
              .packFor(row.pack)
              .say('notice_to_resident', { tenant: row.tenantName, text: row.text }),
          }),
        );
      }
      await deps.outbox.send(messages);
      const now = new Date();
      if (sent.length > 0)
        await tx.condoNoticeDelivery.updateMany({
          where: { id: { in: sent } },
          data: { status: 'sent', sentAt: now },
        });
      if (unreachable.length > 0)
        await tx.condoNoticeDelivery.updateMany({
          where: { id: { in: unreachable } },
          data: { status: 'no_chat' },
        });
      return rows.length;
    });
  }

  const loop = repeatRounds(
    stopping.signal,
    deps.everyMs,
    async () => ((await runOnce()) >= batch ? 'more' : 'done'),
    (error) =>
      deps.logger.warn({ err: error }, 'condominium notices not sent; trying again at the next round'),
  );
  return {
    runOnce,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
