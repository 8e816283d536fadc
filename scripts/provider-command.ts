import { loadConfig } from '../config';
import { connectProvider, disconnectProvider } from '../src/app/provider-setup';
import { parseSecretKey } from '../src/core/secret-box';
import type { PrismaClient } from '../src/stores/prisma/client';

/**
 * `npm run iris -- tenant provider`: connects a tenant to Asaas (or back to local boletos) and
 * prints what the operator does next at Asaas. The API key comes from ASAAS_API_KEY, so it stays
 * out of the shell's history; `--api-key` is accepted for scripts.
 */
export async function setProvider(
  db: PrismaClient,
  slug: string,
  values: {
    provider?: string;
    'api-key'?: string;
    environment?: string;
    'base-url'?: string;
    fine?: string;
    interest?: string;
  },
): Promise<void> {
  if (values.provider === 'local') {
    await disconnectProvider(db, slug);
    console.log(`"${slug}": boletos are issued locally again (not registered with any bank).`);
    return;
  }
  if (values.provider !== 'asaas') throw new Error('--provider must be asaas or local');
  const apiKey = values['api-key'] ?? process.env.ASAAS_API_KEY;
  if (!apiKey) throw new Error('set ASAAS_API_KEY (or --api-key) to the account API key');
  const environment = values.environment ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production')
    throw new Error('--environment must be sandbox or production');
  // Brazilian law caps a boleto's fine at 2 % and its interest at 1 % a month.
  const percent = (flag: string, raw: string | undefined, max: number) => {
    if (raw === undefined) return undefined;
    const value = Number(raw.replace(',', '.'));
    if (!Number.isFinite(value) || value < 0 || value > max)
      throw new Error(`--${flag} must be a percentage from 0 to ${max}, e.g. ${max}`);
    return value;
  };
  const config = loadConfig();
  const secretKey = config.IRIS_SECRET_KEY ? parseSecretKey(config.IRIS_SECRET_KEY) : undefined;
  const { webhookToken, settings } = await connectProvider(db, secretKey, slug, {
    provider: 'asaas',
    apiKey,
    settings: {
      environment,
      ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
      ...(values.fine !== undefined ? { finePercent: percent('fine', values.fine, 2) } : {}),
      ...(values.interest !== undefined
        ? { interestPercentPerMonth: percent('interest', values.interest, 1) }
        : {}),
    },
  });
  console.log(`"${slug}": boletos are registered through Asaas (${settings.environment}).`);
  console.log('At Asaas, add a webhook (Integrações > Webhooks) for the payment events with:');
  console.log(`  URL:   https://<your web process>/webhooks/asaas/${slug}`);
  console.log(`  Token: ${webhookToken}`);
  console.log('The token is shown once; running this command again makes a new one.');
}
