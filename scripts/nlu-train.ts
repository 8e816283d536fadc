/**
 * `npm run nlu:train`: trains each pack's intent model and writes it into the pack's folder
 * (`src/domains/<pack>/understanding/intent-model.json`).
 *
 * Training data, all in the repository: the pack's templates expanded with slot values and
 * typing habits (`understanding/training-data.ts`), the hand-written labeled lines of
 * `tests/fixtures/nlu/<pack>.jsonl`, and the lines blind authors wrote in
 * `tests/fixtures/nlu/dev/<pack>.jsonl` (each counted `DEV_REPEAT` times). The temperature that
 * calibrates probabilities is pinned in `tests/fixtures/nlu/dev/temperature.json`, fitted on a
 * blind delivery before it joins the dev set (`npm run nlu:crossval -- --calibrate`); a pack
 * with no dev set is calibrated on its fixtures with a model trained without them.
 * The held-out sets (`tests/fixtures/nlu/heldout/`) are never read here.
 *
 * `npm run nlu:train -- --check` trains in memory and fails when a committed model differs
 * from what training produces (CI runs it), so the artifact always matches the code and data.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { allPacks } from '../src/app/packs';
import type { DomainPack } from '../src/domains/types';
import { DEFAULT_TIME_ZONE } from '../src/nlu';
import { extractFeatures, type FeatureVector, type IntentModelArtifact } from '../src/nlu/intent-model';
import {
  DEFAULT_TRAINING,
  fingerprint,
  fitTemperature,
  trainIntentModel,
  type TrainingExample,
} from '../src/nlu/intent-model/train';
import { generateSentences } from '../src/nlu/intent-model/training-set';
import { fixturePath, loadExamples, type LabeledExample } from './nlu-sets';

const PER_TEMPLATE = 40;
const GENERATION_SEED = 7;
/** A "now" for generated sentences (their dates only feed the `m:date` signal). */
const TRAINING_NOW = new Date('2026-11-22T10:00:00Z');

export interface TrainedModel {
  pack: DomainPack;
  artifact: IntentModelArtifact;
  sentences: number;
}

/**
 * How many times each dev line counts in training: a few hundred lines written by people
 * against thousands of generated ones. Chosen with the L2 penalty by cross-validation (`npm run
 * nlu:crossval`, 2026-11-26, 1590 / 1339 dev lines): 3 with l2 = 3e-4 gave both packs their best
 * out-of-fold intent accuracy (pt-BR 95.6 -> 96.5 %, es-MX 97.3 -> 97.6 % against 2 with 1e-5)
 * and a third of the confident errors, and was no worse on 160+160 fresh lines.
 */
export const DEV_REPEAT = 3;

export interface TrainOptions {
  /** The dev lines to train on (default: the whole dev set); cross-validation leaves a fold out. */
  dev?: readonly LabeledExample[];
  /** Use this temperature instead of the pinned one (cross-validation scores uncalibrated). */
  temperature?: number;
  /** Other trainer settings than `DEFAULT_TRAINING` (to compare them by cross-validation). */
  trainer?: Partial<typeof DEFAULT_TRAINING>;
  /** Another count than `DEV_REPEAT` for each dev line (to compare them by cross-validation). */
  repeat?: number;
}

/** The model's features for a labeled line, computed exactly as the pack's understander does. */
export function featuresOf(pack: DomainPack, text: string, now: Date, tz?: string): FeatureVector {
  const input = pack.intentModel.inputOf(text, {
    locale: pack.locale,
    now,
    timeZone: tz ?? DEFAULT_TIME_ZONE[pack.locale],
  });
  return extractFeatures(input.text, input.signals);
}

