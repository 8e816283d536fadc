import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Knowledge } from '../src/app/knowledge';
import { KnowledgeStore } from '../src/stores/knowledge-store';
import type { Env } from '../config';
import { nameKey } from '../src/domains/contacts';
import { CONDOMINIO_FEATURES } from '../src/domains/condominio/features';
import { createPrismaClient } from '../src/stores/prisma/client';

/**
 * Demo data, idempotent: a boletos tenant ("demo", pt-BR) with contacts — two of them named
 * João —, a finance tenant ("cristi", es-MX) and a condominium ("jardim", pt-BR) with its spaces,
 * units and residents. Each has console users for `npm run chat`.
 */
export const DEMO = {
  boletos: {
    slug: 'demo',
    name: 'Padaria Demo',
    users: [
      { handle: 'ana', name: 'Ana Souza', role: 'owner', phone: '5511987654321' },
      { handle: 'bruno', name: 'Bruno Lima', role: 'viewer', phone: null },
    ],
    contacts: ['João Silva', 'João Souza', 'Maria Oliveira', 'Pedro Santos', 'Carla Mendes'],
  },
  finance: {
    slug: 'cristi',
    name: 'Finanzas de Cristina',
    users: [{ handle: 'cristina', name: 'Cristina Ramírez', role: 'owner', phone: '5215512345678' }],
  },
  condominio: {
    slug: 'jardim',
    name: 'Condomínio Jardim das Flores',
    // Residents book for their unit; the síndica runs the condominium (and lives in it).
    users: [
      {
        handle: 'marina',
        name: 'Marina Alves',
        role: 'operator',
        phone: null,
        unit: 'Bloco A, apto 101',
        condoRole: 'morador',
      },
      {
        handle: 'rafael',
        name: 'Rafael Costa',
        role: 'operator',
        phone: null,
        unit: 'Bloco B, apto 204',
        condoRole: 'morador',
      },
      {
        handle: 'carla',
        name: 'Carla Menezes',
        role: 'owner',
        phone: null,
        unit: 'Bloco A, apto 301',
        condoRole: 'sindico',
      },
    ],
    units: ['Bloco A, apto 101', 'Bloco A, apto 102', 'Bloco A, apto 301', 'Bloco B, apto 204'],
    // The fines the regulations set (prisma/knowledge/condominio/ata-assembleia-2026.md: one
    // month's condominium fee, R$ 650,00 in 2026).
    infractions: [
      {
        name: 'Barulho no horário de silêncio',
        aliases: ['barulho', 'som alto', 'festa', 'furadeira', 'silencio'],
        amountCents: 65000,
        rule: 'Regimento interno, horário de silêncio; assembleia de 14/03/2026',
      },
      {
        name: 'Uso indevido da vaga de visitante',
        aliases: ['vaga de visitante', 'vaga', 'carro na vaga'],
        amountCents: 65000,
        rule: 'Assembleia de 14/03/2026',
      },
      {
        name: 'Lixo deixado no corredor',
        aliases: ['lixo', 'lixo no corredor'],
        amountCents: 65000,
        rule: 'Assembleia de 14/03/2026',
      },
    ],
    // As the regulations say (prisma/knowledge/condominio/reservas-de-espacos.md).
    spaces: [
      {
        name: 'Salão de festas',
        aliases: ['salao', 'salao de festa', 'salaozinho'],
        opensAt: 10 * 60,
        closesAt: 23 * 60,
        capacity: 80,
        feeCents: 15000,
        minLeadHours: 48,
        maxPerUnitPerMonth: 2,
      },
      {
        name: 'Churrasqueira',
        aliases: ['churras', 'churrasq', 'area de churrasco'],
        opensAt: 10 * 60,
        closesAt: 22 * 60,
        capacity: 30,
        feeCents: 8000,
        minLeadHours: 24,
        maxPerUnitPerMonth: 2,
      },
      {
        name: 'Quadra poliesportiva',
        aliases: ['quadra', 'quadrinha', 'quadra de futsal'],
        opensAt: 7 * 60,
        closesAt: 22 * 60,
        capacity: 20,
        feeCents: 0,
        minLeadHours: 2,
        maxPerUnitPerMonth: 8,
        suppliersAllowed: false,
      },
    ],
  },
} as const;

