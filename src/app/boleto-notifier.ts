import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { asOutboundDocument, type BoletoPdfs, type PrintableBoleto } from '../core/boleto-pdf';
import { formatDate, formatMoney } from '../core/format';
import type { Locale } from '../core/locale';
import type { OutboundMessageInput } from '../core/messages';
import { repeatRounds } from '../core/rounds';
import { formatDigitableLine } from '../domains/boleto-issuing/febraban';
import type { DomainPack, DomainPackId } from '../domains/types';
import type { Outbox } from '../queues/outbox';
import type { PrismaClient } from '../stores/prisma/client';
import type { UserChatStore } from '../stores/user-chat-store';
import { noticeToUser } from './user-notice';

interface PendingNotice {
  id: string;
  tenantId: string;
  kind: 'paid' | 'overdue' | 'issued';
  number: number;
  amountCents: number;
  paidCents: number | null;
  dueDate: Date;
  digitableLine: string;
  barcode: string;
  provider: string;
  pdfUrl: string | null;
  contactName: string;
  tenantName: string;
  pack: DomainPackId;
  locale: string;
  digest: boolean;
}

/** One message for a tenant's owners: its text, the notices it carries, and a file perhaps. */
interface Composed {
  tenantId: string;
  key: string;
  text: string;
  noticeIds: string[];
  document?: OutboundMessageInput['document'];
}

/**
 * Tells a tenant's owners what happened to their boletos (`boleto_notices`): paid or overdue
 * (left by the webhook, the reconciler or a status check), and issued without being sent to the
 * customer (the PDF, for the owner to forward). Every `everyMs` a pipeline process claims the
 * due notices (`FOR UPDATE SKIP LOCKED`), hands the messages to each owner's channel — the chat
 * of their own they last wrote from — and marks the notices sent, in one transaction.
 *
 * Batched: a tenant's paid/overdue notices found in one round go as one message. A tenant with
 * a digest hour gets them once a day instead: at that hour (its time zone), everything noticed
 * before it. An issued boleto's PDF goes at once, one message each. A message's id comes from
 * its notices and the owner, so a hand-over repeated after a failed commit is sent once. An
 * owner who never wrote in a chat of their own cannot be reached: the notice is kept `no_chat`.
 */
