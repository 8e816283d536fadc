import { randomUUID } from 'node:crypto';
import type { Db } from '../types';

/** A new boleto's row as the statement returns it (with its payer's name for the replies). */
export interface InsertedBoleto {
  id: string;
  number: number;
  contactId: string;
  amountCents: number;
  dueDate: Date;
  status: string;
  digitableLine: string;
  barcode: string;
  provider: string;
  providerRef: string | null;
  pdfUrl: string | null;
  contact: { name: string };
}

export interface BoletoRow {
  tenantId: string;
  contactId: string;
  amountCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  digitableLine: string;
  barcode: string;
  /** The exactly-once reference (unique): a second run of the same write fails here. */
  createdByNonce: string;
  provider: string;
  providerRef: string | null;
  pdfUrl: string | null;
  syncedAt: Date | null;
}

/**
 * Takes the tenant's next boleto number, inserts the boleto and, when asked, its 'issued' notice
 * for the owners, in one statement: the hot part of a confirmed "sim" was three (plus a read of
 * the number), each a round trip and a pass through Prisma's client (README, "Performance").
 * The payer is joined, not trusted: a contact of another tenant, or one deleted since the
 * proposal, inserts nothing and the result is undefined (the caller's transaction rolls the
 * number back when it refuses).
 */
export async function insertBoleto(
  db: Db,
  row: BoletoRow,
  options: { issuedNotice: boolean },
): Promise<InsertedBoleto | undefined> {
  const rows = await db.$queryRaw<InsertedBoleto[]>`
    WITH numbered AS (
      UPDATE tenants SET "nextBoletoNo" = "nextBoletoNo" + 1
      WHERE id = ${row.tenantId}::uuid
      RETURNING "nextBoletoNo" - 1 AS number
    ), inserted AS (
      INSERT INTO boletos (id, "tenantId", number, "contactId", "amountCents", "dueDate",
        "digitableLine", barcode, "createdByNonce", provider, "providerRef", "pdfUrl", "syncedAt")
      SELECT ${randomUUID()}::uuid, ${row.tenantId}::uuid, numbered.number, payer.id,
        ${row.amountCents}::int, ${row.dueDate}::date, ${row.digitableLine}, ${row.barcode},
        ${row.createdByNonce}::uuid, ${row.provider}, ${row.providerRef}, ${row.pdfUrl},
        ${row.syncedAt}::timestamp(3)
      FROM numbered
      JOIN contacts payer ON payer.id = ${row.contactId}::uuid AND payer."tenantId" = ${row.tenantId}::uuid
      RETURNING id, number, "contactId", "amountCents", "dueDate", status::text AS status,
        "digitableLine", barcode, provider, "providerRef", "pdfUrl"
    ), noticed AS (
      INSERT INTO boleto_notices (id, "tenantId", "boletoId", kind)
      SELECT ${randomUUID()}::uuid, ${row.tenantId}::uuid, inserted.id, 'issued'
      FROM inserted WHERE ${options.issuedNotice}
    )
    SELECT inserted.*, json_build_object('name', payer.name) AS contact
    FROM inserted JOIN contacts payer ON payer.id = inserted."contactId"`;
  return rows[0];
}