export async function runSeed(
  config: Pick<Env, 'DATABASE_URL'>,
  options: { quiet?: boolean } = {},
): Promise<void> {
  const db = createPrismaClient(config.DATABASE_URL, { max: 2 });
  try {
    const demo = await db.tenant.upsert({
      where: { slug: DEMO.boletos.slug },
      update: {},
      create: {
        slug: DEMO.boletos.slug,
        name: DEMO.boletos.name,
        pack: 'boletos',
        locale: 'pt-BR',
        timeZone: 'America/Sao_Paulo',
        currency: 'BRL',
        aiSettings: { enabled: false, mode: 'offline', plan: 'basic', features: [] },
      },
    });
    for (const u of DEMO.boletos.users) await ensureConsoleUser(db, demo.id, u);
    for (const name of DEMO.boletos.contacts) {
      const key = nameKey(name);
      const exists = await db.contact.findFirst({ where: { tenantId: demo.id, nameKey: key } });
      // An example.com address (reserved, never delivered) to try e-mail delivery against a
      // local SMTP server: `npm run iris -- tenant delivery --tenant demo --mode email`.
      const email = `${key.replace(/\s+/g, '.')}@example.com`;
      if (!exists) await db.contact.create({ data: { tenantId: demo.id, name, nameKey: key, email } });
    }
    const cristi = await db.tenant.upsert({
      where: { slug: DEMO.finance.slug },
      update: {},
      create: {
        slug: DEMO.finance.slug,
        name: DEMO.finance.name,
        pack: 'finance',
        locale: 'es-MX',
        timeZone: 'America/Mexico_City',
        currency: 'MXN',
        aiSettings: { enabled: false, mode: 'offline', plan: 'basic', features: [] },
      },
    });
    for (const u of DEMO.finance.users) await ensureConsoleUser(db, cristi.id, u);
    const jardim = await seedCondominium(db);
    // The demo knowledge bases (written by the team): adding them again changes nothing.
    const knowledge = new Knowledge(new KnowledgeStore(db));
    await loadDemoKnowledge(knowledge, demo.id, 'boletos');
    await loadDemoKnowledge(knowledge, cristi.id, 'finance');
    await loadDemoKnowledge(knowledge, jardim.id, 'condominio');
    if (!options.quiet)
      console.log(
        `Seeded tenants "${DEMO.boletos.slug}" (boletos, pt-BR), "${DEMO.finance.slug}" (finance, es-MX) and "${DEMO.condominio.slug}" (condominio, pt-BR).`,
      );
  } finally {
    await db.$disconnect();
  }
}

/** The demo condominium: its spaces, units and residents (each a console user with a unit). */
async function seedCondominium(db: ReturnType<typeof createPrismaClient>): Promise<{ id: string }> {
  const demo = DEMO.condominio;
  const tenant = await db.tenant.upsert({
    where: { slug: demo.slug },
    update: {},
    create: {
      slug: demo.slug,
      name: demo.name,
      pack: 'condominio',
      locale: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
      currency: 'BRL',
      aiSettings: { enabled: false, mode: 'offline', plan: 'basic', features: [...CONDOMINIO_FEATURES] },
    },
  });
  for (const space of demo.spaces)
    await db.condoSpace.upsert({
      where: { tenantId_name: { tenantId: tenant.id, name: space.name } },
      update: {},
      create: { tenantId: tenant.id, ...space, aliases: [...space.aliases] },
    });
  for (const infraction of demo.infractions)
    await db.condoInfraction.upsert({
      where: { tenantId_name: { tenantId: tenant.id, name: infraction.name } },
      update: {},
      create: { tenantId: tenant.id, ...infraction, aliases: [...infraction.aliases] },
    });
  for (const label of demo.units)
    await db.condoUnit.upsert({
      where: { tenantId_label: { tenantId: tenant.id, label } },
      update: {},
      create: { tenantId: tenant.id, label },
    });
  for (const u of demo.users) {
    const userId = await ensureConsoleUser(db, tenant.id, u);
    const unit = await db.condoUnit.findUniqueOrThrow({
      where: { tenantId_label: { tenantId: tenant.id, label: u.unit } },
    });
    await db.condoResident.upsert({
      where: { userId },
      update: {},
      create: { userId, tenantId: tenant.id, unitId: unit.id, role: u.condoRole },
    });
  }
  return tenant;
}

/** The packs with demo documents (`prisma/knowledge/<pack>/`). */
export type DemoKnowledgePack = 'boletos' | 'finance' | 'condominio';

/**
 * Adds a pack's demo documents (`prisma/knowledge/<pack>/*.md`, titled by that folder's
 * `titles.json`) to a tenant's knowledge base; the seed and `npm run kb:eval` load them the
 * same way.
 */
export async function loadDemoKnowledge(
  knowledge: Knowledge,
  tenantId: string,
  pack: DemoKnowledgePack,
): Promise<void> {
  const folder = join(__dirname, 'knowledge', pack);
  const locale = pack === 'finance' ? 'es-MX' : 'pt-BR';
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    await knowledge.add(tenantId, locale, {
      title: demoDocumentTitle(pack, file),
      type: 'faq',
      text: readFileSync(join(folder, file), 'utf8'),
    });
  }
}

/** A demo document's title, as its folder's `titles.json` gives it (else its file name). */
export function demoDocumentTitle(pack: DemoKnowledgePack, file: string): string {
  const titles = JSON.parse(
    readFileSync(join(__dirname, 'knowledge', pack, 'titles.json'), 'utf8'),
  ) as Record<string, string>;
  return titles[file] ?? file.replace(/\.md$/, '');
}

async function ensureConsoleUser(
  db: ReturnType<typeof createPrismaClient>,
  tenantId: string,
  u: { handle: string; name: string; role: string; phone: string | null },
): Promise<string> {
  const identity = await db.channelIdentity.findUnique({
    where: { channel_externalId: { channel: 'console', externalId: `${tenantId}:${u.handle}` } },
  });
  if (identity) return identity.userId;
  const user = await db.user.create({
    data: { tenantId, name: u.name, role: u.role as 'owner', phone: u.phone },
  });
  await db.channelIdentity.create({
    data: { tenantId, userId: user.id, channel: 'console', externalId: `${tenantId}:${u.handle}` },
  });
  return user.id;
}
