import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/domains/types';
import type { ActionLedger } from '../../src/pipeline/ports';
import { PrismaActionLedger } from '../../src/stores/action-ledger';
import { Harness } from '../support/harness';
import { InMemoryActionLedger } from '../support/pipeline-fakes';

/**
 * The action ledger's contract (seed 003 §2.1), run on the in-memory fake the unit tests use
 * and on PostgreSQL, so the fake cannot drift from the real thing.
 */
const h = new Harness();
afterAll(() => h.close());

let binding: { tenantId: string; conversationId: string; userId: string };
beforeAll(async () => {
  const { tenant, user } = await h.boletosTenant();
  binding = { tenantId: tenant.id, conversationId: `conv-${randomUUID()}`, userId: user.id };
});

/** A create_boleto proposal of `binding`'s person, proposed at and expiring at the times given. */
async function propose(ledger: ActionLedger, proposedAt: Date, expiresAt: Date): Promise<string> {
  const nonce = randomUUID();
  await ledger.propose({
    ...binding,
    nonce,
    tool: 'create_boleto',
    params: { amount_cents: 100 },
    correlationId: randomUUID(),
    proposedAt,
    expiresAt,
  });
  return nonce;
}

describe.each([
  ['in memory', () => ({ ledger: new InMemoryActionLedger() as ActionLedger, db: {} as Db })],
  ['PostgreSQL', () => ({ ledger: new PrismaActionLedger(h.db) as ActionLedger, db: h.db as Db })],
])('action ledger contract: %s', (_name, make) => {
  const now = new Date();
  const later = (ms: number) => new Date(now.getTime() + ms);

  const proposed = (ledger: ActionLedger, ttlMs = 300_000) => propose(ledger, now, later(ttlMs));

  it('EXECUTING -> FAILED when its execution never finished within 30 s (seed 003 §2.1)', async () => {
    const { ledger } = make();
    const nonce = await proposed(ledger);
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'claimed' });
    expect(await ledger.claim(nonce, binding, 'm2', later(29_000))).toEqual({ status: 'busy' });
    expect(await ledger.claim(nonce, binding, 'm2', later(31_000))).toEqual({
      status: 'failed',
      error: 'execution_timeout',
      params: {},
    });
    expect(await ledger.claim(nonce, binding, 'm1', later(32_000))).toMatchObject({ status: 'failed' });
  });

  it('PROPOSED -> EXECUTING -> COMPLETED; the same message resumes, another replays', async () => {
    const { ledger, db } = make();
    const nonce = await proposed(ledger);
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'claimed' });
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'resume' });
    expect(await ledger.claim(nonce, binding, 'm2', now)).toEqual({ status: 'busy' });
    await ledger.complete(db, nonce, { number: 7 }, now);
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({
      status: 'completed',
      result: { number: 7 },
      byThisMessage: true,
    });
    expect(await ledger.claim(nonce, binding, 'm2', now)).toEqual({
      status: 'completed',
      result: { number: 7 },
      byThisMessage: false,
    });
    await expect(ledger.complete(db, nonce, { number: 8 }, now)).rejects.toThrow('was not EXECUTING');
  });

  it('proposing the same nonce again is a no-op for the same turn, an error for any other', async () => {
    const { ledger } = make();
    const nonce = randomUUID();
    const action = {
      ...binding,
      nonce,
      tool: 'create_boleto',
      params: { amount_cents: 100 },
      correlationId: 'turn-1',
      proposedAt: now,
      expiresAt: later(300_000),
    };
    expect(await ledger.propose(action)).toEqual({ proposedAt: now, expiresAt: later(300_000) });
    // The retried turn, a little later: the first proposal's times are kept and returned.
    const retried = { ...action, proposedAt: later(2_000), expiresAt: later(302_000) };
    expect(await ledger.propose(retried)).toEqual({ proposedAt: now, expiresAt: later(300_000) });
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'claimed' });
    await expect(ledger.propose({ ...action, correlationId: 'turn-2' })).rejects.toThrow('already taken');
    await expect(ledger.propose({ ...action, userId: randomUUID() })).rejects.toThrow('already taken');
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'resume' });
  });

  it('binds to tenant, conversation and user', async () => {
    const { ledger } = make();
    const nonce = await proposed(ledger);
    for (const other of [
      { ...binding, tenantId: randomUUID() },
      { ...binding, conversationId: 'someone-else' },
      { ...binding, userId: randomUUID() },
    ]) {
      expect(await ledger.claim(nonce, other, 'm1', now)).toEqual({ status: 'unknown' });
    }
    expect(await ledger.claim(randomUUID(), binding, 'm1', now)).toEqual({ status: 'unknown' });
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'claimed' });
  });

  it('past its TTL it expires and stays cancelled', async () => {
    const { ledger } = make();
    const nonce = await proposed(ledger, 1_000);
    expect(await ledger.claim(nonce, binding, 'm1', later(1_000))).toEqual({ status: 'expired' });
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'cancelled' });
  });

  it('cancel moves only a PROPOSED action', async () => {
    const { ledger } = make();
    const rejected = await proposed(ledger);
    await ledger.cancel(rejected, 'rejected');
    expect(await ledger.claim(rejected, binding, 'm1', now)).toEqual({ status: 'cancelled' });
    const running = await proposed(ledger);
    await ledger.claim(running, binding, 'm1', now);
    await ledger.cancel(running, 'superseded'); // EXECUTING cannot be cancelled
    expect(await ledger.claim(running, binding, 'm1', now)).toEqual({ status: 'resume' });
  });

  it('FAILED keeps the reason and its values', async () => {
    const { ledger } = make();
    const nonce = await proposed(ledger);
    await ledger.fail(nonce, 'contact_not_found', now, { name: 'João' }); // not EXECUTING: no-op
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({ status: 'claimed' });
    await ledger.fail(nonce, 'contact_not_found', now, { name: 'João' });
    expect(await ledger.claim(nonce, binding, 'm1', now)).toEqual({
      status: 'failed',
      error: 'contact_not_found',
      params: { name: 'João' },
    });
  });
});

describe('the periodic sweep of proposals past their TTL (PostgreSQL)', () => {
  it('marks them expired, leaves the others, and a late "sim" still finds them expired', async () => {
    const ledger = new PrismaActionLedger(h.db);
    const now = new Date();
    const proposedAt = new Date(now.getTime() - 400_000);
    const stale = await propose(ledger, proposedAt, new Date(now.getTime() - 100_000));
    const fresh = await propose(ledger, proposedAt, new Date(now.getTime() + 200_000));
    // The count is not asserted: pipelines of other test files share this database and their
    // periodic sweep may take the stale row first (SKIP LOCKED); its state is what matters.
    await ledger.expireStale(now);
    const rows = await h.db.action.findMany({ where: { nonce: { in: [stale, fresh] } } });
    expect(rows.find((r) => r.nonce === stale)).toMatchObject({ status: 'CANCELLED', error: 'expired' });
    expect(rows.find((r) => r.nonce === fresh)).toMatchObject({ status: 'PROPOSED' });
    expect(await ledger.outcomeOf(stale, binding, now)).toBe('expired');
    expect(await ledger.claim(stale, binding, 'late-sim', now)).toEqual({ status: 'cancelled' });
    // Run again: nothing left of this tenant's to expire.
    await ledger.expireStale(now);
    expect((await h.db.action.findUniqueOrThrow({ where: { nonce: fresh } })).status).toBe('PROPOSED');
  });
});