export function trainPack(pack: DomainPack, how: TrainOptions = {}): TrainedModel {
  const generated = generateSentences(pack.intentModel.training, {
    perTemplate: PER_TEMPLATE,
    seed: GENERATION_SEED,
  });
  const devPath = fixturePath(pack.id, 'dev');
  const dev = how.dev ?? (existsSync(devPath) ? loadExamples(devPath) : []);
  const repeat = how.repeat ?? DEV_REPEAT;
  const handWritten = [
    ...loadExamples(fixturePath(pack.id, 'fixtures')),
    ...dev.flatMap((e) => Array<LabeledExample>(repeat).fill(e)),
  ];
  const labeled = (e: LabeledExample): TrainingExample => ({
    intent: e.intent,
    features: featuresOf(pack, e.text, new Date(e.now), e.tz),
  });
  const examples: TrainingExample[] = [
    ...generated.map((s) => ({ intent: s.intent, features: featuresOf(pack, s.text, TRAINING_NOW) })),
    ...loadExamples(fixturePath(pack.id, 'fixtures')).map(labeled),
    // The same object `repeat` times: it weighs more, and the trainer counts it once for minCount.
    ...dev.map(labeled).flatMap((example) => Array<TrainingExample>(repeat).fill(example)),
  ];
  // A step only a multi-step action reaches is never read from a message: no class for it.
  const classes = Object.entries(pack.intents)
    .filter(([, spec]) => !spec.flowStep)
    .map(([name]) => name)
    .concat('UNKNOWN');
  const options = { ...DEFAULT_TRAINING, ...how.trainer, classes };
  const trainedFrom = fingerprint([
    options,
    PER_TEMPLATE,
    GENERATION_SEED,
    repeat,
    'minCount over distinct examples',
    generated,
    handWritten.map((e) => [e.text, e.intent]),
  ]);
  const artifact = trainIntentModel(examples, options, trainedFrom);
  if (how.temperature !== undefined) artifact.temperature = how.temperature;
  else if (dev.length > 0) {
    // The dev lines are trained on, so they cannot calibrate: the temperature is fitted on a
    // fresh delivery before it joins them (`nlu:crossval -- --calibrate`), and pinned.
    const pinned = pinnedTemperature(pack.id);
    if (pinned === undefined)
      throw new Error(
        `${pack.id}: no temperature pinned in ${relative(process.cwd(), PINNED_PATH)}; run "npm run nlu:crossval -- --pack ${pack.id} --write"`,
      );
    artifact.temperature = pinned;
  } else {
    // No development set yet: calibrate on the hand-written fixtures with a model that did not
    // see them (trained on the generated sentences alone), and use that temperature.
    const blind = trainIntentModel(examples.slice(0, generated.length), options, trainedFrom);
    artifact.temperature = fitTemperature(blind, examples.slice(generated.length));
  }
  return { pack, artifact, sentences: examples.length };
}

export const PINNED_PATH = join(dirname(fixturePath('any', 'dev')), 'temperature.json');

interface PinnedTemperatures {
  why: string;
  [packId: string]: number | string;
}

function readPinned(): PinnedTemperatures {
  if (!existsSync(PINNED_PATH)) return { why: '' };
  return JSON.parse(readFileSync(PINNED_PATH, 'utf8')) as PinnedTemperatures;
}

/** The temperature fitted for a pack on fresh lines (see `nlu-crossval.ts`), if one is pinned. */
export function pinnedTemperature(packId: string): number | undefined {
  const value = readPinned()[packId];
  return typeof value === 'number' ? value : undefined;
}

/** Pins a pack's temperature, keeping the file's other packs and its explanation. */
export function pinTemperature(packId: string, temperature: number): void {
  writeFileSync(PINNED_PATH, `${JSON.stringify({ ...readPinned(), [packId]: temperature }, null, 2)}\n`);
}

/** Largest difference between two artifacts' weights (0 when equal), or Infinity if shaped differently. */
function difference(a: IntentModelArtifact, b: IntentModelArtifact): number {
  if (a.trainedFrom !== b.trainedFrom || a.classes.join() !== b.classes.join()) return Infinity;
  let worst = Math.abs(a.temperature - b.temperature);
  const names = new Set([...Object.keys(a.weights), ...Object.keys(b.weights)]);
  for (const name of names) {
    const x = a.weights[name] ?? [];
    const y = b.weights[name] ?? [];
    for (let k = 0; k < a.classes.length; k++) worst = Math.max(worst, Math.abs((x[k] ?? 0) - (y[k] ?? 0)));
  }
  return worst;
}

/** JSON with one feature per line, so a retrained model's diff shows which weights moved. */
function serialize(artifact: IntentModelArtifact): string {
  const { weights, ...head } = artifact;
  const rows = Object.entries(weights).map(([name, row]) => `${JSON.stringify(name)}:${JSON.stringify(row)}`);
  return `${JSON.stringify(head).slice(0, -1)},"weights":{\n${rows.join(',\n')}\n}}\n`;
}

function main(): void {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const pack of allPacks()) {
    const started = process.hrtime.bigint();
    const { artifact, sentences } = trainPack(pack);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const where = relative(process.cwd(), pack.intentModel.path);
    const size = JSON.stringify(artifact).length;
    if (check) {
      const committed = existsSync(pack.intentModel.path)
        ? (JSON.parse(readFileSync(pack.intentModel.path, 'utf8')) as IntentModelArtifact)
        : undefined;
      const diff = committed ? difference(committed, artifact) : Infinity;
      const ok = diff <= 1e-3;
      if (!ok) stale++;
      process.stdout.write(
        `${pack.id}: ${ok ? 'matches training' : 'DIFFERS from training'} (${where}, largest weight difference ${diff})\n`,
      );
    } else {
      writeFileSync(pack.intentModel.path, serialize(artifact));
      process.stdout.write(
        `${pack.id} (${pack.locale}): ${sentences} sentences, ${Object.keys(artifact.weights).length} features, ` +
          `temperature ${artifact.temperature}, ${(size / 1024).toFixed(0)} KiB -> ${where} in ${seconds.toFixed(1)} s\n`,
      );
    }
  }
  if (stale > 0) {
    process.stderr.write(
      'nlu:train: a committed intent model is stale: run "npm run nlu:train" and commit it\n',
    );
    process.exit(1);
  }
}

if (require.main === module) main();
