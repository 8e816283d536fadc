import type { Db } from '../domains/types';
import { isUniqueViolation } from '../domains/unique-violation';
import type { ActionLedger, ClaimResult, ProposalOutcome, ProposalTimes } from '../pipeline/ports';
import { proposalOutcome } from '../pipeline/proposal-outcome';
import type { PrismaClient } from './prisma/client';

type Json = Parameters<PrismaClient['action']['create']>[0]['data']['params'];

/** The error of an action whose execution never finished (its message ran out of retries). */
export const EXECUTION_TIMEOUT = 'execution_timeout';
const EXECUTION_TIMEOUT_MS = 30_000;

/** The action ledger on PostgreSQL (table `actions`). */
export class PrismaActionLedger implements ActionLedger {
  constructor(private readonly db: PrismaClient) {}

  async propose(action: Parameters<ActionLedger['propose']>[0]): Promise<ProposalTimes> {
    // `create`, not `createMany` with skipDuplicates: Prisma caches the plan of every query shape
    // but `createMany`'s, which ran its query compiler on every proposal (README, "Performance").
    try {
      await this.db.action.create({
        data: {
          nonce: action.nonce,
          tenantId: action.tenantId,
          conversationId: action.conversationId,
          userId: action.userId,
          tool: action.tool,
          params: action.params as Json,
          status: 'PROPOSED',
          correlationId: action.correlationId,
          proposedAt: action.proposedAt,
          expiresAt: action.expiresAt,
        },
        select: { nonce: true },
      });
      return { proposedAt: action.proposedAt, expiresAt: action.expiresAt };
    } catch (error) {
      // A retried turn proposes its nonce again (see Turn.newNonce): the first proposal stands.
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await this.db.action.findUnique({ where: { nonce: action.nonce } });
    const same =
      row &&
      row.tenantId === action.tenantId &&
      row.conversationId === action.conversationId &&
      row.userId === action.userId &&
      row.correlationId === action.correlationId;
    if (!same) throw new Error(`action nonce ${action.nonce} is already taken by another proposal`);
    return { proposedAt: row.proposedAt, expiresAt: row.expiresAt };
  }

  async outcomeOf(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    now: Date,
  ): Promise<ProposalOutcome> {
    const row = await this.db.action.findUnique({ where: { nonce } });
    return proposalOutcome(row ?? undefined, binding, now);
  }

  async cancel(nonce: string, reason: 'rejected' | 'superseded' | 'expired'): Promise<void> {
    await this.db.action.updateMany({
      where: { nonce, status: 'PROPOSED' },
      data: { status: 'CANCELLED', error: reason, decidedAt: new Date() },
    });
  }

  /**
   * Marks proposals past their TTL `CANCELLED` ("expired"), a batch at a time, so the table says
   * what happened to them without anyone answering (a "sim" after the TTL already finds them
   * expired either way). Returns how many. Proposals a worker has locked are left for next time.
   */
  async expireStale(now: Date, batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.db.$executeRaw`
        UPDATE actions SET status = 'CANCELLED', error = 'expired', "decidedAt" = ${now}, "updatedAt" = now()
        WHERE nonce IN (
          SELECT nonce FROM actions
          WHERE status = 'PROPOSED' AND "expiresAt" <= ${now}
          ORDER BY "expiresAt"
          LIMIT ${batch}
          FOR UPDATE SKIP LOCKED)`;
      total += expired;
      if (expired < batch) return total;
    }
  }

  async claim(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    messageId: string,
    now: Date,
  ): Promise<ClaimResult> {
    const claimed = await this.db.action.updateMany({
      where: { nonce, ...binding, status: 'PROPOSED', expiresAt: { gt: now } },
      data: { status: 'EXECUTING', claimedBy: messageId, decidedAt: now },
    });
    if (claimed.count === 1) return { status: 'claimed' };
    const row = await this.db.action.findUnique({ where: { nonce } });
    if (
      !row ||
      row.tenantId !== binding.tenantId ||
      row.conversationId !== binding.conversationId ||
      row.userId !== binding.userId
    ) {
      return { status: 'unknown' };
    }
    switch (row.status) {
      case 'COMPLETED':
        return {
          status: 'completed',
          result: (row.result ?? {}) as Record<string, unknown>,
          byThisMessage: row.claimedBy === messageId,
        };
      case 'EXECUTING': {
        if (row.claimedBy === messageId) return { status: 'resume' };
        // docs/specification.md#confirmation: EXECUTING -> FAILED after 30 s. The use case writes and completes in one
        // transaction, so an action still EXECUTING this late wrote nothing: its message ran out
        // of retries. Another answer fails it instead of waiting on it forever.
        const stale = row.decidedAt && now.getTime() - row.decidedAt.getTime() > EXECUTION_TIMEOUT_MS;
        if (!stale) return { status: 'busy' };
        const failed = await this.db.action.updateMany({
          where: { nonce, status: 'EXECUTING', claimedBy: row.claimedBy },
          data: { status: 'FAILED', error: EXECUTION_TIMEOUT, completedAt: now },
        });
        return failed.count === 1
          ? { status: 'failed', error: EXECUTION_TIMEOUT, params: {} }
          : { status: 'busy' };
      }
      case 'FAILED':
        return {
          status: 'failed',
          error: row.error ?? '',
          params: (row.result as { failure?: Record<string, string | number> } | null)?.failure ?? {},
        };
      case 'CANCELLED':
        return { status: 'cancelled' };
      default:
        // PROPOSED but past its TTL (or DETECTED): it can no longer be confirmed.
        await this.cancel(nonce, 'expired');
        return { status: 'expired' };
    }
  }

  async complete(db: Db, nonce: string, result: Record<string, unknown>, now: Date): Promise<void> {
    const done = await db.action.updateMany({
      where: { nonce, status: 'EXECUTING' },
      data: { status: 'COMPLETED', result: result as Json, completedAt: now },
    });
    if (done.count !== 1) throw new Error(`action ${nonce} was not EXECUTING when completing`);
  }

  async fail(
    nonce: string,
    error: string,
    now: Date,
    params: Record<string, string | number> = {},
  ): Promise<void> {
    // A failed action has no result; the refusal's values are kept there so a retried message
    // can explain it again (its sentence may need them: "Não encontrei ... {name}").
    await this.db.action.updateMany({
      where: { nonce, status: 'EXECUTING' },
      data: { status: 'FAILED', error, result: { failure: params } as Json, completedAt: now },
    });
  }
}
