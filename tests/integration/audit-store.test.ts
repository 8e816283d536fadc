import { randomUUID } from 'node:crypto';
import { BatchedAuditSink, PrismaAuditSink } from '../../src/stores/audit-store';
import { Harness } from '../support/harness';

/** Audit rows reach `audit_events` as they were given, one statement per batch. */
const h = new Harness();
afterAll(() => h.close());

describe('PostgreSQL audit sink', () => {
  it('writes every row of a batch with its values, nulls, JSON and millisecond time', async () => {
    const { tenant } = await h.boletosTenant();
    const correlationId = randomUUID();
    const at = new Date('2026-11-28T23:59:59.987Z');
    await new PrismaAuditSink(h.db).write([
      {
        tenantId: tenant.id,
        conversationId: 'telegram:1',
        correlationId,
        event: 'proposal_created',
        intent: 'CREATE_BOLETO',
        data: { amount_cents: 12345, text: 'd\'água "aspas" \\ ç', nested: { list: [1, null] } },
        at,
      },
      { tenantId: null, conversationId: null, correlationId, event: 'sem_tenant', at },
    ]);
    const rows = await h.db.auditEvent.findMany({ where: { correlationId }, orderBy: { id: 'asc' } });
    expect(
      rows.map(({ tenantId, conversationId, event, intent, data, createdAt }) => ({
        tenantId,
        conversationId,
        event,
        intent,
        data,
        createdAt,
      })),
    ).toEqual([
      {
        tenantId: tenant.id,
        conversationId: 'telegram:1',
        event: 'proposal_created',
        intent: 'CREATE_BOLETO',
        data: { amount_cents: 12345, text: 'd\'água "aspas" \\ ç', nested: { list: [1, null] } },
        createdAt: at,
      },
      { tenantId: null, conversationId: null, event: 'sem_tenant', intent: null, data: {}, createdAt: at },
    ]);
  });

  it('gathers the rows of concurrent writes into one batch', async () => {
    const correlationId = randomUUID();
    const postgres = new PrismaAuditSink(h.db);
    let statements = 0;
    const counted = {
      write: (rows: Parameters<PrismaAuditSink['write']>[0]) => (statements++, postgres.write(rows)),
    };
    const sink = new BatchedAuditSink(counted, { flushMs: 1_000, maxRows: 3 });
    const row = (event: string) => ({
      tenantId: null,
      conversationId: null,
      correlationId,
      event,
      at: new Date(),
    });
    await Promise.all([sink.write([row('a')]), sink.write([row('b'), row('c')])]);
    const rows = await h.db.auditEvent.findMany({ where: { correlationId }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.event)).toEqual(['a', 'b', 'c']);
    expect(statements).toBe(1);
  });
});
