import type { FeatureVector } from './features';

/**
 * A trained intent model as stored in a pack's folder (`intent-model.json`): a multinomial
 * logistic regression over sparse features, with the temperature that calibrates its
 * probabilities. Written by `npm run nlu:train`, read here.
 */
export interface IntentModelArtifact {
  format: 'iris-intent-model/1';
  /** Hash of the training data and options it was trained from (the CI check compares it). */
  trainedFrom: string;
  classes: string[];
  /** Divides the scores before the softmax; fitted so that probabilities match accuracy. */
  temperature: number;
  bias: number[];
  /** Per feature, one weight per class (only features the training kept). */
  weights: Record<string, number[]>;
}

export interface IntentPrediction {
  intent: string;
  probability: number;
  /** Every class's calibrated probability, best first. */
  ranked: Array<{ intent: string; probability: number }>;
}

export class LinearIntentModel {
  private readonly weights: ReadonlyMap<string, readonly number[]>;

  constructor(readonly artifact: IntentModelArtifact) {
    if (artifact.format !== 'iris-intent-model/1')
      throw new Error(`unknown intent model format ${artifact.format}`);
    this.weights = new Map(Object.entries(artifact.weights));
  }

  get classes(): readonly string[] {
    return this.artifact.classes;
  }

  /** Raw class scores (before temperature and softmax). */
  scores(features: FeatureVector): number[] {
    const scores = [...this.artifact.bias];
    for (const [name, value] of features) {
      const row = this.weights.get(name);
      if (row === undefined) continue;
      for (let k = 0; k < scores.length; k++) scores[k] = (scores[k] ?? 0) + value * (row[k] ?? 0);
    }
    return scores;
  }

  predict(features: FeatureVector): IntentPrediction {
    const probabilities = softmax(this.scores(features), this.artifact.temperature);
    const ranked = this.artifact.classes
      .map((intent, k) => ({ intent, probability: probabilities[k] ?? 0 }))
      .sort((a, b) => b.probability - a.probability);
    const best = ranked[0] ?? { intent: 'UNKNOWN', probability: 0 };
    return { intent: best.intent, probability: best.probability, ranked };
  }
}

export function softmax(scores: readonly number[], temperature = 1): number[] {
  const scaled = scores.map((s) => s / temperature);
  const max = Math.max(...scaled);
  const exps = scaled.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}
