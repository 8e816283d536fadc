import type { Logger } from 'pino';
import { repeatRounds } from '../core/rounds';
import type { BoletoIssuers, ProviderStatus } from '../core/boleto-issuer';
import { applyChargeState } from '../domains/boletos/charge-sync';
import type { PrismaClient } from '../stores/prisma/client';

/** An execution still EXECUTING this long after its "sim" will never finish (its retries are long over). */
const STUCK_AFTER_MS = 10 * 60_000;
/** A failed execution's provider is checked once it has been failed this long (no retry is running). */
const SWEEP_AFTER_MS = 60_000;

interface FailedCreation {
  nonce: string;
  tenantId: string;
}

interface Claimed {
  id: string;
  tenantId: string;
  status: ProviderStatus;
  provider: string;
  providerRef: string;
}

/**
 * Webhooks get lost (a web process down, a paused webhook at the provider): every pipeline
 * process asks the providers, every `everyMs`, about the registered boletos still open whose
 * last answer is older than that, and records what changed. A batch is claimed in one statement
 * (its `syncedAt` moved to now, `FOR UPDATE SKIP LOCKED`), so processes never ask about the same
 * boleto at once; a provider that cannot be reached is asked again at the next round.
 */
export function startBoletoReconciler(deps: {
  db: PrismaClient;
  issuers: BoletoIssuers;
  everyMs: number;
  logger: Logger;
  batch?: number;
  /**
   * Sweep the failed creations of these tenants only (test files, which share one database and
   * run turns at fixed clocks, each sweep their own); default all.
   */
  onlyTenants?: () => readonly string[];
}): {
  stop(): Promise<void>;
  runOnce(): Promise<{ asked: number; changed: number }>;
  sweepFailedCreations(now?: Date): Promise<number>;
} {
  const stopping = new AbortController();
  const batch = deps.batch ?? 20;

  async function runOnce(): Promise<{ asked: number; changed: number }> {
    let asked = 0;
    let changed = 0;
    for (;;) {
      const claimed = await deps.db.$queryRaw<Claimed[]>`
        UPDATE boletos SET "syncedAt" = now()
        WHERE id IN (
          SELECT id FROM boletos
          WHERE provider <> 'local' AND status IN ('PENDING', 'OVERDUE')
            AND ("syncedAt" IS NULL OR "syncedAt" < now() - make_interval(secs => ${deps.everyMs / 1000}))
          ORDER BY "syncedAt" NULLS FIRST
          LIMIT ${batch}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, "tenantId", status::text AS status, provider, "providerRef"`;
      for (const boleto of claimed) {
        if (stopping.signal.aborted) break;
        asked++;
        try {
          const issuer = await deps.issuers.forTenant(boleto.tenantId);
          if (issuer.provider !== boleto.provider) continue;
          const state = await issuer.state(boleto.providerRef);
          if (await applyChargeState(deps.db, boleto, state, new Date())) changed++;
        } catch (error) {
          deps.logger.warn({ err: error, boletoId: boleto.id }, 'provider not asked about a boleto');
        }
      }
      if (claimed.length < batch || stopping.signal.aborted) return { asked, changed };
    }
  }

  /**
   * A boleto creation that failed after its provider created the charge (PostgreSQL down for
   * the whole retry, or a refusal after the charge) leaves a charge the owner was told did not
   * happen. Once failed — and an execution stuck EXECUTING for 10 minutes is failed here, as the
   * ledger would on the next answer — the provider is asked for anything under the action's
   * nonce, which is cancelled; a charge already paid is left and reported for a person.
   */
  async function sweepFailedCreations(now = new Date()): Promise<number> {
    const tenants = deps.onlyTenants?.();
    await deps.db.action.updateMany({
      where: {
        tool: 'create_boleto',
        status: 'EXECUTING',
        decidedAt: { lt: new Date(now.getTime() - STUCK_AFTER_MS) },
        ...(tenants ? { tenantId: { in: [...tenants] } } : {}),
      },
      data: { status: 'FAILED', error: 'execution_timeout', completedAt: now },
    });
    // A provider that cannot be asked leaves its creations unswept for the next round; they are
    // skipped for the rest of this one, so a tenant whose provider is down (or gone) never keeps
    // another tenant's orphan charges behind it.
    const notAsked: string[] = [];
    let swept = 0;
    for (;;) {
      const failed = await deps.db.$queryRaw<FailedCreation[]>`
        SELECT a.nonce, a."tenantId" FROM actions a
        JOIN tenants t ON t.id = a."tenantId"
        WHERE a.tool = 'create_boleto' AND a.status = 'FAILED' AND a."providerSweptAt" IS NULL
          AND a."completedAt" < ${new Date(now.getTime() - SWEEP_AFTER_MS)}
          AND t."boletoProvider" <> 'local'
          AND (${tenants === undefined} OR a."tenantId"::text = ANY(${[...(tenants ?? [])]}::text[]))
          AND a.nonce <> ALL(${notAsked}::uuid[])
          AND NOT EXISTS (SELECT 1 FROM boletos b WHERE b."createdByNonce" = a.nonce)
        ORDER BY a."completedAt"
        LIMIT ${batch}`;
      for (const action of failed) {
        if (stopping.signal.aborted) return swept;
        try {
          const issuer = await deps.issuers.forTenant(action.tenantId);
          const outcome = await issuer.cancelByReference(action.nonce);
          if (outcome === 'cancelled')
            deps.logger.warn(
              { nonce: action.nonce, tenantId: action.tenantId },
              'charge of a failed boleto creation cancelled',
            );
          if (outcome === 'paid')
            deps.logger.error(
              { alert: 'orphan_charge_paid', nonce: action.nonce, tenantId: action.tenantId },
              'a charge of a failed boleto creation was paid: refund or record it by hand',
            );
          await deps.db.action.update({
            where: { nonce: action.nonce },
            data: { providerSweptAt: new Date() },
          });
          swept++;
        } catch (error) {
          notAsked.push(action.nonce);
          deps.logger.warn(
            { err: error, nonce: action.nonce },
            'failed boleto creation not checked at its provider',
          );
        }
      }
      if (failed.length < batch) return swept;
    }
  }

  const loop = repeatRounds(
    stopping.signal,
    deps.everyMs,
    async () => {
      await sweepFailedCreations();
      const { asked, changed } = await runOnce();
      if (asked > 0) deps.logger.info({ asked, changed }, 'boletos reconciled with their providers');
      return 'done';
    },
    (error) =>
      deps.logger.warn({ err: error }, 'boleto reconciliation failed; trying again at the next round'),
  );

  return {
    runOnce,
    sweepFailedCreations,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
