import type { Logger } from 'pino';
import { repeatRounds } from '../core/rounds';
import { formatDate, formatMoney } from '../core/format';
import type { Locale } from '../core/locale';
import type { DomainPack, DomainPackId } from '../domains/types';
import type { Outbox } from '../queues/outbox';
import type { PrismaClient } from '../stores/prisma/client';
import type { UserChatStore } from '../stores/user-chat-store';
import { conversationIdFor } from './ingress';

interface PendingNotice {
  id: string;
  tenantId: string;
  kind: 'paid' | 'overdue';
  number: number;
  amountCents: number;
  paidCents: number | null;
  dueDate: Date;
  contactName: string;
  pack: DomainPackId;
  locale: string;
}

/**
 * Tells a tenant's owners when a boleto was paid or became overdue (`boleto_notices`, left by
 * the webhook, the reconciler or a status check). Every `everyMs` a pipeline process claims the
 * pending notices (`FOR UPDATE SKIP LOCKED`), hands one message per notice and owner to the
 * owner's channel — the chat of their own they last wrote from — and marks them sent, in one
 * transaction. The message id is the notice's and the owner's, so a notice handed over twice (a
 * commit that failed after the hand-over) is queued and sent once. An owner who never wrote in a
 * chat of their own cannot be reached: the notice is kept as `no_chat`.
 */
export function startBoletoNotifier(deps: {
  db: PrismaClient;
  outbox: Outbox;
  chats: UserChatStore;
  packFor: (id: DomainPackId) => DomainPack;
  everyMs: number;
  logger: Logger;
  batch?: number;
}): { stop(): Promise<void>; runOnce(): Promise<number> } {
  const stopping = new AbortController();
  const batch = deps.batch ?? 50;

  async function runOnce(): Promise<number> {
    return deps.db.$transaction(async (tx) => {
      const notices = await tx.$queryRaw<PendingNotice[]>`
        SELECT n.id, n."tenantId", n.kind, b.number, b."amountCents", b."paidCents", b."dueDate",
               c.name AS "contactName", t.pack::text AS pack, t.locale
        FROM boleto_notices n
        JOIN boletos b ON b.id = n."boletoId"
        JOIN contacts c ON c.id = b."contactId"
        JOIN tenants t ON t.id = n."tenantId"
        WHERE n.status = 'pending'
        ORDER BY n."createdAt"
        LIMIT ${batch}
        FOR UPDATE OF n SKIP LOCKED`;
      if (notices.length === 0) return 0;
      const tenantIds = [...new Set(notices.map((n) => n.tenantId))];
      const owners = await tx.user.findMany({
        where: { tenantId: { in: tenantIds }, role: 'owner' },
        select: { id: true, tenantId: true },
      });
      const chats = await deps.chats.latest(owners.map((o) => o.id));
      const messages = [];
      const reached: string[] = [];
      const unreachable: string[] = [];
      for (const notice of notices) {
        const text = sentence(deps.packFor(notice.pack), notice);
        // A pack without the notice's sentence is a defect: said loudly, and the notice is kept
        // rather than blocking every notice after it.
        if (text === undefined)
          deps.logger.error(
            { noticeId: notice.id, pack: notice.pack },
            `pack has no sentence notice_${notice.kind}`,
          );
        const to = owners.filter((o) => o.tenantId === notice.tenantId && chats.has(o.id));
        if (to.length === 0 || text === undefined) {
          unreachable.push(notice.id);
          continue;
        }
        reached.push(notice.id);
        for (const owner of to) {
          const chat = chats.get(owner.id)!;
          messages.push({
            id: `boleto-notice:${notice.id}:${owner.id}`,
            channel: chat.channel as never,
            account: chat.account,
            chatId: chat.chatId,
            tenantId: notice.tenantId,
            conversationId: conversationIdFor(notice.tenantId, chat.channel, chat.chatId, owner.id),
            correlationId: `boleto-notice:${notice.id}`,
            text,
            noticeToUser: true as const,
          });
        }
      }
      await deps.outbox.send(messages);
      const now = new Date();
      if (reached.length > 0)
        await tx.boletoNotice.updateMany({
          where: { id: { in: reached } },
          data: { status: 'sent', sentAt: now },
        });
      if (unreachable.length > 0)
        await tx.boletoNotice.updateMany({ where: { id: { in: unreachable } }, data: { status: 'no_chat' } });
      return notices.length;
    });
  }

  // A full batch means more may wait: go again at once.
  const loop = repeatRounds(
    stopping.signal,
    deps.everyMs,
    async () => ((await runOnce()) >= batch ? 'more' : 'done'),
    (error) => deps.logger.warn({ err: error }, 'boleto notices not sent; trying again at the next round'),
  );

  return {
    runOnce,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

/** The pack's sentence for a notice, in the tenant's currency and date format. */
function sentence(pack: DomainPack, notice: PendingNotice): string | undefined {
  const locale = notice.locale as Locale;
  const params = {
    number: notice.number,
    contact: notice.contactName,
    amount: formatMoney(
      notice.kind === 'paid' ? (notice.paidCents ?? notice.amountCents) : notice.amountCents,
      locale,
    ),
    dueDate: formatDate(notice.dueDate.toISOString().slice(0, 10), locale),
  };
  try {
    return pack.say(`notice_${notice.kind}`, params);
  } catch {
    return undefined;
  }
}
