import { cosine, reciprocalRankFusion, recencyBonus, RRF, withRecency } from '../../src/core/rank-fusion';

describe('hybrid ranking arithmetic (seed 003 §4.4-4.5)', () => {
  it('fuses two rankings by RRF, 0.7 vector / 0.3 keyword, k 60, normalised to the best possible', () => {
    const fused = reciprocalRankFusion(['a', 'b'], ['b', 'c']);
    const best = (RRF.vectorWeight + RRF.keywordWeight) / (RRF.k + 1);
    expect(fused.get('a')).toBeCloseTo(0.7 / 61 / best, 10);
    expect(fused.get('b')).toBeCloseTo((0.7 / 62 + 0.3 / 61) / best, 10);
    expect(fused.get('c')).toBeCloseTo(0.3 / 62 / best, 10);
    expect(reciprocalRankFusion(['x'], ['x']).get('x')).toBeCloseTo(1, 10);
    // First by meaning beats first by keywords alone.
    expect(fused.get('a')!).toBeGreaterThan(fused.get('c')!);
  });

  it('weighs recency 15 % in four levels', () => {
    const now = Date.UTC(2026, 10, 27);
    const daysAgo = (d: number) => new Date(now - d * 86_400_000);
    expect([10, 60, 200, 400].map((d) => recencyBonus(daysAgo(d), now))).toEqual([1, 0.7, 0.4, 0.1]);
    expect(withRecency(1, daysAgo(400), now)).toBeCloseTo(0.85 + 0.015, 10);
  });

  it('measures cosine similarity, 0 for an empty vector', () => {
    expect(cosine([1, 0], [1, 0])).toBeCloseTo(1, 10);
    expect(cosine([1, 0], [0, 1])).toBeCloseTo(0, 10);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 10);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});
