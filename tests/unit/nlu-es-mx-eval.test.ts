import { packFor } from '../../src/app/packs';
import { evaluate, fixturePath, formatReport, loadExamples } from '../../scripts/nlu-eval';
import { INTENTS } from '../../src/domains/finance/understanding/es-mx/intents';
import { financeUnderstander as esMxUnderstander } from '../../src/domains/finance/understanding';

/**
 * The labeled es-MX set (tests/fixtures/nlu/finance.jsonl) read by the shared evaluator. Lines
 * 1-221 were written before the rules; lines 222-297 and 298-340 are two later batches, each
 * committed and measured before the rules were tuned on it (see the commit history). A few
 * lines keep known weaknesses on purpose.
 */
describe('es-MX labeled set', () => {
  const examples = loadExamples(fixturePath('finance'));
  const report = evaluate(esMxUnderstander, packFor('finance'), examples);
  /** On failure, the comparison shows the whole report (per-intent, per-entity, failures). */
  const verdict = (passed: boolean): string => (passed ? 'passed' : formatReport(report, { failures: true }));

  it('is large and covers every intent', () => {
    expect(examples.length).toBeGreaterThanOrEqual(150);
    expect(new Set(examples.map((example) => example.intent))).toEqual(new Set(INTENTS));
  });

  it('classifies at least 95% of the intents', () => {
    expect(verdict(report.intentAccuracy >= 0.95)).toBe('passed');
  });

  it('extracts entities with F1 of at least 0.95', () => {
    expect(verdict(report.entities.f1 >= 0.95)).toBe('passed');
  });
});
