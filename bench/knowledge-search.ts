import { randomUUID } from 'node:crypto';
import { Knowledge } from '../src/app/knowledge';
import { KnowledgeStore } from '../src/stores/knowledge-store';
import { createPrismaClient } from '../src/stores/prisma/client';
import { loadDemoKnowledge } from '../prisma/seed';
import * as r from './report';

/**
 * What one search of a tenant's documents costs: with a model, every message a tenant with
 * documents sends is searched for the passages of its prompt, and every general question is
 * searched offline too; the load parts' tenants have no documents, so this is measured apart.
 * The pt-BR demo documents (15, ~75 passages) in a tenant of the bench database; each message
 * searched one at a time (wall ms: Prisma, the pg driver and PostgreSQL's planning and
 * execution; client CPU: this process alone), then 16 at a time for a few seconds.
 */
const MESSAGES: ReadonlyArray<[string, string]> = [
  ['create', 'cria um boleto de R$ 150,50 pro Maria Oliveira pra dia 10/12/2099'],
  ['confirm', 'sim'],
  ['status', 'qual o status do boleto 42?'],
  ['list', 'lista meus boletos'],
  ['question', 'o cliente pode pagar um boleto vencido?'],
  [
    'question, long',
    'bom dia, meu cliente pagou no sábado à noite e até agora não apareceu como pago, quanto tempo demora pra compensar?',
  ],
];

export async function knowledgeSearch(databaseUrl: string, seconds: number): Promise<void> {
  console.log(
    `\nKnowledge search: the pt-BR demo documents in one tenant; each message searched 50 times alone, then 16 at a time for ${seconds} s`,
  );
  const db = createPrismaClient(databaseUrl, { max: 16 });
  const slug = `bench-kb-${randomUUID().slice(0, 8)}`;
  const tenant = await db.tenant.create({
    data: { slug, name: slug, pack: 'boletos', locale: 'pt-BR', timeZone: 'UTC', currency: 'BRL' },
  });
  try {
    const knowledge = new Knowledge(new KnowledgeStore(db));
    await loadDemoKnowledge(knowledge, tenant.id, 'boletos');
    // `rank`, not `passages`: the latter keeps a question's passages for a while (a turn with a
    // model asks twice), and what is measured here is the search itself.
    const search = (text: string) => knowledge.rank(tenant.id, 'pt-BR', text);
    for (const [, text] of MESSAGES) await search(text); // warm: connections, the passages' presence
    const rows: Array<Array<string | number>> = [];
    for (const [kind, text] of MESSAGES) {
      const walls: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < 50; i++) {
        const start = performance.now();
        await search(text);
        walls.push(performance.now() - start);
      }
      const used = process.cpuUsage(cpu);
      rows.push([
        kind,
        r.fmt(r.quantile(walls, 0.5), 2),
        r.fmt(r.quantile(walls, 0.95), 2),
        r.fmt((used.user + used.system) / 1000 / 50, 2),
      ]);
    }
    console.log(r.table(['message', 'p50 ms', 'p95 ms', 'client CPU ms'], rows));
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 16 }, async (_, lane) => {
        for (let i = lane; performance.now() < until; i++) {
          await search(MESSAGES[i % MESSAGES.length]![1]);
          done++;
        }
      }),
    );
    console.log(`  16 at a time, the messages above in turn: ${r.fmt(done / seconds)} searches/s`);
  } finally {
    await db.tenant.delete({ where: { id: tenant.id } });
    await db.$disconnect();
  }
}
