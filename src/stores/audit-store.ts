import type { AuditEntry, AuditSink } from '../pipeline/ports';
import type { PrismaClient } from './prisma/client';

/**
 * Audit rows in PostgreSQL (table `audit_events`), one insert per call however many rows. In
 * SQL rather than Prisma's `createMany`: Prisma caches the plan of every query shape except
 * `createMany`'s, so each batch ran its query compiler again (about 0.5 ms of CPU per insert;
 * README, "Performance"). One statement of one shape: the rows travel as one array per column.
 */
export class PrismaAuditSink implements AuditSink {
  constructor(private readonly db: PrismaClient) {}

  async write(entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // `createdAt` is a timestamp without zone holding UTC, as Prisma writes it: the ISO string's
    // "Z" is ignored by the cast, which keeps the UTC wall time.
    await this.db.$executeRaw`
      INSERT INTO "audit_events" ("tenantId", "conversationId", "correlationId", "event", "intent", "data", "createdAt")
      SELECT * FROM unnest(
        ${entries.map((e) => e.tenantId)}::uuid[],
        ${entries.map((e) => e.conversationId)}::text[],
        ${entries.map((e) => e.correlationId)}::text[],
        ${entries.map((e) => e.event)}::text[],
        ${entries.map((e) => e.intent ?? null)}::text[],
        ${entries.map((e) => JSON.stringify(e.data ?? {}))}::jsonb[],
        ${entries.map((e) => e.at.toISOString())}::timestamp(3)[])`;
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
