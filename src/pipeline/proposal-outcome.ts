import type { ProposalOutcome } from './ports';

/** The part of a ledger row that says what became of a proposal. */
export interface ProposalRow {
  tenantId: string;
  conversationId: string;
  userId: string;
  status: string;
  error?: string | null;
  expiresAt: Date;
}

/**
 * What became of a proposal, for the person pressing its button (every ledger answers the
 * same way): one made for someone else in the tenant (a group) is `not_yours` and tells nothing
 * more; another tenant's, or one of another conversation, is `unknown`; a PROPOSED one past its
 * deadline, or one cancelled for being late, is `expired`; EXECUTING or COMPLETED is
 * `confirmed`; FAILED or CANCELLED otherwise is `cancelled`.
 */
export function proposalOutcome(
  row: ProposalRow | undefined,
  binding: { tenantId: string; conversationId: string; userId: string },
  now: Date,
): ProposalOutcome {
  // Another tenant's proposal is not told about at all; in a group each person has a
  // conversation of their own, so someone else's proposal there is "not yours".
  if (!row || row.tenantId !== binding.tenantId) return 'unknown';
  if (row.userId !== binding.userId) return 'not_yours';
  if (row.conversationId !== binding.conversationId) return 'unknown';
  switch (row.status) {
    case 'PROPOSED':
      return row.expiresAt <= now ? 'expired' : 'pending';
    case 'EXECUTING':
    case 'COMPLETED':
      return 'confirmed';
    case 'CANCELLED':
      return row.error === 'expired' ? 'expired' : 'cancelled';
    default:
      return 'cancelled';
  }
}
