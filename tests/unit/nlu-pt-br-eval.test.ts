import { evaluate, fixturePath, loadExamples } from '../../scripts/nlu-eval';
import { ptBrUnderstander } from '../../src/nlu/pt-br';

/**
 * The labeled set (tests/fixtures/nlu/pt-BR.jsonl) holds the rules to their figures, so that a
 * change that makes them worse fails here. `npm run nlu:eval -- --locale pt-BR` prints the
 * details and every failure.
 */
describe('pt-BR labeled set', () => {
  const examples = loadExamples(fixturePath('pt-BR'));
  const report = evaluate(ptBrUnderstander, 'pt-BR', examples);

  it('has enough examples, with every intent', () => {
    expect(examples.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(report.perIntent).sort()).toEqual(
      [
        'CANCEL_BOLETO',
        'CHECK_STATUS',
        'CREATE_BOLETO',
        'GENERAL_QUESTION',
        'LIST_BOLETOS',
        'SEND_MESSAGE',
        'UNKNOWN',
      ].sort(),
    );
  });

  it('classifies intents with accuracy >= 0.95', () => {
    expect(report.intentAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('extracts entities with F1 >= 0.95', () => {
    expect(report.entities.f1).toBeGreaterThanOrEqual(0.95);
  });

  it('is never confidently wrong about the intent', () => {
    expect(report.confidentErrors).toBe(0);
  });
});
