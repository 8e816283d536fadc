import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseSecretKey } from '../core/secret-box';
import { applyChargeState, type StatusChange } from '../domains/boletos/charge-sync';
import { readAsaasEvent, type ProviderEventReport } from '../providers/asaas/events';
import type { PrismaClient } from '../stores/prisma/client';
import { providerAccount } from './boleto-issuers';
import type { Container } from './container';

export type WebhookOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown_charge' | 'not_a_charge';

/**
 * POST /webhooks/asaas/:tenant — Asaas' payment events for one tenant. Asaas authenticates with
 * the token the operator set on the webhook (`asaas-access-token` header), compared in constant
 * time with the one `tenant provider` made. Every event is acknowledged with 200 once recorded,
 * including ones about charges Iris did not issue (Asaas pauses a webhook that keeps failing);
 * an event delivered again is recognised by its id and applied once.
 */
export function mountProviderWebhooks(app: FastifyInstance, c: Container): void {
  const secretKey = c.config.IRIS_SECRET_KEY ? parseSecretKey(c.config.IRIS_SECRET_KEY) : undefined;
  const log = c.logger.child({ component: 'provider-webhooks' });
  app.post<{ Params: { tenant: string } }>('/webhooks/asaas/:tenant', async (request, reply) => {
    let account;
    try {
      account = await providerAccount(c.db, secretKey, { slug: request.params.tenant });
    } catch (error) {
      log.error({ err: error, tenant: request.params.tenant }, 'provider account unreadable');
      return reply.code(503).send({ error: 'provider account unreadable' });
    }
    if (!account) return reply.code(404).send({ error: 'no tenant connected to asaas here' });
    const token = request.headers['asaas-access-token'];
    if (typeof token !== 'string' || !sameSecret(token, account.secret.webhookToken))
      return reply.code(401).send({ error: 'invalid access token' });
    const report = readAsaasEvent(request.body);
    if (!report) return reply.code(400).send({ error: 'not an Asaas event' });
    const outcome = await recordProviderEvent(c.db, account.tenantId, 'asaas', report, new Date());
    log.info({ tenantId: account.tenantId, event: report.kind, outcome: outcome.outcome }, 'provider event');
    return reply.code(200).send({ received: true });
  });
}

/**
 * Records one provider event and applies it to the boleto it is about, in one transaction: the
 * event's id is the key of `provider_events`, so a second delivery finds it and changes nothing.
 */
export async function recordProviderEvent(
  db: PrismaClient,
  tenantId: string,
  provider: 'asaas',
  report: ProviderEventReport,
  now: Date,
): Promise<{ outcome: WebhookOutcome; change?: StatusChange }> {
  return db.$transaction(async (tx) => {
    const inserted = await tx.providerEvent.createMany({
      data: [{ provider, eventId: report.eventId, tenantId, kind: report.kind }],
      skipDuplicates: true,
    });
    if (inserted.count === 0) return { outcome: 'duplicate' as const };
    if (!report.charge) return { outcome: 'not_a_charge' as const };
    const boleto = await tx.boleto.findFirst({
      where: { tenantId, provider, providerRef: report.charge.providerRef },
      select: { id: true, tenantId: true, status: true },
    });
    if (!boleto) return { outcome: 'unknown_charge' as const };
    const change = await applyChargeState(tx, boleto, report.charge.state, now);
    return change ? { outcome: 'applied' as const, change } : { outcome: 'unchanged' as const };
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
