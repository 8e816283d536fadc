import type { AuditEntry, AuditSink } from '../pipeline/ports';
import type { PrismaClient } from './prisma/client';

type Json = Parameters<PrismaClient['auditEvent']['createMany']>[0] extends { data: infer D }
  ? D extends Array<infer R>
    ? R extends { data?: infer J }
      ? J
      : never
    : never
  : never;

/** Audit rows in PostgreSQL (table `audit_events`), one insert per turn. */
export class PrismaAuditSink implements AuditSink {
  constructor(private readonly db: PrismaClient) {}

  async write(entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.auditEvent.createMany({
      data: entries.map((e) => ({
        tenantId: e.tenantId,
        conversationId: e.conversationId,
        correlationId: e.correlationId,
        event: e.event,
        intent: e.intent ?? null,
        data: (e.data ?? {}) as Json,
        createdAt: e.at,
      })),
    });
  }
}
