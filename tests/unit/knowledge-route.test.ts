import { packFor } from '../../src/app/packs';
import { knowledgeRoute } from '../../src/pipeline/knowledge-route';

/** Which messages the tenant's documents may answer, by what the intent reader made of them. */
describe('knowledgeRoute', () => {
  const pack = packFor('boletos');
  const read = (intent: string, confidence: number) =>
    knowledgeRoute({ intent, confidence, entities: {} }, pack, 0.7);

  it('sends a general question read with confidence to the documents', () => {
    expect(read('GENERAL_QUESTION', 0.9)).toBe('question');
  });

  it('lets the documents try what Gate 2 stops as not understood or a hesitant question', () => {
    expect(read('UNKNOWN', 0.99)).toBe('fallback');
    expect(read('NOT_AN_INTENT_OF_THIS_PACK', 0.99)).toBe('fallback');
    expect(read('GENERAL_QUESTION', 0.5)).toBe('hesitant-question');
  });

  it("leaves a tool's intent to the tool path, confident or not (a hesitant command is asked about)", () => {
    expect(read('CREATE_BOLETO', 0.95)).toBe('none');
    expect(read('CANCEL_BOLETO', 0.55)).toBe('none');
  });
});
