import { z } from 'zod';
import { ConfigError } from '../core/errors';
import { openSecret } from '../core/secret-box';
import type { BoletoIssuer, BoletoIssuers } from '../core/boleto-issuer';
import { localIssuer } from '../domains/boleto-issuing/local-issuer';
import { ASAAS_URLS, AsaasClient } from '../providers/asaas/client';
import { AsaasIssuer } from '../providers/asaas/issuer';
import type { PrismaClient } from '../stores/prisma/client';
import { ReadCache } from '../core/read-cache';

/** A tenant's provider settings (`tenants.boletoProviderSettings`): nothing secret. */
export const providerSettingsSchema = z.object({
  environment: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Another API address (a local fake server in tests); overrides `environment`. */
  baseUrl: z.string().url().optional(),
  finePercent: z.number().min(0).max(2).optional(),
  interestPercentPerMonth: z.number().min(0).max(1).optional(),
  providerNotifies: z.boolean().optional(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** What `tenants.boletoProviderSecret` holds once opened. */
export const providerSecretSchema = z.object({ apiKey: z.string().min(1), webhookToken: z.string().min(32) });
export type ProviderSecret = z.infer<typeof providerSecretSchema>;

/** How long a process keeps a tenant's issuer before reading its settings again. */
const CACHE_MS = 30_000;

/**
 * The boleto issuer of each tenant, from its row: the local issuer, or its provider's with the
 * API key opened with IRIS_SECRET_KEY. Kept for 30 s, so a tenant connected with the CLI is
 * served by every process within that time.
 */
export class TenantBoletoIssuers implements BoletoIssuers {
  private readonly cache = new ReadCache<BoletoIssuer>(CACHE_MS);

  constructor(
    private readonly db: PrismaClient,
    private readonly secretKey: Buffer | undefined,
  ) {}

  forTenant(tenantId: string): Promise<BoletoIssuer> {
    return this.cache.get(tenantId, () => this.read(tenantId));
  }

  private async read(tenantId: string): Promise<BoletoIssuer> {
    const account = await providerAccount(this.db, this.secretKey, { id: tenantId });
    return account?.provider === 'asaas'
      ? new AsaasIssuer(
          new AsaasClient({
            baseUrl: account.settings.baseUrl ?? ASAAS_URLS[account.settings.environment],
            apiKey: account.secret.apiKey,
          }),
          account.settings,
        )
      : localIssuer;
  }
}

export interface ProviderAccount {
  tenantId: string;
  provider: 'asaas';
  settings: ProviderSettings;
  secret: ProviderSecret;
}

/** A tenant's provider account, opened; undefined for an unknown tenant or a local one. */
export async function providerAccount(
  db: PrismaClient,
  secretKey: Buffer | undefined,
  where: { id: string } | { slug: string },
): Promise<ProviderAccount | undefined> {
  const tenant = await db.tenant.findUnique({
    where,
    select: { id: true, boletoProvider: true, boletoProviderSettings: true, boletoProviderSecret: true },
  });
  if (!tenant || tenant.boletoProvider !== 'asaas') return undefined;
  if (!tenant.boletoProviderSecret)
    throw new ConfigError(`tenant ${tenant.id} uses asaas but has no API key stored`);
  if (!secretKey)
    throw new ConfigError('IRIS_SECRET_KEY is not set: the tenant provider API keys cannot be read');
  const secret = providerSecretSchema.parse(JSON.parse(openSecret(tenant.boletoProviderSecret, secretKey)));
  return {
    tenantId: tenant.id,
    provider: 'asaas',
    settings: providerSettingsSchema.parse(tenant.boletoProviderSettings),
    secret,
  };
}
