import pino from 'pino';
import { offlineIntentEngine as offlineEngine } from '../../src/engine';
import { financePack } from '../../src/domains/finance';
import type { Db, TenantProfile } from '../../src/domains/types';
import { freshState, parsePending } from '../../src/pipeline/conversation';
import type { ActionLedger } from '../../src/pipeline/ports';
import { runTurn } from '../../src/pipeline/run-turn';
import type { TurnInput } from '../../src/pipeline/turn';

/**
 * The date a movement defaults to is the one the prompt showed: a proposal made at 23:59 in
 * Mexico City and confirmed at 00:01 writes the first day, not the day of the "sí". The pack
 * returns the default as `filled`, so the proposal's entities carry it (a redo reads that day);
 * the pipeline executes the proposed values.
 */
describe('finance: a confirmation after midnight writes the date that was shown', () => {
  const tenant: TenantProfile = {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'f',
    name: 'F',
    pack: 'finance',
    locale: 'es-MX',
    timeZone: 'America/Mexico_City',
    currency: 'MXN',
    ai: { enabled: false, mode: 'offline', plan: 'basic', features: [] },
  };
  const user = { id: '00000000-0000-4000-8000-000000000002', name: 'Cristina', role: 'owner' as const };
  const created: Array<Record<string, unknown>> = [];
  const db = {
    financeTransaction: {
      findUnique: async () => null,
      create: async ({ data }: { data: Record<string, unknown> }) => (created.push(data), data),
    },
    budget: { findUnique: async () => null },
  } as unknown as Db;
  const ledger: ActionLedger = {
    propose: async (action) => ({ proposedAt: action.proposedAt, expiresAt: action.expiresAt }),
    outcomeOf: async () => 'unknown',
    cancel: async () => undefined,
    claim: async () => ({ status: 'claimed' }),
    complete: async () => undefined,
    fail: async () => undefined,
  };
  const deps = {
    ledger,
    engine: offlineEngine,
    db,
    transaction: <T>(fn: (d: Db) => Promise<T>) => fn(db),
    logger: pino({ level: 'silent' }),
  };

  const turn = (text: string, now: Date, state: TurnInput['state'], pending?: TurnInput['pending']) =>
    runTurn(
      {
        messageId: `m-${now.getTime()}`,
        correlationId: 'c',
        conversationId: 'conv',
        sentAt: now,
        now,
        tenant,
        user,
        pack: financePack,
        content: { kind: 'text', text, fromAudio: false },
        state,
        ...(pending ? { pending } : {}),
      },
      deps,
    );

  it('proposes on 2026-11-21 at 23:59 and writes 2026-11-21 on a "sí" at 00:01', async () => {
    const before = new Date('2026-11-22T05:59:00Z'); // 23:59 in Mexico City (UTC-6)
    const after = new Date('2026-11-22T06:01:00Z'); // 00:01 on the 22nd
    const proposal = await turn('gasté 250 en uber', before, freshState(before));
    expect(proposal.replies[0]!.text).toContain('fecha 2026-11-21');
    expect(proposal.pending.op).toBe('set');
    const pending = parsePending(proposal.pending.op === 'set' ? proposal.pending.value : null, () => {
      throw new Error('bad pending');
    });

    expect(pending!.entities.date_iso).toBe('2026-11-21');

    const done = await turn('sí', after, proposal.state, pending);
    expect(done.replies[0]!.text).toContain('fecha 2026-11-21');
    expect(created).toHaveLength(1);
    expect((created[0]!.occurredOn as Date).toISOString().slice(0, 10)).toBe('2026-11-21');
  });
});
