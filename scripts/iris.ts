/**
 * Operator commands (`npm run iris -- <command>`):
 *   tenant create --slug acme --name "ACME Ltda" --pack boletos|finance|condominio
 *   invite --tenant demo --role owner|operator|viewer --name "Carlos"   # one-time code for /start
 *   user add --tenant demo --name "Carlos" --phone 5511987654321 --role operator  # WhatsApp by phone
 *   contact add --tenant demo --name "Maria Oliveira" [--email maria@example.com] [--phone 5511…]
 *   contact set --tenant demo --name "Maria Oliveira" --email maria@example.com   # or --phone
 *   contact set --tenant demo --name "Maria Oliveira" --whatsapp-opt-in yes|no   # her consent
 *   tenant delivery --tenant demo --mode email|whatsapp|none   # how queued messages reach contacts
 *   tenant notices --tenant demo --digest 18|off   # owners' boleto notices: one digest a day, or each
 *   tenant provider --tenant demo --provider asaas [--environment sandbox|production]
 *                   [--fine 2] [--interest 1]   # API key from ASAAS_API_KEY (or --api-key)
 *   tenant provider --tenant demo --provider local   # back to unregistered demo boletos
 *   contact set --tenant demo --name "Maria Oliveira" --document 123.456.789-09   # CPF or CNPJ
 *   tenant features --tenant jardim [--on ai_penalties] [--off ai_notices]   # tools' feature flags
 *   tenant ai --tenant demo [--enabled yes|no] [--mode model_first|offline_first|offline]
 *             [--plan free|basic|professional|enterprise]   # the tenant's AI (docs/gemini.md)
 *             [--understanding-provider gemini|local|default] [--summarization-provider …]
 *             [--embeddings-provider …]
 *   ai off [--reason "provider outage"] | ai on | ai status   # AI for every tenant, at run time
 *   analytics --tenant demo [--days 7]   # messages, resolution, fallbacks, intents, tools
 *   kb add --tenant demo FILE [--title "Perguntas frequentes"] [--type faq|regulation|guide|minutes|other]
 *          (FILE: Markdown, text, HTML or PDF)
 *   kb list --tenant demo
 *   kb remove --tenant demo --title "Perguntas frequentes"
 *   condo space --tenant jardim --name "Salão de festas" --opens 10:00 --closes 23:00 --capacity 80
 *               [--fee 150,00] [--lead-hours 48] [--per-month 2] [--days-ahead 90] [--free-cancel-hours 48]
 *               [--no-suppliers]   # no outside suppliers (buffet, DJ…) at its bookings
 *               [--aliases "salao,salaozinho"]
 *   condo infraction --tenant jardim --name "Lixo deixado no corredor" --amount 650,00 --rule "Assembleia de 14/03/2026" [--aliases "lixo"]
 *   condo unit --tenant jardim --label "Bloco A, apto 101"
 *   condo resident --tenant jardim --name "Marina Alves" --unit "Bloco A, apto 101" [--condo-role morador|sindico]
 *   condo list --tenant jardim   # spaces with their rules, units with their people
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, PRODUCT } from '../config';
import { createInvite } from '../src/app/invites';
import { allPacks, packFor } from '../src/app/packs';
import { DEFAULT_TIME_ZONE } from '../src/nlu';
import { nameKey } from '../src/domains/contacts';
import { basename, extname } from 'node:path';
import { isLocale } from '../src/core/locale';
import { Knowledge } from '../src/app/knowledge';
import { documentTextOf } from '../src/app/knowledge-files';
import { DOCUMENT_TYPES, KnowledgeStore, type DocumentType } from '../src/stores/knowledge-store';
import { createPrismaClient } from '../src/stores/prisma/client';
import { parseTaxpayerId } from '../src/domains/taxpayer-id';
import { setProvider } from './provider-command';
import { memoryCommand } from './memory-command';
import { EMBEDDING_NOTE, withKnowledgeQueue } from './knowledge-command';
import { platformAi, setTenantAi, setTenantFeatures } from './ai-command';
import { printAnalytics } from './analytics-command';
import { condoCommand } from './condo-command';

const ROLES = ['owner', 'operator', 'viewer'] as const;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      tenant: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      pack: { type: 'string' },
      role: { type: 'string', default: 'operator' },
      phone: { type: 'string' },
      title: { type: 'string' },
      type: { type: 'string', default: 'faq' },
      email: { type: 'string' },
      mode: { type: 'string' },
      digest: { type: 'string' },
      'whatsapp-opt-in': { type: 'string' },
      document: { type: 'string' },
      provider: { type: 'string' },
      'api-key': { type: 'string' },
      environment: { type: 'string' },
      'base-url': { type: 'string' },
      fine: { type: 'string' },
      interest: { type: 'string' },
      enabled: { type: 'string' },
      plan: { type: 'string' },
      reason: { type: 'string' },
      days: { type: 'string' },
      'understanding-provider': { type: 'string' },
      'summarization-provider': { type: 'string' },
      'embeddings-provider': { type: 'string' },
      about: { type: 'string' },
      all: { type: 'boolean' },
      opens: { type: 'string' },
      closes: { type: 'string' },
      capacity: { type: 'string' },
      fee: { type: 'string' },
      'lead-hours': { type: 'string' },
      'per-month': { type: 'string' },
      'days-ahead': { type: 'string' },
      'free-cancel-hours': { type: 'string' },
      'no-suppliers': { type: 'boolean' },
      aliases: { type: 'string' },
      label: { type: 'string' },
      unit: { type: 'string' },
      'condo-role': { type: 'string' },
      amount: { type: 'string' },
      on: { type: 'string' },
      off: { type: 'string' },
      rule: { type: 'string' },
    },
  });
  // `kb add FILE`: the file is the last positional, not part of the command.
  const file = positionals[0] === 'kb' && positionals[1] === 'add' ? positionals[2] : undefined;
  const command = positionals.slice(0, file ? 2 : undefined).join(' ');
  const db = createPrismaClient(loadConfig().DATABASE_URL, { max: 2 });
  try {
    const role = values.role as (typeof ROLES)[number];
    if (!ROLES.includes(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
    const tenantBySlug = async () => {
      if (!values.tenant) throw new Error('--tenant <slug> is required');
      const tenant = await db.tenant.findUnique({ where: { slug: values.tenant } });
      if (!tenant) throw new Error(`no tenant "${values.tenant}"`);
      return tenant;
    };
    if (positionals[0] === 'condo') {
      await condoCommand(db, positionals[1] ?? '', await tenantBySlug(), values);
      return;
    }
    switch (command) {
      case 'tenant create': {
        const pack = allPacks().find((p) => p.id === values.pack);
        if (!values.slug || !/^[a-z0-9-]{2,40}$/.test(values.slug))
          throw new Error('--slug must be 2-40 lower-case letters, digits or -');
        if (!pack)
          throw new Error(
            `--pack must be one of: ${allPacks()
              .map((p) => p.id)
              .join(', ')}`,
          );
        const tenant = await db.tenant.create({
          data: {
            slug: values.slug,
            name: values.name ?? values.slug,
            pack: pack.id,
            locale: pack.locale,
            timeZone: DEFAULT_TIME_ZONE[pack.locale],
            currency: pack.currency,
            aiSettings: {
              enabled: false,
              mode: 'offline',
              plan: 'basic',
              features: [...(pack.defaultFeatures ?? [])],
            },
          },
        });
        console.log(`Tenant "${tenant.slug}" created (${pack.id}, ${tenant.locale}).`);
        break;
      }
      case 'invite': {
        const { code, expiresAt } = await createInvite(db, {
          tenantSlug: (await tenantBySlug()).slug,
          role,
          userName: values.name ?? '',
          ttlSec: PRODUCT.inviteTtlSec,
        });
        console.log(`Invite code: ${code} (valid until ${expiresAt.toISOString()})`);
        console.log(
          `Telegram: send "/start ${code}" to the bot (or open https://t.me/<your_bot>?start=${code}).`,
        );
        console.log(`WhatsApp: send "IRIS-${code}" to the business number.`);
        break;
      }
      case 'user add': {
        const tenant = await tenantBySlug();
        const phone = values.phone?.replace(/\D/g, '');
        if (!values.name) throw new Error('--name is required');
        if (phone !== undefined && !/^\d{10,15}$/.test(phone))
          throw new Error('--phone must have 10-15 digits with the country code');
        const user = await db.user.create({
          data: { tenantId: tenant.id, name: values.name, role, phone: phone ?? null },
        });
        console.log(
          `User "${user.name}" (${role}) added to "${tenant.slug}"${phone ? ` with phone ${phone}` : ''}.`,
        );
        break;
      }
      case 'contact add': {
        const tenant = await tenantBySlug();
        if (!values.name) throw new Error('--name is required');
        await db.contact.create({
          data: {
            tenantId: tenant.id,
            name: values.name,
            nameKey: nameKey(values.name),
            ...contactAddress(values),
          },
        });
        console.log(`Contact "${values.name}" added to "${tenant.slug}".`);
        break;
      }
      case 'contact set': {
        const tenant = await tenantBySlug();
        if (!values.name) throw new Error('--name is required');
        const address: { email?: string; phone?: string; document?: string; whatsappOptInAt?: Date | null } =
          contactAddress(values);
        const optIn = values['whatsapp-opt-in'];
        if (optIn !== undefined && optIn !== 'yes' && optIn !== 'no')
          throw new Error('--whatsapp-opt-in must be yes or no');
        // The operator records the contact's consent; its time says since when.
        if (optIn !== undefined) address.whatsappOptInAt = optIn === 'yes' ? new Date() : null;
        if (Object.keys(address).length === 0)
          throw new Error('--email, --phone, --document or --whatsapp-opt-in is required');
        const { count } = await db.contact.updateMany({
          where: { tenantId: tenant.id, nameKey: nameKey(values.name) },
          data: address,
        });
        if (count !== 1)
          throw new Error(
            `"${tenant.slug}" has ${count} contacts named "${values.name}"; expected exactly one`,
          );
        console.log(`Contact "${values.name}" updated.`);
        break;
      }
      case 'tenant delivery': {
        const tenant = await tenantBySlug();
        const how = {
          email: 'go by e-mail',
          whatsapp: 'go by WhatsApp, to contacts who opted in',
          none: 'are kept for the owner to forward',
        };
        const mode = values.mode;
        if (mode !== 'email' && mode !== 'whatsapp' && mode !== 'none')
          throw new Error('--mode must be email, whatsapp or none');
        await db.tenant.update({ where: { id: tenant.id }, data: { messageDelivery: mode } });
        console.log(`"${tenant.slug}": messages to contacts ${how[mode]}.`);
        const config = loadConfig();
        if (mode === 'email' && !config.SMTP_URL)
          console.log(
            'Note: SMTP_URL is not set, so nothing is sent until it is (see docs/message-delivery.md).',
          );
        if (mode === 'whatsapp' && !config.WHATSAPP_CONTACT_MESSAGES)
          console.log(
            'Note: WHATSAPP_CONTACT_MESSAGES is off, so nothing is sent until it is on (see docs/message-delivery.md).',
          );
        break;
      }
      case 'tenant notices': {
        const tenant = await tenantBySlug();
        const digest = values.digest;
        const hour = digest === 'off' ? null : Number(digest);
        if (hour !== null && !(Number.isInteger(hour) && hour >= 0 && hour <= 23))
          throw new Error('--digest must be an hour from 0 to 23, or off');
        await db.tenant.update({ where: { id: tenant.id }, data: { noticeDigestHour: hour } });
        console.log(
          hour === null
            ? `"${tenant.slug}": owners hear of paid and overdue boletos as it happens.`
            : `"${tenant.slug}": owners hear of paid and overdue boletos once a day at ${hour}:00 (${tenant.timeZone}).`,
        );
        break;
      }
      case 'tenant ai': {
        await setTenantAi(db, await tenantBySlug(), {
          ...values,
          providers: {
            understanding: values['understanding-provider'],
            summarization: values['summarization-provider'],
            embeddings: values['embeddings-provider'],
          },
        });
        break;
      }
      case 'tenant features': {
        const tenant = await tenantBySlug();
        const pack = packFor(tenant.pack);
        const known = [
          ...new Set(pack.tools.flatMap((tool) => (tool.featureFlag ? [tool.featureFlag] : []))),
        ];
        await setTenantFeatures(db, tenant, known, { on: values.on, off: values.off });
        break;
      }
      case 'analytics': {
        await printAnalytics(db, await tenantBySlug(), values.days);
        break;
      }
      case 'ai off':
      case 'ai on':
      case 'ai status': {
        await platformAi(positionals[1], values.reason);
        break;
      }
      case 'tenant provider': {
        const tenant = await tenantBySlug();
        await setProvider(db, tenant.slug, values);
        break;
      }
      case 'kb add': {
        const tenant = await tenantBySlug();
        if (!file)
          throw new Error('usage: npm run iris -- kb add --tenant <slug> FILE [--title ...] [--type faq]');
        const type = values.type as DocumentType;
        if (!DOCUMENT_TYPES.includes(type))
          throw new Error(`--type must be one of ${DOCUMENT_TYPES.join(', ')}`);
        if (!isLocale(tenant.locale)) throw new Error(`tenant ${tenant.slug} has an unknown locale`);
        const locale = tenant.locale;
        const title = values.title ?? basename(file, extname(file));
        const text = await documentTextOf(file);
        const result = await withKnowledgeQueue((ingestion) =>
          new Knowledge(new KnowledgeStore(db), ingestion ? { ingestion } : {}).add(tenant.id, locale, {
            title,
            type,
            text,
          }),
        );
        const { added, removed, kept } = result.passages;
        console.log(
          `"${title}" ${result.status} in "${tenant.slug}": ${added} passages indexed, ${removed} removed, ${kept} kept` +
            (result.scrubbed.length > 0 ? `; personal data removed: ${result.scrubbed.length} item(s)` : ''),
        );
        console.log(EMBEDDING_NOTE[result.embedding]);
        break;
      }
      case 'kb list': {
        const tenant = await tenantBySlug();
        const documents = await new KnowledgeStore(db).list(tenant.id);
        if (documents.length === 0) console.log(`"${tenant.slug}" has no documents.`);
        for (const d of documents)
          console.log(
            `${d.title}  (${d.type}, ${d.passages} passages, ${d.embedded} embedded, updated ${d.updatedAt.toISOString()})`,
          );
        break;
      }
      case 'memory list':
      case 'memory forget': {
        await memoryCommand(db, command === 'memory list' ? 'list' : 'forget', await tenantBySlug(), values);
        break;
      }
      case 'kb remove': {
        const tenant = await tenantBySlug();
        if (!values.title) throw new Error('--title is required');
        const removed = await new KnowledgeStore(db).remove(tenant.id, values.title);
        if (!removed) throw new Error(`"${tenant.slug}" has no document "${values.title}"`);
        console.log(`"${values.title}" removed from "${tenant.slug}".`);
        break;
      }
      default:
        throw new Error(
          'usage: npm run iris -- tenant create | tenant features | tenant delivery | tenant notices | tenant provider | invite | user add | contact add | contact set | kb add | kb list | kb remove | memory list | memory forget | condo space|infraction|unit|resident|list  (see scripts/iris.ts)',
        );
    }
  } finally {
    await db.$disconnect();
  }
}

/** The e-mail, phone and CPF/CNPJ given on the command line, checked. */
function contactAddress(values: { email?: string; phone?: string; document?: string }): {
  email?: string;
  phone?: string;
  document?: string;
} {
  const address: { email?: string; phone?: string; document?: string } = {};
  if (values.document !== undefined) {
    const document = parseTaxpayerId(values.document);
    if (!document) throw new Error(`--document "${values.document}" is not a valid CPF or CNPJ`);
    address.document = document;
  }
  if (values.email !== undefined) {
    if (!z.string().email().safeParse(values.email).success)
      throw new Error(`--email "${values.email}" is not an e-mail address`);
    address.email = values.email;
  }
  if (values.phone !== undefined) {
    const phone = values.phone.replace(/\D/g, '');
    if (!/^\d{10,15}$/.test(phone)) throw new Error('--phone must have 10-15 digits with the country code');
    address.phone = phone;
  }
  return address;
}

/** Markdown and plain text as they are; HTML without its tags (PDF is not read yet). */
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
