import type { PrismaClient } from '../generated/prisma/client';
import type { ClaimedMessage, ContactChannel, MessageOutbox } from '../core/message-outbox';

/**
 * The queued_messages table as the deliverer's outbox. A claim is a lease: the row is
 * 'sending' until `claimedUntil`; a deliverer that dies mid-send leaves it to be claimed again
 * after that. Every later write is fenced by the attempt number, so a deliverer whose lease
 * ran out cannot overwrite what the next one recorded.
 */
export class PrismaMessageOutbox implements MessageOutbox {
  constructor(private readonly db: PrismaClient) {}

  async claimDue(
    limit: number,
    leaseMs: number,
    channels: readonly ContactChannel[],
  ): Promise<ClaimedMessage[]> {
    return this.db.$queryRaw<ClaimedMessage[]>`
      WITH due AS (
        SELECT id FROM queued_messages
        WHERE channel = ANY(${[...channels]}::text[])
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
        RETURNING q.id, q."tenantId", q.channel, q.address, q.content, q."correlationId", q.attempts
      )
      SELECT c.id, c."tenantId", c.channel, c.address, c.content, c."correlationId", c.attempts,
             t.name AS "tenantName", t.locale
      FROM claimed c JOIN tenants t ON t.id = c."tenantId"`;
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
