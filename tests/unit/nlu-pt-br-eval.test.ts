import { packFor } from '../../src/app/packs';
import { evaluate, fixturePath, formatReport, loadExamples } from '../../scripts/nlu-eval';
import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';
import { PT_BR_INTENTS } from '../../src/domains/boletos/understanding/pt-br';

/**
 * The labeled set (tests/fixtures/nlu/boletos.jsonl) holds the rules to their figures, so that a
 * change that makes them worse fails here. `npm run nlu:eval -- --locale pt-BR` prints the
 * details and every failure.
 */
describe('pt-BR labeled set', () => {
  const examples = loadExamples(fixturePath('boletos'));
  const report = evaluate(ptBrUnderstander, packFor('boletos'), examples);
  /** A failing threshold shows the whole report: per-intent and per-entity figures, failures. */
  const verdict = (passed: boolean): string => (passed ? 'passed' : formatReport(report, { failures: true }));

  it('has enough examples, with every intent', () => {
    expect(examples.length).toBeGreaterThanOrEqual(150);
    expect(new Set(examples.map((example) => example.intent))).toEqual(new Set(PT_BR_INTENTS));
  });

  it('classifies intents with accuracy >= 0.95', () => {
    expect(verdict(report.intentAccuracy >= 0.95)).toBe('passed');
  });

  it('extracts entities with F1 >= 0.95', () => {
    expect(verdict(report.entities.f1 >= 0.95)).toBe('passed');
  });

  it('is never confidently wrong about the intent', () => {
    expect(verdict(report.confidentErrors === 0)).toBe('passed');
  });
});
