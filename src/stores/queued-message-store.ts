import type { PrismaClient } from '../generated/prisma/client';
import type { ClaimedMessage, ContactChannel, MessageOutbox } from '../core/message-outbox';

type ClaimedRow = Omit<ClaimedMessage, 'boleto'> & {
  boletoNumber: number | null;
  amountCents: number | null;
  dueDate: Date | null;
  digitableLine: string | null;
  barcode: string | null;
  provider: string | null;
  pdfUrl: string | null;
  contactName: string | null;
};

/**
 * The queued_messages table as the deliverer's outbox. A claim is a lease: the row is
 * 'sending' until `claimedUntil`; a deliverer that dies mid-send leaves it to be claimed again
 * after that. Every later write is fenced by the attempt number, so a deliverer whose lease
 * ran out cannot overwrite what the next one recorded.
 */
export class PrismaMessageOutbox implements MessageOutbox {
  /**
   * `tenants`: claim only these tenants' messages (a deliverer serving part of the tenants; the
   * test files, which share one database, each deliver their own). Absent: every tenant's.
   */
  constructor(
    private readonly db: PrismaClient,
    private readonly tenants?: () => readonly string[],
  ) {}

  async claimDue(
    limit: number,
    leaseMs: number,
    channels: readonly ContactChannel[],
  ): Promise<ClaimedMessage[]> {
    const rows = await this.db.$queryRaw<ClaimedRow[]>`
      WITH due AS (
        SELECT id FROM queued_messages
        WHERE channel = ANY(${[...channels]}::text[])
          AND (${this.tenants === undefined} OR "tenantId" = ANY(${[...(this.tenants?.() ?? [])]}::uuid[]))
          AND ((status = 'pending' AND "nextAttemptAt" <= now())
            OR (status = 'sending' AND "claimedUntil" < now()))
        ORDER BY "nextAttemptAt"
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE queued_messages q
        SET status = 'sending', attempts = q.attempts + 1,
            "claimedUntil" = now() + make_interval(secs => ${leaseMs / 1000})
        FROM due WHERE q.id = due.id
        RETURNING q.id, q."tenantId", q.channel, q.address, q.content, q."correlationId", q.attempts,
                  q."boletoId"
      )
      SELECT c.id, c."tenantId", c.channel, c.address, c.content, c."correlationId", c.attempts,
             t.name AS "tenantName", t.locale,
             b.number AS "boletoNumber", b."amountCents", b."dueDate", b."digitableLine", b.barcode,
             b.provider, b."pdfUrl", bc.name AS "contactName"
      FROM claimed c JOIN tenants t ON t.id = c."tenantId"
      LEFT JOIN boletos b ON b.id = c."boletoId"
      LEFT JOIN contacts bc ON bc.id = b."contactId"`;
    return rows.map(
      ({
        boletoNumber,
        amountCents,
        dueDate,
        digitableLine,
        barcode,
        provider,
        pdfUrl,
        contactName,
        ...message
      }) =>
        boletoNumber === null
          ? message
          : {
              ...message,
              boleto: {
                number: boletoNumber,
                amountCents: amountCents!,
                dueDate: dueDate!.toISOString().slice(0, 10),
                digitableLine: digitableLine!,
                barcode: barcode!,
                provider: provider!,
                pdfUrl,
                contactName: contactName!,
                tenantName: message.tenantName,
              },
            },
    );
  }

  async markSent(id: string, attempt: number): Promise<void> {
    await this.db.$executeRaw`
      UPDATE queued_messages
      SET status = 'sent', "sentAt" = now(), "claimedUntil" = NULL, "lastError" = NULL
      WHERE id = ${id}::uuid AND status = 'sending' AND attempts = ${attempt}`;
  }

  async markRetry(id: string, attempt: number, error: string, at: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE queued_messages
      SET status = 'pending', "nextAttemptAt" = ${at}, "claimedUntil" = NULL, "lastError" = ${error}
      WHERE id = ${id}::uuid AND status = 'sending' AND attempts = ${attempt}`;
  }

  async markFailed(id: string, attempt: number, error: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE queued_messages
      SET status = 'failed', "claimedUntil" = NULL, "lastError" = ${error}
      WHERE id = ${id}::uuid AND status = 'sending' AND attempts = ${attempt}`;
  }

  async release(id: string, attempt: number, at: Date = new Date()): Promise<void> {
    await this.db.$executeRaw`
      UPDATE queued_messages
      SET status = 'pending', attempts = attempts - 1, "claimedUntil" = NULL, "nextAttemptAt" = ${at}
      WHERE id = ${id}::uuid AND status = 'sending' AND attempts = ${attempt}`;
  }

  async sentSince(
    tenantId: string,
    channel: ContactChannel,
    since: Date,
  ): Promise<{ count: number; last?: Date }> {
    const [row] = await this.db.$queryRaw<{ count: number; last: Date | null }[]>`
      SELECT count(*)::int AS count, max("sentAt") AS last FROM queued_messages
      WHERE "tenantId" = ${tenantId}::uuid AND channel = ${channel} AND status = 'sent' AND "sentAt" >= ${since}`;
    return { count: row?.count ?? 0, ...(row?.last ? { last: row.last } : {}) };
  }
}
