import { createHash } from 'node:crypto';
import type { FeatureVector } from './features';
import { LinearIntentModel, softmax, type IntentModelArtifact } from './linear-model';
import { seededRandom, shuffleInPlace } from './seeded-random';

export interface TrainingExample {
  features: FeatureVector;
  intent: string;
}

export interface TrainingOptions {
  classes: readonly string[];
  epochs: number;
  learningRate: number;
  /** L2 penalty per update, applied to the weights a message touches. */
  l2: number;
  /**
   * Features seen in fewer training messages than this are dropped (noise, names, typos). The
   * same example object given several times counts once.
   */
  minCount: number;
  /**
   * The same for word triples (`t:`), which are many and mostly rare: a higher floor keeps the
   * model a third smaller with the same out-of-fold figures.
   */
  minCountOfTriples: number;
  seed: number;
}

export const DEFAULT_TRAINING: Omit<TrainingOptions, 'classes'> = {
  epochs: 12,
  learningRate: 0.2,
  l2: 3e-4,
  minCount: 2,
  minCountOfTriples: 4,
  seed: 20261124,
};

/** Weights smaller than this in every class are left out of the artifact (no effect, only size). */
const PRUNE_BELOW = 0.002;
const DECIMALS = 1e4;

/**
 * Trains a multinomial logistic regression with AdaGrad over the examples, deterministically
 * (seeded order, no Math.random), and returns the artifact uncalibrated (temperature 1).
 * Classes are weighted so that a rare intent counts as much as a frequent one.
 */
export function trainIntentModel(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
  trainedFrom: string,
): IntentModelArtifact {
  const classes = [...options.classes];
  const K = classes.length;
  const classIndex = new Map(classes.map((c, k) => [c, k]));
  // Counted over distinct examples: a line given several times (to weigh more) is still one
  // message, and a word only it has is still noise that `minCount` must drop.
  const counts = new Map<string, number>();
  for (const example of new Set(examples))
    for (const name of example.features.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  const vocabulary = [...counts.entries()]
    .filter(
      ([name, count]) => count >= (name.startsWith('t:') ? options.minCountOfTriples : options.minCount),
    )
    .map(([name]) => name)
    .sort();
  const featureIndex = new Map(vocabulary.map((name, i) => [name, i]));

  const perClass = new Array<number>(K).fill(0);
  const rows = examples.map((example) => {
    const y = classIndex.get(example.intent);
    if (y === undefined) throw new Error(`training example with unknown intent ${example.intent}`);
    perClass[y] = (perClass[y] ?? 0) + 1;
    const active: Array<[number, number]> = [];
    for (const [name, value] of example.features) {
      const i = featureIndex.get(name);
      if (i !== undefined) active.push([i, value]);
    }
    return { y, active };
  });
  const classWeight = perClass.map((n) => (n === 0 ? 0 : examples.length / (K * n)));

  const W = new Float64Array(vocabulary.length * K);
  const G = new Float64Array(vocabulary.length * K);
  const b = new Float64Array(K);
  const Gb = new Float64Array(K);
  const random = seededRandom(options.seed);
  const order = rows.map((_, i) => i);
  const scores = new Float64Array(K);
  const eps = 1e-8;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const r of order) {
      const row = rows[r]!;
      for (let k = 0; k < K; k++) scores[k] = b[k]!;
      for (const [i, x] of row.active) for (let k = 0; k < K; k++) scores[k]! += x * W[i * K + k]!;
      const p = softmax(Array.from(scores));
      const weight = classWeight[row.y] ?? 1;
      for (let k = 0; k < K; k++) {
        const grad = weight * ((p[k] ?? 0) - (k === row.y ? 1 : 0));
        Gb[k]! += grad * grad;
        b[k]! -= (options.learningRate * grad) / Math.sqrt(Gb[k]! + eps);
        for (const [i, x] of row.active) {
          const at = i * K + k;
          const g = grad * x + options.l2 * W[at]!;
          G[at]! += g * g;
          W[at]! -= (options.learningRate * g) / Math.sqrt(G[at]! + eps);
        }
      }
    }
  }

  const round = (v: number) => Math.round(v * DECIMALS) / DECIMALS;
  const weights: Record<string, number[]> = {};
  vocabulary.forEach((name, i) => {
    const row = Array.from(W.subarray(i * K, i * K + K));
    if (row.some((w) => Math.abs(w) >= PRUNE_BELOW)) weights[name] = row.map(round);
  });
  return {
    format: 'iris-intent-model/1',
    trainedFrom,
    classes,
    temperature: 1,
    bias: Array.from(b).map(round),
    weights,
  };
}

/**
 * The temperature that makes the model's probabilities honest on messages it was not trained
 * on (lowest negative log-likelihood on `held`), searched on a fixed grid so training stays
 * deterministic.
 */
export function fitTemperature(artifact: IntentModelArtifact, held: readonly TrainingExample[]): number {
  const model = new LinearIntentModel(artifact);
  return temperatureFor(
    held.map((e) => ({ scores: model.scores(e.features), y: artifact.classes.indexOf(e.intent) })),
  );
}

/**
 * The same search over scores already computed, possibly by several models (each line scored by
 * a model that did not see it, as cross-validation does): `y` is the index of the right class.
 */
export function temperatureFor(scored: ReadonlyArray<{ scores: readonly number[]; y: number }>): number {
  if (scored.length === 0) return 1;
  let best = { temperature: 1, loss: Infinity };
  for (let t = 0.25; t <= 6.0001; t += 0.05) {
    let loss = 0;
    for (const { scores, y } of scored) loss -= Math.log(Math.max(1e-12, softmax(scores, t)[y] ?? 0));
    if (loss < best.loss) best = { temperature: Math.round(t * 100) / 100, loss };
  }
  return best.temperature;
}

/** A short hash of what a model is trained from: the check in CI compares it. */
export function fingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
