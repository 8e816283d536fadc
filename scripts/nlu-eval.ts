/**
 * `npm run nlu:eval -- --locale pt-BR`: measures an offline understander on its labeled set,
 * tests/fixtures/nlu/<locale>.jsonl (one JSON object per line: {"text","now","intent",
 * "entities"}, optionally "conflicts" and "tz"). Prints intent accuracy, per-intent precision
 * and recall, per-entity exact-match precision and recall, how far confidence can be trusted
 * at the pipeline's 0.7 threshold, the average time per message, and every failure.
 *
 * Entities are compared exactly, and only the locale's documented entity names count
 * (`PUBLIC_ENTITIES`). A wrong value is both a false positive and a false negative. Expected
 * conflicts are scored as one more field per conflicting field ("conflicts.amount_cents"),
 * with the values compared as a set. `evaluate` is exported so a test can hold the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocale, type Locale } from '../src/core/locale';
import type { Understander, Understanding } from '../src/core/understanding';
import { DEFAULT_TIME_ZONE, offlineUnderstander, publicEntities } from '../src/nlu';

export interface LabeledExample {
  text: string;
  now: string;
  intent: string;
  entities: Record<string, string | number>;
  conflicts?: Understanding['conflicts'];
  tz?: string;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Failure {
  text: string;
  expected: { intent: string; fields: Record<string, string> };
  actual: { intent: string; confidence: number; fields: Record<string, string> };
}

export interface EvaluationReport {
  examples: number;
  intentAccuracy: number;
  perIntent: Record<string, Counts & { precision: number; recall: number }>;
  perEntity: Record<string, Counts & { precision: number; recall: number; f1: number }>;
  entities: { precision: number; recall: number; f1: number };
  /** Wrong intent yet confidence >= threshold: the errors the pipeline would act on. */
  confidentErrors: number;
  /** Right intent (not UNKNOWN) but confidence < threshold: the pipeline asks although it understood. */
  hesitantSuccesses: number;
  failures: Failure[];
}

const THRESHOLD = 0.7;

export function fixturePath(locale: Locale): string {
  return join(__dirname, '..', 'tests', 'fixtures', 'nlu', `${locale}.jsonl`);
}

export function loadExamples(path: string): LabeledExample[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '')
    .map(({ line, index }) => {
      try {
        return JSON.parse(line) as LabeledExample;
      } catch (error) {
        throw new Error(`${path}:${index + 1}: not JSON`, { cause: error });
      }
    });
}

/** Entities and conflicts flattened into comparable string fields. */
function fields(
  locale: Locale,
  entities: Understanding['entities'],
  conflicts: Understanding['conflicts'],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(publicEntities(locale, entities)))
    out[name] = JSON.stringify(value);
  for (const conflict of conflicts ?? []) {
    const values = conflict.values.map((value) => JSON.stringify(value)).sort();
    out[`conflicts.${conflict.field}`] = `[${values.join(',')}]`;
  }
  return out;
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function evaluate(
  understander: Understander,
  locale: Locale,
  examples: readonly LabeledExample[],
): EvaluationReport {
  const intentCounts = new Map<string, Counts>();
  const entityCounts = new Map<string, Counts>();
  const countsFor = (map: Map<string, Counts>, key: string): Counts => {
    const counts = map.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    map.set(key, counts);
    return counts;
  };
  let correctIntents = 0;
  let confidentErrors = 0;
  let hesitantSuccesses = 0;
  const failures: Failure[] = [];

  for (const example of examples) {
    const result = understander.understand(example.text, {
      locale,
      now: new Date(example.now),
      timeZone: example.tz ?? DEFAULT_TIME_ZONE[locale],
    });
    const intentOk = result.intent === example.intent;
    if (intentOk) {
      correctIntents++;
      countsFor(intentCounts, example.intent).tp++;
      if (result.confidence < THRESHOLD && example.intent !== 'UNKNOWN') hesitantSuccesses++;
    } else {
      countsFor(intentCounts, example.intent).fn++;
      countsFor(intentCounts, result.intent).fp++;
      if (result.confidence >= THRESHOLD) confidentErrors++;
    }

    const expected = fields(locale, example.entities, example.conflicts);
    const actual = fields(locale, result.entities, result.conflicts);
    let entitiesOk = true;
    for (const name of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const counts = countsFor(entityCounts, name);
      if (expected[name] !== undefined && expected[name] === actual[name]) {
        counts.tp++;
        continue;
      }
      entitiesOk = false;
      if (expected[name] !== undefined) counts.fn++;
      if (actual[name] !== undefined) counts.fp++;
    }
    if (!intentOk || !entitiesOk) {
      failures.push({
        text: example.text,
        expected: { intent: example.intent, fields: expected },
        actual: { intent: result.intent, confidence: result.confidence, fields: actual },
      });
    }
  }

  const perIntent: EvaluationReport['perIntent'] = {};
  for (const [intent, c] of [...intentCounts].sort()) {
    perIntent[intent] = { ...c, precision: ratio(c.tp, c.tp + c.fp), recall: ratio(c.tp, c.tp + c.fn) };
  }
  const perEntity: EvaluationReport['perEntity'] = {};
  const total: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const [name, c] of [...entityCounts].sort()) {
    const precision = ratio(c.tp, c.tp + c.fp);
    const recall = ratio(c.tp, c.tp + c.fn);
    perEntity[name] = { ...c, precision, recall, f1: f1(precision, recall) };
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
  }
  const precision = ratio(total.tp, total.tp + total.fp);
  const recall = ratio(total.tp, total.tp + total.fn);
  return {
    examples: examples.length,
    intentAccuracy: ratio(correctIntents, examples.length),
    perIntent,
    perEntity,
    entities: { precision, recall, f1: f1(precision, recall) },
    confidentErrors,
    hesitantSuccesses,
    failures,
  };
}

