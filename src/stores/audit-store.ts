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

/**
 * Gathers the audit rows of many turns into one insert. A pipeline process runs up to
 * PIPELINE_CONCURRENCY turns at once, each ending with its rows; writing them together saves
 * one statement per turn under load. Rows wait at most `flushMs` (or until `maxRows` are
 * waiting); `close` writes what is left. Each `write` settles with its batch, so the caller
 * still hears about a failure (and logs it: audit never blocks a reply). A process killed
 * outright loses at most the rows of its last `flushMs`, as an unbatched write in flight would.
 */
export class BatchedAuditSink implements AuditSink {
  private waiting: AuditEntry[] = [];
  private settle: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: AuditSink,
    private readonly options: { flushMs?: number; maxRows?: number } = {},
  ) {}

  write(entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push(...entries);
      this.settle.push({ resolve, reject });
      if (this.waiting.length >= (this.options.maxRows ?? 500)) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 20);
    });
  }

  /** Writes every waiting row now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.waiting;
    const settle = this.settle;
    this.waiting = [];
    this.settle = [];
    if (entries.length === 0) return;
    try {
      await this.sink.write(entries);
      for (const s of settle) s.resolve();
    } catch (error) {
      for (const s of settle) s.reject(error);
    }
  }
}
