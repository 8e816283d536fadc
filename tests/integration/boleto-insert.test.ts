import { randomUUID } from 'node:crypto';
import { insertBoleto, type BoletoRow } from '../../src/domains/boleto-issuing/boleto-insert';
import { Harness } from '../support/harness';

/**
 * A new boleto in one statement: the tenant's next number, the row, and the owners' 'issued'
 * notice when asked; a payer outside the tenant inserts nothing.
 */
const h = new Harness();
afterAll(() => h.close());

async function tenantWithPayer() {
  const { tenant } = await h.boletosTenant({ contacts: ['Ana Lima'] });
  const payer = await h.db.contact.findFirstOrThrow({ where: { tenantId: tenant.id } });
  return { tenant, payer };
}

function rowFor(tenantId: string, contactId: string, extra: Partial<BoletoRow> = {}): BoletoRow {
  return {
    tenantId,
    contactId,
    amountCents: 12_345,
    dueDate: '2026-12-31',
    digitableLine: '23790000000000000000000000000000000000000000000',
    barcode: '23790000000000000000000000000000000000000000',
    createdByNonce: randomUUID(),
    provider: 'local',
    providerRef: null,
    pdfUrl: null,
    syncedAt: null,
    ...extra,
  };
}

describe('insertBoleto', () => {
  it('numbers boletos in turn, returns the row with its payer, and adds the notice only when asked', async () => {
    const { tenant, payer } = await tenantWithPayer();
    const first = await insertBoleto(h.db, rowFor(tenant.id, payer.id), { issuedNotice: true });
    const syncedAt = new Date('2026-11-29T03:04:05.678Z');
    const second = await insertBoleto(
      h.db,
      rowFor(tenant.id, payer.id, {
        provider: 'asaas',
        providerRef: 'pay_1',
        pdfUrl: 'https://x/1',
        syncedAt,
      }),
      { issuedNotice: false },
    );
    expect(first).toMatchObject({
      number: 1,
      contactId: payer.id,
      amountCents: 12_345,
      status: 'PENDING',
      provider: 'local',
      providerRef: null,
      pdfUrl: null,
      contact: { name: 'Ana Lima' },
    });
    expect(first!.dueDate.toISOString().slice(0, 10)).toBe('2026-12-31');
    expect(second).toMatchObject({
      number: 2,
      provider: 'asaas',
      providerRef: 'pay_1',
      pdfUrl: 'https://x/1',
    });

    const stored = await h.db.boleto.findUniqueOrThrow({ where: { id: second!.id } });
    expect(stored.syncedAt).toEqual(syncedAt);
    expect((await h.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).nextBoletoNo).toBe(3);
    const notices = await h.db.boletoNotice.findMany({ where: { tenantId: tenant.id } });
    expect(notices.map((n) => [n.boletoId, n.kind, n.status])).toEqual([[first!.id, 'issued', 'pending']]);
  });

  it("inserts nothing for another tenant's contact, and the caller's rollback gives the number back", async () => {
    const { tenant } = await tenantWithPayer();
    const other = await tenantWithPayer();
    const refused = new Error('refused');
    await expect(
      h.db.$transaction(async (tx) => {
        const row = await insertBoleto(tx, rowFor(tenant.id, other.payer.id), { issuedNotice: true });
        expect(row).toBeUndefined();
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await h.db.boleto.count({ where: { tenantId: { in: [tenant.id, other.tenant.id] } } })).toBe(0);
    expect(await h.db.boletoNotice.count({ where: { tenantId: tenant.id } })).toBe(0);
    expect((await h.db.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).nextBoletoNo).toBe(1);
  });

  it('refuses a second boleto under the same reference', async () => {
    const { tenant, payer } = await tenantWithPayer();
    const row = rowFor(tenant.id, payer.id);
    await insertBoleto(h.db, row, { issuedNotice: false });
    await expect(insertBoleto(h.db, row, { issuedNotice: false })).rejects.toThrow(/unique|23505/i);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  });
});
