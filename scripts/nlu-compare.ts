/**
 * `npx tsx scripts/nlu-compare.ts`: how the intent model was chosen. Trains variants on the
 * generated sentences only and scores intent accuracy on the hand-written sets that exist
 * (fixtures, dev; never the held-out set): feature families left out one at a time, and a
 * multinomial naive Bayes over the same features as a second kind of model.
 */
import { existsSync } from 'node:fs';
import { allPacks } from '../src/app/packs';
import { DEFAULT_TIME_ZONE } from '../src/nlu';
import { extractFeatures, type FeatureVector } from '../src/nlu/intent-model';
import { LinearIntentModel } from '../src/nlu/intent-model/linear-model';
import { DEFAULT_TRAINING, trainIntentModel, type TrainingExample } from '../src/nlu/intent-model/train';
import { generateSentences } from '../src/nlu/intent-model/training-set';
import { fixturePath, loadExamples, type SetName } from './nlu-sets';

type Classifier = (features: FeatureVector) => string;

const keep = (features: FeatureVector, drop: readonly string[]): FeatureVector => {
  const kept = new Map([...features].filter(([name]) => !drop.some((prefix) => name.startsWith(prefix))));
  const norm = Math.sqrt(kept.size);
  return new Map([...kept.keys()].map((name) => [name, norm === 0 ? 0 : 1 / norm]));
};

function naiveBayes(examples: readonly TrainingExample[], classes: readonly string[]): Classifier {
  const counts = new Map<string, number[]>();
  const totals = classes.map(() => 0);
  const priors = classes.map(() => 0);
  for (const e of examples) {
    const k = classes.indexOf(e.intent);
    priors[k]! += 1;
    for (const name of e.features.keys()) {
      const row = counts.get(name) ?? classes.map(() => 0);
      row[k]! += 1;
      totals[k]! += 1;
      counts.set(name, row);
    }
  }
  const vocabulary = counts.size;
  return (features) => {
    let best = { k: 0, score: -Infinity };
    classes.forEach((_, k) => {
      let score = Math.log((priors[k]! + 1) / (examples.length + classes.length));
      for (const name of features.keys()) {
        const row = counts.get(name);
        if (!row) continue;
        score += Math.log((row[k]! + 1) / (totals[k]! + vocabulary));
      }
      if (score > best.score) best = { k, score };
    });
    return classes[best.k]!;
  };
}

function main(): void {
  for (const pack of allPacks()) {
    const locale = pack.locale;
    const ctx = (now: Date) => ({ locale, now, timeZone: DEFAULT_TIME_ZONE[locale] });
    const featuresOf = (text: string, now: Date) => {
      const input = pack.intentModel.inputOf(text, ctx(now));
      return extractFeatures(input.text, input.signals);
    };
    const generated = generateSentences(pack.intentModel.training, { perTemplate: 40, seed: 7 }).map((s) => ({
      intent: s.intent,
      features: featuresOf(s.text, new Date('2026-11-22T10:00:00Z')),
    }));
    const classes = [...Object.keys(pack.intents), 'UNKNOWN'];
    const sets = (['fixtures', 'dev'] as SetName[]).filter((set) => existsSync(fixturePath(pack.id, set)));
    const scored = sets.map((set) => ({
      set,
      examples: loadExamples(fixturePath(pack.id, set)).map((e) => ({
        intent: e.intent,
        features: featuresOf(e.text, new Date(e.now)),
      })),
    }));
    const variants: Array<[string, readonly string[], 'linear' | 'bayes']> = [
      ['linear, all features', [], 'linear'],
      ['linear, no character n-grams', ['c:'], 'linear'],
      ['linear, no word pairs', ['b:'], 'linear'],
      ['linear, no reader signals', ['m:'], 'linear'],
      ['linear, words only', ['c:', 'b:', 'm:', 'f:', 'l:', 'n:'], 'linear'],
      ['naive Bayes, all features', [], 'bayes'],
    ];
    process.stdout.write(
      `\n${pack.id} (${locale}): trained on ${generated.length} generated sentences only\n`,
    );
    process.stdout.write(`${'variant'.padEnd(32)}${sets.map((s) => s.padStart(10)).join('')}\n`);
    for (const [name, drop, kind] of variants) {
      const train = generated.map((e) => ({ ...e, features: keep(e.features, drop) }));
      let classify: Classifier;
      if (kind === 'linear') {
        const model = new LinearIntentModel(
          trainIntentModel(train, { ...DEFAULT_TRAINING, classes }, 'compare'),
        );
        classify = (f) => model.predict(f).intent;
      } else {
        classify = naiveBayes(train, classes);
      }
      const cells = scored.map(({ examples }) => {
        const right = examples.filter((e) => classify(keep(e.features, drop)) === e.intent).length;
        return `${((100 * right) / examples.length).toFixed(1)}%`.padStart(10);
      });
      process.stdout.write(`${name.padEnd(32)}${cells.join('')}\n`);
    }
  }
}

main();