export function startBoletoNotifier(deps: {
  db: PrismaClient;
  outbox: Outbox;
  chats: UserChatStore;
  pdfs: BoletoPdfs;
  /** Only these tenants' notices (test files sharing one database); default all. */
  onlyTenants?: () => readonly string[];
  packFor: (id: DomainPackId) => DomainPack;
  everyMs: number;
  logger: Logger;
  batch?: number;
}): { stop(): Promise<void>; runOnce(): Promise<number> } {
  const stopping = new AbortController();
  const batch = deps.batch ?? 50;

  async function runOnce(): Promise<number> {
    return deps.db.$transaction(
      async (tx) => {
        // A digest tenant's notice is due once the last digest moment (its hour today, or
        // yesterday before that hour) has passed since it was noticed. Timestamps are UTC.
        const notices = await tx.$queryRaw<PendingNotice[]>`
          WITH moments AS (
            SELECT t.id,
                   date_trunc('day', now() AT TIME ZONE t."timeZone")
                     + make_interval(hours => t."noticeDigestHour") AS today_local,
                   now() AT TIME ZONE t."timeZone" AS now_local
            FROM tenants t WHERE t."noticeDigestHour" IS NOT NULL
          )
          SELECT n.id, n."tenantId", n.kind, b.number, b."amountCents", b."paidCents", b."dueDate",
                 b."digitableLine", b.barcode, b.provider, b."pdfUrl",
                 c.name AS "contactName", t.name AS "tenantName", t.pack::text AS pack, t.locale,
                 (t."noticeDigestHour" IS NOT NULL AND n.kind <> 'issued') AS digest
          FROM boleto_notices n
          JOIN boletos b ON b.id = n."boletoId"
          JOIN contacts c ON c.id = b."contactId"
          JOIN tenants t ON t.id = n."tenantId"
          LEFT JOIN moments m ON m.id = t.id
          WHERE n.status = 'pending'
            AND (${deps.onlyTenants === undefined} OR n."tenantId" = ANY(${[...(deps.onlyTenants?.() ?? [])]}::uuid[]))
            AND (m.id IS NULL OR n.kind = 'issued'
              OR n."createdAt" < ((CASE WHEN m.today_local > m.now_local
                                        THEN m.today_local - interval '1 day'
                                        ELSE m.today_local END)
                                  AT TIME ZONE t."timeZone") AT TIME ZONE 'UTC')
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
        // A pack without a notice's sentence is a defect: said loudly, and its notices are set
        // aside as failed rather than blocking every notice after them.
        const speakable = notices.filter((notice) => hasSentences(deps.packFor(notice.pack), notice.kind));
        const failed = notices.filter((notice) => !speakable.includes(notice)).map((notice) => notice.id);
        if (failed.length > 0) {
          deps.logger.error({ noticeIds: failed }, 'pack has no sentence for these boleto notices');
          await tx.boletoNotice.updateMany({ where: { id: { in: failed } }, data: { status: 'failed' } });
        }
        const composed = await compose(speakable, deps);
        const messages = [];
        const reached: string[] = [];
        const unreachable: string[] = [];
        for (const message of composed) {
          const to = owners.filter((o) => o.tenantId === message.tenantId && chats.has(o.id));
          if (to.length === 0) {
            unreachable.push(...message.noticeIds);
            continue;
          }
          reached.push(...message.noticeIds);
          for (const owner of to) {
            const chat = chats.get(owner.id)!;
            messages.push(
              noticeToUser(chat, {
                id: `${message.key}:${owner.id}`,
                tenantId: message.tenantId,
                userId: owner.id,
                correlationId: message.key,
                text: message.text,
                ...(message.document ? { document: message.document } : {}),
              }),
            );
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
          await tx.boletoNotice.updateMany({
            where: { id: { in: unreachable } },
            data: { status: 'no_chat' },
          });
        return notices.length;
      },
      // A provider's PDF may take a few seconds to download.
      { timeout: 60_000 },
    );
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

/** The round's notices as messages: each issued boleto alone with its PDF, the rest per tenant. */
async function compose(
  notices: PendingNotice[],
  deps: { pdfs: BoletoPdfs; packFor: (id: DomainPackId) => DomainPack; logger: Logger },
): Promise<Composed[]> {
  // The PDFs together: the round's transaction holds its notices while providers answer, so it
  // lasts one download's time-out at most, not one per boleto (a provider that is down would
  // otherwise outlast the transaction, and every round after it).
  const composed: Composed[] = await Promise.all(
    notices.filter((notice) => notice.kind === 'issued').map((notice) => issued(notice, deps)),
  );
  const updates = new Map<string, PendingNotice[]>();
  for (const notice of notices) {
    if (notice.kind !== 'issued')
      updates.set(notice.tenantId, [...(updates.get(notice.tenantId) ?? []), notice]);
  }
  for (const [tenantId, group] of updates) {
    const pack = deps.packFor(group[0]!.pack);
    const lines = group.map((notice) => pack.say(`notice_${notice.kind}`, params(notice)));
    const ids = group.map((notice) => notice.id);
    const header = group[0]!.digest ? 'notice_digest_header' : 'notice_batch_header';
    composed.push({
      tenantId,
      key:
        group.length === 1
          ? `boleto-notice:${ids[0]}`
          : `boleto-notices:${createHash('sha256').update(ids.sort().join(',')).digest('hex').slice(0, 32)}`,
      text:
        group.length === 1 && !group[0]!.digest
          ? lines[0]!
          : [pack.say(header, { count: group.length }), ...lines.map((line) => `• ${line}`)].join('\n'),
      noticeIds: ids,
    });
  }
  return composed;
}

/** An issued boleto for the owner to forward: its PDF, or its line alone when no PDF can be had. */
async function issued(
  notice: PendingNotice,
  deps: { pdfs: BoletoPdfs; packFor: (id: DomainPackId) => DomainPack; logger: Logger },
): Promise<Composed> {
  const pack = deps.packFor(notice.pack);
  const base = { tenantId: notice.tenantId, key: `boleto-notice:${notice.id}`, noticeIds: [notice.id] };
  const printable: PrintableBoleto = {
    number: notice.number,
    amountCents: notice.amountCents,
    dueDate: notice.dueDate.toISOString().slice(0, 10),
    digitableLine: notice.digitableLine,
    barcode: notice.barcode,
    contactName: notice.contactName,
    tenantName: notice.tenantName,
    provider: notice.provider,
    pdfUrl: notice.pdfUrl,
  };
  try {
    const pdf = await deps.pdfs.pdfOf(printable);
    return {
      ...base,
      text: pack.say('notice_issued', params(notice)),
      document: asOutboundDocument(pdf),
    };
  } catch (error) {
    deps.logger.warn({ err: error, noticeId: notice.id }, 'boleto PDF unavailable; the owner gets the line');
    return { ...base, text: pack.say('notice_issued_no_pdf', params(notice)) };
  }
}

const SENTENCES: Record<PendingNotice['kind'], string[]> = {
  paid: ['notice_paid', 'notice_batch_header', 'notice_digest_header'],
  overdue: ['notice_overdue', 'notice_batch_header', 'notice_digest_header'],
  issued: ['notice_issued', 'notice_issued_no_pdf'],
};

function hasSentences(pack: DomainPack, kind: PendingNotice['kind']): boolean {
  return (SENTENCES[kind] ?? []).every((key) => {
    try {
      pack.say(key, { number: 1, contact: '-', amount: '-', dueDate: '-', line: '-', count: 1 });
      return true;
    } catch {
      return false;
    }
  });
}

/** A notice's values, in the tenant's currency and date format. */
function params(notice: PendingNotice): Record<string, string | number> {
  const locale = notice.locale as Locale;
  return {
    number: notice.number,
    contact: notice.contactName,
    amount: formatMoney(
      notice.kind === 'paid' ? (notice.paidCents ?? notice.amountCents) : notice.amountCents,
      locale,
    ),
    dueDate: formatDate(notice.dueDate.toISOString().slice(0, 10), locale),
    line: formatDigitableLine(notice.digitableLine),
  };
}
