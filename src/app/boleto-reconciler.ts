import type { Logger } from 'pino';
import { abortableSleep } from '../core/abortable-sleep';
import type { BoletoIssuers, ProviderStatus } from '../core/boleto-issuer';
import { applyChargeState } from '../domains/boletos/charge-sync';
import type { PrismaClient } from '../stores/prisma/client';

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
}): { stop(): Promise<void>; runOnce(): Promise<{ asked: number; changed: number }> } {
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

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const { asked, changed } = await runOnce();
        if (asked > 0) deps.logger.info({ asked, changed }, 'boletos reconciled with their providers');
      } catch (error) {
        deps.logger.warn({ err: error }, 'boleto reconciliation failed; trying again at the next round');
      }
      await abortableSleep(deps.everyMs, stopping.signal);
    }
  })();

  return {
    runOnce,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
