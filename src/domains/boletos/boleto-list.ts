import type { Db } from '../types';

/** Which of a tenant's boletos a list shows (every filter optional). */
export interface ListFilter {
  tenantId: string;
  contactId?: string;
  /** A stored status, or OVERDUE / PENDING as the person means them (see `list_boletos`). */
  status?: string;
  /** One due day, `YYYY-MM-DD`; when set, the stretch below is not read. */
  dueDate?: string;
  dueFrom?: string;
  dueUntil?: string;
  /** Today in the tenant's time zone, `YYYY-MM-DD`: where PENDING ends and OVERDUE starts. */
  today: string;
  limit: number;
}

/** A boleto as the replies show it (a list's rows, a status, a new or cancelled one). */
export interface ListedBoleto {
  number: number;
  amountCents: number;
  dueDate: Date;
  status: string;
  digitableLine: string;
  provider: string;
  pdfUrl: string | null;
  contact: { name: string };
}

/**
 * The first `limit` boletos of a filter, by due date then number, and how many match in all, in
 * one statement (a window count): a full page cost a second statement to count them.
 * OVERDUE is computed (unpaid and past due, whatever the stored status says); PENDING is unpaid
 * and not yet due.
 */
export async function listPage(db: Db, filter: ListFilter): Promise<{ rows: ListedBoleto[]; total: number }> {
  const day = filter.dueDate ?? null;
  const from = day === null ? (filter.dueFrom ?? null) : null;
  const until = day === null ? (filter.dueUntil ?? null) : null;
  const status = filter.status ?? null;
  const found = await db.$queryRaw<
    Array<Omit<ListedBoleto, 'contact'> & { contactName: string; total: bigint }>
  >`
    SELECT b.number, b."amountCents", b."dueDate", b.status::text AS status, b."digitableLine",
           b.provider, b."pdfUrl", c.name AS "contactName", count(*) OVER () AS total
    FROM boletos b JOIN contacts c ON c.id = b."contactId"
    WHERE b."tenantId" = ${filter.tenantId}::uuid
      AND (${filter.contactId ?? null}::uuid IS NULL OR b."contactId" = ${filter.contactId ?? null}::uuid)
      AND CASE ${status}::text
            WHEN 'OVERDUE' THEN b.status = 'OVERDUE' OR (b.status = 'PENDING' AND b."dueDate" < ${filter.today}::date)
            WHEN 'PENDING' THEN b.status = 'PENDING' AND b."dueDate" >= ${filter.today}::date
            ELSE ${status}::text IS NULL OR b.status::text = ${status}::text
          END
      AND (${day}::date IS NULL OR b."dueDate" = ${day}::date)
      AND (${from}::date IS NULL OR b."dueDate" >= ${from}::date)
      AND (${until}::date IS NULL OR b."dueDate" <= ${until}::date)
    ORDER BY b."dueDate", b.number
    LIMIT ${filter.limit}`;
  return {
    total: Number(found[0]?.total ?? 0),
    rows: found.map(({ contactName, total: _total, ...b }) => ({ ...b, contact: { name: contactName } })),
  };
}
