/**
 * `npm run kb:eval -- --pack boletos|finance|condominio [--heldout] [--file F] [--misses] [--embeddings]`: how well the knowledge base
 * finds the passage that answers a question. Each question set was written by a helper session
 * that read only the demo documents (`prisma/knowledge/<pack>/`), in its own words, each question
 * labeled with the section(s) that answer it (`file#heading`, or a list when two answer equally)
 * or null when none does; the sets are frozen as delivered:
 *
 * - `tests/fixtures/knowledge/dev/<pack>.jsonl`: the development set, what search is tuned on;
 * - `tests/fixtures/knowledge/heldout…/<pack>.jsonl`: the held-out sets (one folder each, named
 *   by the day it was written), never tuned on: read them (`--heldout`) to report, not while
 *   tuning;
 * - `tests/fixtures/knowledge/<pack>.jsonl`: the first set, written when the demo base had five
 *   documents; its labels miss the sections added since, so read it only with `--file`.
 *
 * Prints the sets side by side (or one `--file`): recall@5 (a right section among the first
 * five passages of the ranking, before the threshold), MRR, how often the passage Iris would
 * quote is a right one, and for the unanswerable questions how often Iris quotes nothing (it says
 * what it can do instead). Then the same "in the chat": the pack's offline understanding reads
 * each question first, and only what the pipeline sends to the documents (`knowledgeRoute`) can
 * be answered from them. `--misses` lists what went wrong on the development set (or the file).
 * The demo documents are loaded into a temporary tenant of DATABASE_URL, removed afterwards.
 * `--embeddings`: hybrid search, the passages embedded on the configured embedding model first.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { demoDocumentTitle, loadDemoKnowledge } from '../prisma/seed';
import { Knowledge } from '../src/app/knowledge';
import { allPacks } from '../src/app/packs';
import type { KnowledgePassage } from '../src/pipeline/ports';
import { KnowledgeStore } from '../src/stores/knowledge-store';
import { KnowledgeVectors } from '../src/stores/knowledge-vectors';
import { PrismaAiUsageStore } from '../src/stores/ai-usage-store';
import { createPrismaClient, type PrismaClient } from '../src/stores/prisma/client';
import { createKnowledgeEmbeddings } from '../src/engine';
import { aiProvidersFrom } from '../src/app/ai-providers';
import { embedBacklog } from '../src/app/knowledge-ingestion';
import { KNOWLEDGE_JOBS } from '../src/queues/knowledge-worker';
import { knowledgeRoute, offersSections } from '../src/pipeline/knowledge-route';
import { DEFAULT_TIME_ZONE } from '../src/nlu';
import { PRODUCT } from '../config/product';
import { toTenantProfile } from '../src/app/directory';
import { createLogger } from '../src/app/logger';
import type { TenantProfile } from '../src/domains/types';

interface Question {
  question: string;
  expected: string | string[] | null;
}

interface Figures {
  questions: number;
  answerable: number;
  inTop5: number;
  reciprocal: number;
  quotedRight: number;
  unanswerable: number;
  refused: number;
  /** Answerable questions the offline understanding sends to the documents at all. */
  routed: number;
  /** ... and whose right passage is quoted: what a person asking in the chat gets. */
  reached: number;
  /** Unanswerable questions for which the chat quotes nothing. */
  refusedInChat: number;
  /** Answerable questions the chat quotes nothing for, offered the right section among the closest. */
  offeredRight: number;
  /** Unanswerable questions offered sections (none of them quoted as an answer). */
  offeredUnanswerable: number;
  misses: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pack: { type: 'string', default: 'boletos' },
      file: { type: 'string' },
      misses: { type: 'boolean', default: false },
      heldout: { type: 'boolean', default: false },
      embeddings: { type: 'boolean', default: false },
    },
  });
  const pack = allPacks().find((p) => p.id === values.pack);
  if (!pack) throw new Error('--pack boletos|finance|condominio (the packs with demo documents)');
  const packId = pack.id;
  const fixtures = join(__dirname, '..', 'tests', 'fixtures', 'knowledge');
  const sets: Array<[string, string]> = values.file
    ? [['file', values.file]]
    : [
        ['dev', join(fixtures, 'dev', `${packId}.jsonl`)],
        ...(values.heldout ? heldoutSets(fixtures, packId) : []),
      ];
  const db = createPrismaClient(loadConfig().DATABASE_URL, { max: 2 });
  const slug = `kb-eval-${randomUUID().slice(0, 8)}`;
  const tenant = await db.tenant.create({
    data: {
      slug,
      name: slug,
      pack: packId,
      locale: pack.locale,
      timeZone: 'UTC',
      currency: pack.currency,
      // Hybrid search needs a tenant whose plan pays for model calls.
      aiSettings: { enabled: values.embeddings, mode: 'offline', plan: 'professional', features: [] },
    },
  });
  try {
    const store = new KnowledgeStore(db);
    await loadDemoKnowledge(new Knowledge(store), tenant.id, packId);
    const knowledge = values.embeddings
      ? await embeddedKnowledge(db, store, toTenantProfile(tenant))
      : new Knowledge(store);
    /** A passage is an expected section when it is of that file and starts with that heading. */
    const isExpected = (expected: string | string[], passage: { title: string; text: string }) =>
      [expected].flat().some((one) => {
        const [name = '', heading = ''] = one.split('#');
        return passage.title === demoDocumentTitle(packId, name) && passage.text.startsWith(heading);
      });
    /** How the chat routes a message: the pack's offline understanding, then the pipeline's rule. */
    const chatRoute = (text: string) =>
      knowledgeRoute(
        pack.understander.understand(text, {
          locale: pack.locale,
          now: new Date(),
          timeZone: DEFAULT_TIME_ZONE[pack.locale],
        }),
        pack,
        PRODUCT.intentConfidenceThreshold,
      );
    const measure = async (file: string): Promise<Figures> => {
      const questions = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Question);
      const f: Figures = {
        questions: questions.length,
        answerable: 0,
        inTop5: 0,
        reciprocal: 0,
        quotedRight: 0,
        unanswerable: 0,
        refused: 0,
        routed: 0,
        reached: 0,
        refusedInChat: 0,
        offeredRight: 0,
        offeredUnanswerable: 0,
        misses: [],
      };
      for (const q of questions) {
        // Whether the chat looks the question up at all: the offline understanding reads it
        // first, and the pipeline consults the documents by the same rule.
        const route = chatRoute(q.question);
        const routed = route !== 'none';
        // The ranking alone (no threshold), and what Iris would quote (threshold and injection check).
        const found = await knowledge.rank(tenant.id, pack.locale, q.question, { threshold: false });
        const quoted = await knowledge.answer(tenant.id, pack.locale, q.question);
        // A general question nothing answers is offered the closest sections, as in the chat.
        const offered =
          offersSections(route) && !quoted
            ? await knowledge.suggestions(tenant.id, pack.locale, q.question)
            : [];
        if (q.expected === null) {
          f.unanswerable++;
          if (offered.length > 0) f.offeredUnanswerable++;
          if (!quoted) f.refused++;
          if (!quoted || !routed) f.refusedInChat++;
          if (quoted)
            f.misses.push(`quoted for an unanswerable question: "${q.question}" -> ${brief(quoted)}`);
          continue;
        }
        f.answerable++;
        const rank = found.findIndex((passage) => isExpected(q.expected!, passage));
        if (rank >= 0) {
          f.inTop5++;
          f.reciprocal += 1 / (rank + 1);
        }
        if (routed) f.routed++;
        if (routed && quoted && isExpected(q.expected, quoted)) f.reached++;
        if (offered.some((o) => isExpected(q.expected!, { title: o.title, text: o.heading })))
          f.offeredRight++;
        if (quoted && isExpected(q.expected, quoted)) f.quotedRight++;
        else
          f.misses.push(
            `"${q.question}" expected ${[q.expected].flat().join(' | ')}; ranked ${rank >= 0 ? rank + 1 : '-'}, quoted ${quoted ? brief(quoted) : 'nothing'}`,
          );
      }
      return f;
    };
    const results: Array<[string, Figures]> = [];
    for (const [name, file] of sets) if (existsSync(file)) results.push([name, await measure(file)]);
    const heldout = results.filter(([name]) => name !== 'dev' && name !== 'file');
    if (heldout.length > 1) results.push(['all held', pooled(heldout.map(([, f]) => f))]);
    const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
    const row = (label: string, cell: (f: Figures) => string) =>
      console.log(label.padEnd(34) + results.map(([, f]) => cell(f).padStart(COLUMN)).join(''));
    console.log(`${packId} (${pack.locale}), ${values.embeddings ? 'hybrid search' : 'keyword search'}\n`);
    row('', () => '');
    console.log(''.padEnd(34) + results.map(([name]) => name.padStart(COLUMN)).join(''));
    row('questions (answerable)', (f) => `${f.questions} (${f.answerable})`);
    row('recall@5', (f) => pct(f.inTop5, f.answerable));
    row('MRR', (f) => (f.reciprocal / Math.max(1, f.answerable)).toFixed(2));
    row('right passage quoted', (f) => pct(f.quotedRight, f.answerable));
    row('unanswerable: nothing quoted', (f) => pct(f.refused, f.unanswerable));
    console.log('in the chat (offline understanding first):');
    row('  looked up in the documents', (f) => pct(f.routed, f.answerable));
    row('  right passage quoted', (f) => pct(f.reached, f.answerable));
    row('  unanswerable: nothing quoted', (f) => pct(f.refusedInChat, f.unanswerable));
    row('  nothing quoted, right one offered', (f) => pct(f.offeredRight, f.answerable));
    row('  unanswerable: sections offered', (f) => pct(f.offeredUnanswerable, f.unanswerable));
    // The general messages of the intent sets, labeled by what they ask (topic / capability /
    // social): how often each kind is offered sections when nothing is quoted. Only a topic should be.
    if (!values.file) {
      const labeled: Array<[string, string]> = [
        ['dev', 'dev.jsonl'],
        ...(values.heldout ? [['held-out', 'heldout.jsonl'] as [string, string]] : []),
      ];
      console.log('\ngeneral messages offered sections (tests/fixtures/knowledge/suggestions/):');
      for (const [name, file] of labeled) {
        const lines = readFileSync(join(fixtures, 'suggestions', file), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { pack: string; text: string; kind: string })
          .filter((line) => line.pack === packId);
        const offered = new Map<string, [number, number]>();
        for (const line of lines) {
          const shown =
            offersSections(chatRoute(line.text)) &&
            !(await knowledge.answer(tenant.id, pack.locale, line.text)) &&
            (await knowledge.suggestions(tenant.id, pack.locale, line.text)).length > 0;
          const [n, of] = offered.get(line.kind) ?? [0, 0];
          offered.set(line.kind, [n + (shown ? 1 : 0), of + 1]);
        }
        const cells = ['topic', 'capability', 'social'].map((kind) => {
          const [n, of] = offered.get(kind) ?? [0, 0];
          return `${kind} ${n}/${of}`;
        });
        console.log(`  ${name.padEnd(10)}${cells.join(', ')}`);
      }
    }
    if (values.misses) {
      const shown = results.find(([name]) => name === 'file' || name === 'dev');
      if (shown) {
        console.log(`\nmisses (${shown[0]}):`);
        for (const miss of shown[1].misses) console.log(`  - ${miss}`);
      }
    }
  } finally {
    await db.tenant.delete({ where: { id: tenant.id } });
    await db.$disconnect();
  }
}

