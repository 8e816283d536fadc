import { randomBytes } from 'node:crypto';
import { ConfigError } from '../core/errors';
import { sealSecret } from '../core/secret-box';
import type { PrismaClient } from '../stores/prisma/client';
import { providerSettingsSchema, type ProviderSecret, type ProviderSettings } from './boleto-issuers';

/**
 * Connects a tenant to its boleto provider (`npm run iris -- tenant provider`): the settings in
 * the clear, the API key and a fresh webhook token sealed with IRIS_SECRET_KEY. Returns the
 * webhook token, which the operator pastes into the provider's webhook settings once.
 */
export async function connectProvider(
  db: PrismaClient,
  secretKey: Buffer | undefined,
  slug: string,
  input: { provider: 'asaas'; apiKey: string; settings: Partial<ProviderSettings> },
): Promise<{ tenantId: string; webhookToken: string; settings: ProviderSettings }> {
  if (!secretKey)
    throw new ConfigError('IRIS_SECRET_KEY is not set: generate one with `openssl rand -hex 32` first');
  const settings = providerSettingsSchema.parse(input.settings);
  const webhookToken = randomBytes(32).toString('base64url');
  const secret: ProviderSecret = { apiKey: input.apiKey, webhookToken };
  const tenant = await db.tenant.update({
    where: { slug },
    data: {
      boletoProvider: input.provider,
      boletoProviderSettings: settings,
      boletoProviderSecret: sealSecret(JSON.stringify(secret), secretKey),
    },
    select: { id: true },
  });
  return { tenantId: tenant.id, webhookToken, settings };
}

/** Back to the local issuer; the sealed key is erased. Boletos already registered stay as they are. */
export async function disconnectProvider(db: PrismaClient, slug: string): Promise<void> {
  await db.tenant.update({
    where: { slug },
    data: { boletoProvider: 'local', boletoProviderSettings: {}, boletoProviderSecret: null },
  });
}
