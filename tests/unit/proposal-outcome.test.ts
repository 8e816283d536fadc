import { proposalOutcome, type ProposalRow } from '../../src/pipeline/proposal-outcome';

const binding = { tenantId: 't1', conversationId: 'c1', userId: 'u1' };
const now = new Date('2026-11-22T12:00:00Z');
const row = (over: Partial<ProposalRow> = {}): ProposalRow => ({
  ...binding,
  status: 'PROPOSED',
  error: null,
  expiresAt: new Date('2026-11-22T12:05:00Z'),
  ...over,
});

/** What a stale confirmation button is told (the router's distinct sentences rest on this). */
describe('proposalOutcome', () => {
  it.each([
    ['a pending one', row(), 'pending'],
    ['one past its deadline', row({ expiresAt: new Date('2026-11-22T11:59:00Z') }), 'expired'],
    ['one cancelled for being late', row({ status: 'CANCELLED', error: 'expired' }), 'expired'],
    ['one confirmed', row({ status: 'COMPLETED' }), 'confirmed'],
    ['one being executed', row({ status: 'EXECUTING' }), 'confirmed'],
    ['one rejected', row({ status: 'CANCELLED', error: 'rejected' }), 'cancelled'],
    ['one replaced', row({ status: 'CANCELLED', error: 'superseded' }), 'cancelled'],
    ['one that failed', row({ status: 'FAILED' }), 'cancelled'],
    ["someone else's in the tenant", row({ userId: 'u2', conversationId: 'c2' }), 'not_yours'],
    ["another tenant's", row({ tenantId: 't2', userId: 'u2' }), 'unknown'],
    ['none', undefined, 'unknown'],
  ])('%s', (_what, r, outcome) => {
    expect(proposalOutcome(r, binding, now)).toBe(outcome);
  });
});
