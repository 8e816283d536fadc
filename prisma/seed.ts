import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Knowledge } from '../src/app/knowledge';
import { KnowledgeStore } from '../src/stores/knowledge-store';
import type { Env } from '../config';
import { nameKey } from '../src/domains/contacts';
import { createPrismaClient } from '../src/stores/prisma/client';

/**
 * Demo data, idempotent: a boletos tenant ("demo", pt-BR) with contacts — two of them named
 * João — and a finance tenant ("cristi", es-MX). Each has a console user for `npm run chat`.
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
    // The demo knowledge bases (written by the team): adding them again changes nothing.
    const knowledge = new Knowledge(new KnowledgeStore(db));
    await loadDemoKnowledge(knowledge, demo.id, 'boletos');
    await loadDemoKnowledge(knowledge, cristi.id, 'finance');
    if (!options.quiet)
      console.log(
        `Seeded tenants "${DEMO.boletos.slug}" (boletos, pt-BR) and "${DEMO.finance.slug}" (finance, es-MX).`,
      );
  } finally {
    await db.$disconnect();
  }
}

/**
 * Adds a pack's demo documents (`prisma/knowledge/<pack>/*.md`, titled by that folder's
 * `titles.json`) to a tenant's knowledge base; the seed and `npm run kb:eval` load them the
 * same way.
 */
export async function loadDemoKnowledge(
  knowledge: Knowledge,
  tenantId: string,
  pack: 'boletos' | 'finance',
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
export function demoDocumentTitle(pack: 'boletos' | 'finance', file: string): string {
  const titles = JSON.parse(
    readFileSync(join(__dirname, 'knowledge', pack, 'titles.json'), 'utf8'),
  ) as Record<string, string>;
  return titles[file] ?? file.replace(/\.md$/, '');
}

async function ensureConsoleUser(
  db: ReturnType<typeof createPrismaClient>,
  tenantId: string,
  u: { handle: string; name: string; role: string; phone: string | null },
): Promise<void> {
  const identity = await db.channelIdentity.findUnique({
    where: { channel_externalId: { channel: 'console', externalId: `${tenantId}:${u.handle}` } },
  });
  if (identity) return;
  const user = await db.user.create({
    data: { tenantId, name: u.name, role: u.role as 'owner', phone: u.phone },
  });
  await db.channelIdentity.create({
    data: { tenantId, userId: user.id, channel: 'console', externalId: `${tenantId}:${u.handle}` },
  });
}
