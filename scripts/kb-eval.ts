/**
 * `npm run kb:eval -- --pack boletos|finance [--file F]`: how well the knowledge base finds the
 * passage that answers a question. The questions (tests/fixtures/knowledge/<pack>.jsonl) were
 * written by a helper session that read only the demo documents, in its own words, each labeled
 * with the section that answers it (`file#heading`) or null when none does; they are frozen.
 * The demo documents are loaded into a temporary tenant of DATABASE_URL, removed afterwards.
 *
 * Prints, for the answerable questions: recall@5 (the section among the first five passages
 * of the ranking, before the threshold), MRR, and how often the passage Iris would quote is the right one; for the others, how often
 * Iris quotes nothing (it says what it can do instead).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { demoDocumentTitle, loadDemoKnowledge } from '../prisma/seed';
import { Knowledge } from '../src/app/knowledge';
import { allPacks } from '../src/app/packs';
import { KnowledgeStore } from '../src/stores/knowledge-store';
import { createPrismaClient } from '../src/stores/prisma/client';

interface Question {
  question: string;
  expected: string | null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { pack: { type: 'string', default: 'boletos' }, file: { type: 'string' } },
  });
  const pack = allPacks().find((p) => p.id === values.pack);
  if (!pack) throw new Error('--pack boletos|finance');
  const root = join(__dirname, '..');
  const file = values.file ?? join(root, 'tests', 'fixtures', 'knowledge', `${pack.id}.jsonl`);
  const questions = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Question);
  const db = createPrismaClient(loadConfig().DATABASE_URL, { max: 2 });
  const slug = `kb-eval-${randomUUID().slice(0, 8)}`;
  const tenant = await db.tenant.create({
    data: { slug, name: slug, pack: pack.id, locale: pack.locale, timeZone: 'UTC', currency: pack.currency },
  });
  try {
    const store = new KnowledgeStore(db);
    const knowledge = new Knowledge(store);
    if (pack.id !== 'boletos' && pack.id !== 'finance') throw new Error(`no demo documents for ${pack.id}`);
    await loadDemoKnowledge(knowledge, tenant.id, pack.id);
    /** A passage is the expected section when it is of that file and starts with that heading. */
    const isExpected = (expected: string, passage: { title: string; text: string }) => {
      const [name = '', heading = ''] = expected.split('#');
      return passage.title === demoDocumentTitle(name) && passage.text.startsWith(heading);
    };
    let answerable = 0;
    let inTop5 = 0;
    let reciprocal = 0;
    let quotedRight = 0;
    let outOfScope = 0;
    let refused = 0;
    const misses: string[] = [];
    for (const q of questions) {
      // The ranking alone (no threshold), and what Iris would quote (threshold and injection check).
      const found = await store.search(tenant.id, pack.locale, q.question, { minCoverage: 0 });
      const quoted = await knowledge.answer(tenant.id, pack.locale, q.question);
      if (q.expected === null) {
        outOfScope++;
        if (!quoted) refused++;
        else
          misses.push(`quoted for an unanswerable question: "${q.question}" -> ${quoted.text.slice(0, 50)}`);
        continue;
      }
      answerable++;
      const rank = found.findIndex((passage) => isExpected(q.expected!, passage));
      if (rank >= 0) {
        inTop5++;
        reciprocal += 1 / (rank + 1);
      }
      if (quoted && isExpected(q.expected, quoted)) quotedRight++;
      else
        misses.push(
          `"${q.question}" expected ${q.expected}, quoted ${quoted ? quoted.text.slice(0, 50) : 'nothing'}`,
        );
    }
    const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
    console.log(`${pack.id} (${pack.locale}): ${questions.length} questions from ${file}`);
    console.log(
      `  answerable ${answerable}: recall@5 ${pct(inTop5, answerable)}, MRR ${(reciprocal / Math.max(1, answerable)).toFixed(2)}, right passage quoted ${pct(quotedRight, answerable)}`,
    );
    console.log(`  unanswerable ${outOfScope}: nothing quoted ${pct(refused, outOfScope)}`);
    for (const miss of misses) console.log(`  - ${miss}`);
  } finally {
    await db.tenant.delete({ where: { id: tenant.id } });
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