/**
 * The demo passages embedded on this configuration's embedding model (GEMINI_API_KEY, or
 * LOCAL_AI_URL with LOCAL_AI_EMBEDDING_MODEL; the tests point them at local fake servers), and a
 * knowledge base that searches by keywords and vectors.
 */
async function embeddedKnowledge(
  db: PrismaClient,
  store: KnowledgeStore,
  tenant: TenantProfile,
): Promise<Knowledge> {
  const config = loadConfig();
  const logger = createLogger('warn', 'kb-eval', 'stderr');
  const providers = aiProvidersFrom(config, logger);
  const embeddings = createKnowledgeEmbeddings({ providers, usage: new PrismaAiUsageStore(db), logger });
  const vectors = new KnowledgeVectors(db);
  for (;;) {
    const run = await embedBacklog(embeddings, vectors, tenant, KNOWLEDGE_JOBS.passagesPerRun);
    if (run === 'keyword only' || run === 'tenant gone')
      throw new Error(
        '--embeddings needs an embedding model: GEMINI_API_KEY, or LOCAL_AI_URL and LOCAL_AI_EMBEDDING_MODEL',
      );
    if (run.remaining === 0) break;
  }
  return new Knowledge(store, {
    vectors,
    embeddings: {
      modelOf: async () => embeddings.modelOf(tenant),
      embedQuestion: (_tenantId, question) => embeddings.embedQuestion(tenant, question),
    },
  });
}

