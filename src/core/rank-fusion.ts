/**
 * Hybrid retrieval's arithmetic (seed 003 §4.4-4.5), free of any store: two rankings of the
 * same passages (by vector similarity and by keywords) fused by Reciprocal Rank Fusion, then
 * re-ranked with the documents' recency.
 */

/** Seed 003 §4.4: weights of the vector and keyword rankings, and RRF's constant. */
export const RRF = { vectorWeight: 0.7, keywordWeight: 0.3, k: 60 } as const;

/**
 * Each passage's fused score, normalised to 0..1 by the best a passage can get (first in both
 * rankings), so it can be mixed with recency: w1 / (k + rank_vector) + w2 / (k + rank_keyword),
 * ranks from 1, a ranking that misses the passage adding nothing.
 */
export function reciprocalRankFusion(
  vectorIds: readonly string[],
  keywordIds: readonly string[],
): Map<string, number> {
  const best = (RRF.vectorWeight + RRF.keywordWeight) / (RRF.k + 1);
  const scores = new Map<string, number>();
  const add = (ids: readonly string[], weight: number) =>
    ids.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + weight / (RRF.k + index + 1)));
  add(vectorIds, RRF.vectorWeight);
  add(keywordIds, RRF.keywordWeight);
  for (const [id, score] of scores) scores.set(id, score / best);
  return scores;
}

/** Seed 003 §4.5: the final score is 85 % relevance and 15 % recency. */
export function withRecency(relevance: number, updatedAt: Date, now = Date.now()): number {
  return 0.85 * relevance + 0.15 * recencyBonus(updatedAt, now);
}

/** Seed 003 §4.5's four levels: newer documents weigh a little more. */
export function recencyBonus(updatedAt: Date, now = Date.now()): number {
  const days = (now - updatedAt.getTime()) / 86_400_000;
  if (days < 30) return 1;
  if (days < 90) return 0.7;
  if (days < 365) return 0.4;
  return 0.1;
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
