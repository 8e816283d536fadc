/**
 * `npm run nlu:crossval -- [--pack boletos|finance] [--failures]`: the dev set's figures now that
 * the intent model trains on it. The dev lines are cut into folds by author (they were appended
 * 40 lines per blind author, so a block of 40 is one author's and stays in one fold: a fold's
 * phrasings were never seen from the same hand); each fold is read by a model trained on
 * everything else (templates, fixtures, the other folds), at the pinned temperature, and the
 * figures are those of `npm run nlu:eval` over every out-of-fold line. `--failures` lists the
 * lines read wrong. It also prints the temperature those out-of-fold scores would fit, for
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
import { allPacks } from '../src/app/packs';
import type { DomainPack } from '../src/domains/types';
import { LinearIntentModel } from '../src/nlu/intent-model';
import { temperatureFor } from '../src/nlu/intent-model/train';
import type { Understander } from '../src/core/understanding';
import { evaluate, formatReport, formatSummary, medianTimePerMessage } from './nlu-eval';
import { fixturePath, loadExamples, type LabeledExample } from './nlu-sets';
import { featuresOf, pinnedTemperature, pinTemperature, trainPack } from './nlu-train';

const FOLDS = 5;
/** Lines per blind author's delivery: a block is never split between folds. */
const AUTHOR_BLOCK = 40;

function foldOf(index: number): number {
  return Math.floor(index / AUTHOR_BLOCK) % FOLDS;
}

function crossValidate(packId: string, failures: boolean): void {
  const pack = packCalled(packId);
  const dev = loadExamples(fixturePath(pack.id, 'dev'));
  const started = process.hrtime.bigint();
  const folds = Array.from({ length: FOLDS }, (_, k) => {
    const held = dev.filter((_, i) => foldOf(i) === k);
    const { artifact } = trainPack(pack, { dev: dev.filter((_, i) => foldOf(i) !== k), temperature: 1 });
    process.stderr.write(`${pack.id}: fold ${k + 1}/${FOLDS} trained\n`);
    return { held, artifact };
  });
  const scored = folds.flatMap(({ held, artifact }) => {
    const model = new LinearIntentModel(artifact);
    return held.map((e: LabeledExample) => ({
      scores: model.scores(featuresOf(pack, e.text, new Date(e.now), e.tz)),
      y: artifact.classes.indexOf(e.intent),
    }));
  });
  const fitted = temperatureFor(scored);
  const pinned = pinnedTemperature(pack.id) ?? fitted;
  // Each line is read by the model of its own fold: one report over every out-of-fold line.
  const readerOf = new Map<string, Understander>();
  for (const { held, artifact } of folds) {
    const understander = pack.intentModel.understanderWith({ ...artifact, temperature: pinned });
    for (const e of held) readerOf.set(keyOf(e.text, e.now), understander);
  }
  const outOfFold: Understander = {
    understand: (text, ctx) => readerOf.get(keyOf(text, ctx.now.toISOString()))!.understand(text, ctx),
    readPatch: () => ({ entities: {} }),
  };
  const report = evaluate(
    outOfFold,
    pack,
    dev.map((e) => ({ ...e, now: new Date(e.now).toISOString() })),
  );
  process.stdout.write(
    `${pack.id} (${pack.locale}): ${dev.length} dev lines in ${FOLDS} folds by author, each read by a model ` +
      `trained without its fold (${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s)\n\n` +
      `${formatSummary([
        {
          name: 'out of fold',
          report,
          micros: medianTimePerMessage(
            outOfFold,
            pack.locale,
            dev.map((e) => ({ ...e, now: new Date(e.now).toISOString() })),
          ),
        },
      ])}\n\n` +
      `read at the pinned temperature ${pinned}; the out-of-fold scores would fit ${fitted}\n`,
  );
  if (failures) process.stdout.write(`\n${formatReport(report, { failures: true })}\n`);
}

/** Fits the temperature of the model `nlu:train` would train on a fresh file's lines. */
function calibrate(packId: string, file: string, write: boolean): void {
  const pack = packCalled(packId);
  const { artifact } = trainPack(pack, { temperature: 1 });
  const model = new LinearIntentModel(artifact);
  const lines = loadExamples(file);
  const temperature = temperatureFor(
    lines.map((e) => ({
      scores: model.scores(featuresOf(pack, e.text, new Date(e.now), e.tz)),
      y: artifact.classes.indexOf(e.intent),
    })),
  );
  process.stdout.write(
    `${pack.id}: ${lines.length} lines of ${file} fit temperature ${temperature} ` +
      `(pinned: ${pinnedTemperature(pack.id) ?? 'none'})${write ? ', now pinned' : ''}\n`,
  );
  if (write) pinTemperature(pack.id, temperature);
}

function packCalled(packId: string): DomainPack {
  const pack = allPacks().find((p) => p.id === packId);
  if (!pack)
    throw new Error(
      `no pack "${packId}" (packs: ${allPacks()
        .map((p) => p.id)
        .join(', ')})`,
    );
  return pack;
}

function keyOf(text: string, now: string): string {
  return `${new Date(now).toISOString()}\u0000${text}`;
}

function main(args: readonly string[]): void {
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