/** Every held-out set of a pack, oldest first (`heldout`, then by the date in the folder's name). */
function heldoutSets(fixtures: string, packId: string): Array<[string, string]> {
  return readdirSync(fixtures)
    .filter((name) => name.startsWith('heldout') && existsSync(join(fixtures, name, `${packId}.jsonl`)))
    .sort()
    .map((name) => [name.replace(/^heldout-\d{4}-/, 'held '), join(fixtures, name, `${packId}.jsonl`)]);
}

/** Width of a column of figures. */
const COLUMN = 13;

/** Several sets' figures as one set's (their questions together). */
function pooled(sets: Figures[]): Figures {
  const sum = (pick: (f: Figures) => number) => sets.reduce((total, f) => total + pick(f), 0);
  return {
    questions: sum((f) => f.questions),
    answerable: sum((f) => f.answerable),
    inTop5: sum((f) => f.inTop5),
    reciprocal: sum((f) => f.reciprocal),
    quotedRight: sum((f) => f.quotedRight),
    unanswerable: sum((f) => f.unanswerable),
    refused: sum((f) => f.refused),
    routed: sum((f) => f.routed),
    reached: sum((f) => f.reached),
    refusedInChat: sum((f) => f.refusedInChat),
    offeredRight: sum((f) => f.offeredRight),
    offeredUnanswerable: sum((f) => f.offeredUnanswerable),
    misses: [],
  };
}

function brief(passage: KnowledgePassage): string {
  return `${passage.title}: ${passage.text.slice(0, 50)}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