/**
 * Average microseconds per `understand` call on the examples, after a warm-up: the fastest of
 * `passes` passes of `rounds` rounds each, since other processes on a shared machine only ever
 * add time.
 */
export function timePerMessage(
  understander: Understander,
  locale: Locale,
  examples: readonly LabeledExample[],
  { passes = 5, rounds = 10 } = {},
): number {
  const inputs = examples.map((e) => ({
    text: e.text,
    ctx: { locale, now: new Date(e.now), timeZone: e.tz ?? DEFAULT_TIME_ZONE[locale] },
  }));
  for (const { text, ctx } of inputs) understander.understand(text, ctx);
  let best = Infinity;
  for (let pass = 0; pass < passes; pass++) {
    const start = process.hrtime.bigint();
    for (let round = 0; round < rounds; round++) {
      for (const { text, ctx } of inputs) understander.understand(text, ctx);
    }
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / (rounds * inputs.length));
  }
  return best;
}

export function formatReport(report: EvaluationReport, microseconds: number): string {
  const pct = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(7);
  const lines = [
    `examples: ${report.examples}`,
    `intent accuracy: ${pct(report.intentAccuracy).trim()}`,
    `confident errors (wrong intent, confidence >= ${THRESHOLD}): ${report.confidentErrors}`,
    `hesitant successes (right intent, confidence < ${THRESHOLD}): ${report.hesitantSuccesses}`,
    '',
    'intent                precision  recall   tp  fp  fn',
  ];
  for (const [intent, c] of Object.entries(report.perIntent)) {
    lines.push(
      `${intent.padEnd(20)} ${pct(c.precision)}  ${pct(c.recall)} ${[c.tp, c.fp, c.fn].map((n) => String(n).padStart(4)).join('')}`,
    );
  }
  lines.push('', 'entity                          precision  recall      f1   tp  fp  fn');
  for (const [name, c] of Object.entries(report.perEntity)) {
    lines.push(
      `${name.padEnd(30)} ${pct(c.precision)}  ${pct(c.recall)} ${pct(c.f1)} ${[c.tp, c.fp, c.fn].map((n) => String(n).padStart(4)).join('')}`,
    );
  }
  const e = report.entities;
  lines.push(`${'all entities'.padEnd(30)} ${pct(e.precision)}  ${pct(e.recall)} ${pct(e.f1)}`);
  lines.push(
    '',
    `time: ${microseconds.toFixed(1)} µs per message (average; fastest of 5 passes, after warm-up)`,
  );
  lines.push('', `failures: ${report.failures.length}`);
  for (const failure of report.failures) {
    lines.push(`- ${JSON.stringify(failure.text)}`);
    lines.push(`    expected ${failure.expected.intent} ${JSON.stringify(failure.expected.fields)}`);
    lines.push(
      `    actual   ${failure.actual.intent} (${failure.actual.confidence}) ${JSON.stringify(failure.actual.fields)}`,
    );
  }
  return lines.join('\n');
}

function main(args: readonly string[]): void {
  const index = args.findIndex((arg) => arg === '--locale' || arg.startsWith('--locale='));
  const raw = index < 0 ? 'pt-BR' : (args[index]?.split('=')[1] ?? args[index + 1]);
  if (!isLocale(raw)) {
    process.stderr.write(`nlu:eval: --locale must be pt-BR or es-MX, got "${raw ?? ''}"\n`);
    process.exit(2);
  }
  const understander = offlineUnderstander(raw);
  const examples = loadExamples(fixturePath(raw));
  const report = evaluate(understander, raw, examples);
  process.stdout.write(`${formatReport(report, timePerMessage(understander, raw, examples))}\n`);
}

if (require.main === module) main(process.argv.slice(2));
