/**
 * `npm run nlu:crossval -- [--pack boletos|finance] [--failures] [--repeat N] [--l2 X]`: the dev
 * set's figures now that
 * the intent model trains on it. The dev lines are cut into folds by author (they were appended
 * 40 lines per blind author, so a block of 40 is one author's and stays in one fold: a fold's
 * phrasings were never seen from the same hand); each fold is read by a model trained on
 * everything else (templates, fixtures, the other folds), at the pinned temperature, and the
 * figures are those of `npm run nlu:eval` over every out-of-fold line. `--failures` lists the
 * lines read wrong; `--repeat` and `--l2` train with other settings than `DEV_REPEAT` and the
 * trainer's L2 penalty, to compare them (how they were chosen). It also prints the temperature those out-of-fold scores would fit, for
 * information only: the readers and templates were tuned on these lines, so it comes out sharper
 * than what fresh lines fit (0.85 / 0.7 against 1.0 / 1.05 on 2026-11-26).
 *
 * `npm run nlu:crossval -- --pack P --calibrate fresh.jsonl [--write]`: the temperature that
 * makes the model (trained as `nlu:train` trains it) honest on lines nobody trained or tuned
 * on, a blind author's delivery before it joins the dev set; `--write` pins it in
 * `tests/fixtures/nlu/dev/temperature.json`, which `npm run nlu:train` uses.
 *
 * The readers (amounts, dates, names) were tuned on the dev set's failures, so the entity figures
 * here flatter them; fresh lines measured once with `nlu:eval --file` and the held-out set remain
 * the figures to report.
 */
import { allPacks, packNamed } from '../src/app/packs';
import type { DomainPack } from '../src/domains/types';
import type { IntentModelArtifact } from '../src/nlu/intent-model';
import { LinearIntentModel } from '../src/nlu/intent-model';
import { temperatureFor } from '../src/nlu/intent-model/train';
import type { Understander } from '../src/core/understanding';
import { evaluate, formatReport, formatSummary, medianTimePerMessage } from './nlu-eval';
import { fixturePath, loadExamples, type LabeledExample } from './nlu-sets';
import { featuresOf, pinnedTemperature, pinTemperature, trainPack } from './nlu-train';

const FOLDS = 5;

/** `--repeat N` and `--l2 X`: other trainer settings to compare (the defaults were chosen so). */
let trainerSettings: { repeat?: number; trainer?: { l2: number } } = {};
/** Lines per blind author's delivery: a block is never split between folds. */
const AUTHOR_BLOCK = 40;

function foldOf(index: number): number {
  return Math.floor(index / AUTHOR_BLOCK) % FOLDS;
}

function crossValidate(packId: string, failures: boolean): void {
  const pack = packNamed({ pack: packId });
  const dev = loadExamples(fixturePath(pack.id, 'dev'));
  const started = process.hrtime.bigint();
  const folds = Array.from({ length: FOLDS }, (_, k) => {
    const held = dev.filter((_, i) => foldOf(i) === k);
    const { artifact } = trainPack(pack, {
      dev: dev.filter((_, i) => foldOf(i) !== k),
      temperature: 1,
      ...trainerSettings,
    });
    process.stderr.write(`${pack.id}: fold ${k + 1}/${FOLDS} trained\n`);
    return { held, artifact };
  });
  const fitted = temperatureFor(folds.flatMap(({ held, artifact }) => scoresOf(pack, artifact, held)));
  const pinned = pinnedTemperature(pack.id) ?? fitted;
  // Each line is read by the model of its own fold: one report over every out-of-fold line.
  const readerOf = new Map<string, Understander>();
  for (const { held, artifact } of folds) {
    const understander = pack.intentModel.understanderWith({ ...artifact, temperature: pinned });
    for (const e of held) readerOf.set(keyOf(e.text, e.now), understander);
  }
  const outOfFold: Understander = {
    understand: (text, ctx) => readerOf.get(keyOf(text, ctx.now))!.understand(text, ctx),
    readPatch: () => ({ entities: {} }),
  };
  const report = evaluate(outOfFold, pack, dev);
  process.stdout.write(
    `${pack.id} (${pack.locale}): ${dev.length} dev lines in ${FOLDS} folds by author, each read by a model ` +
      `trained without its fold (${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s)\n\n` +
      `${formatSummary([
        {
          name: 'out of fold',
          report,
          micros: medianTimePerMessage(outOfFold, pack.locale, dev),
        },
      ])}\n\n` +
      `read at the pinned temperature ${pinned}; the out-of-fold scores would fit ${fitted}\n`,
  );
  if (failures) process.stdout.write(`\n${formatReport(report, { failures: true })}\n`);
}

/** Fits the temperature of the model `nlu:train` would train on a fresh file's lines. */
function calibrate(packId: string, file: string, write: boolean): void {
  const pack = packNamed({ pack: packId });
  const { artifact } = trainPack(pack, { temperature: 1, ...trainerSettings });
  const lines = loadExamples(file);
  const temperature = temperatureFor(scoresOf(pack, artifact, lines));
  process.stdout.write(
    `${pack.id}: ${lines.length} lines of ${file} fit temperature ${temperature} ` +
      `(pinned: ${pinnedTemperature(pack.id) ?? 'none'})${write ? ', now pinned' : ''}\n`,
  );
  if (write) pinTemperature(pack.id, temperature);
}

/** What `artifact` scores each line, with the index of its right class: what a temperature is fitted on. */
function scoresOf(
  pack: DomainPack,
  artifact: IntentModelArtifact,
  lines: readonly LabeledExample[],
): Array<{ scores: number[]; y: number }> {
  const model = new LinearIntentModel(artifact);
  return lines.map((e) => ({
    scores: model.scores(featuresOf(pack, e.text, new Date(e.now), e.tz)),
    y: artifact.classes.indexOf(e.intent),
  }));
}

function keyOf(text: string, now: string | Date): string {
  return `${new Date(now).toISOString()}\u0000${text}`;
}

function main(args: readonly string[]): void {
  const valueOf = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
  const repeat = valueOf('--repeat');
  const l2 = valueOf('--l2');
  trainerSettings = {
    ...(repeat !== undefined ? { repeat } : {}),
    ...(l2 !== undefined ? { trainer: { l2 } } : {}),
  };
  const at = args.indexOf('--pack');
  const packs = at >= 0 ? [args[at + 1] ?? ''] : allPacks().map((p) => p.id);
  const file = args.includes('--calibrate') ? args[args.indexOf('--calibrate') + 1] : undefined;
  if (file !== undefined) {
    if (at < 0) throw new Error('--calibrate needs --pack: a fresh file is written for one pack');
    calibrate(packs[0]!, file, args.includes('--write'));
    return;
  }
  for (const id of packs) crossValidate(id, args.includes('--failures'));
}

if (require.main === module) main(process.argv.slice(2));
