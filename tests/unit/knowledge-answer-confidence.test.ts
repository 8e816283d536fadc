import {
  answerConfidence,
  answeringCandidates,
  MIN_CONFIDENCE,
  type KeywordCandidate,
} from '../../src/stores/knowledge-store';

/** A keyword candidate with what the rule reads; the rest does not matter here. */
function candidate(
  id: string,
  relevance: number,
  matched: number,
  coverage = 0.5,
  terms = 6,
): KeywordCandidate {
  return { id, title: 'FAQ', text: id, updatedAt: new Date(0), relevance, matched, coverage, terms };
}

/**
 * Whether a question is answered by keywords is decided on its best passage: relevance, its lead
 * over the second as a share of its own, and the words of the question it holds.
 */
describe('answering by keywords', () => {
  it('answers with a passage that stands clearly above the rest', () => {
    const best = candidate('best', 0.7, 4);
    const found = answeringCandidates([candidate('other', 0.3, 2, 0.2), best]);
    expect(found).toEqual([best]);
    expect(answerConfidence(best, candidate('other', 0.3, 2))).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  });

  it('answers nothing when two passages are as relevant as each other and neither is strong', () => {
    expect(answeringCandidates([candidate('a', 0.5, 3), candidate('b', 0.49, 3)])).toEqual([]);
  });

  it('reads the lead as a share, so a small base with a clear leader still answers', () => {
    // The test FAQ of three passages: "quanto tempo demora pra compensar um boleto pago?"
    const best = candidate('compensação', 0.51, 3, 0.54, 7);
    expect(answeringCandidates([best, candidate('vencido', 0.35, 2, 0.31, 7)])).toEqual([best]);
  });

  it('never answers on a single shared word, however far ahead', () => {
    expect(answeringCandidates([candidate('one word', 0.9, 1)])).toEqual([]);
    // A one-word question needs its one word.
    const single = candidate('pix', 0.9, 1, 1, 1);
    expect(answeringCandidates([single])).toEqual([single]);
  });

  it('passes on, beside the best, the others that hold half the question', () => {
    const best = candidate('best', 0.8, 5, 0.9);
    const half = candidate('half', 0.4, 3, 0.5);
    const little = candidate('little', 0.3, 2, 0.3);
    expect(answeringCandidates([little, half, best])).toEqual([half, best]);
  });

  it('answers nothing when nothing was found', () => {
    expect(answeringCandidates([])).toEqual([]);
  });
});
