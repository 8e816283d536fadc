import { extractFeatures, tokensOf } from '../../src/nlu/intent-model/features';
import { LinearIntentModel } from '../../src/nlu/intent-model/linear-model';
import { fitTemperature, trainIntentModel, type TrainingExample } from '../../src/nlu/intent-model/train';
import { expandTemplate } from '../../src/nlu/intent-model/templates';
import { seededRandom } from '../../src/nlu/intent-model/seeded-random';
import { checkWrite } from '../../src/nlu/intent-model/write-evidence';
import { PT_BR_SPEECH_ACTS } from '../../src/domains/boletos/understanding/pt-br';
import { ES_MX_SPEECH_ACTS } from '../../src/domains/finance/understanding/es-mx';

describe('intent model features', () => {
  it('folds accents and case, and numbers into one token', () => {
    expect(tokensOf('Gerá 1.500,00 ¿Já?')).toEqual(['gera', '#', '?', 'ja', '?']);
  });

  it('has words, pairs, character n-grams, edges, the question mark and signals, at unit length', () => {
    const features = extractFeatures('cancela o boleto?', ['id']);
    for (const name of [
      'w:cancela',
      'b:cancela_o',
      'c:<ca',
      'c:ela>',
      'f:cancela',
      'l:boleto',
      'q:?',
      'm:id',
    ])
      expect(features.has(name)).toBe(true);
    const norm = Math.sqrt([...features.values()].reduce((sum, v) => sum + v * v, 0));
    expect(norm).toBeCloseTo(1, 10);
  });
});

describe('template expansion', () => {
  it('picks alternatives, optional parts and slot values, deterministically per seed', () => {
    const slots = { name: ['Ana', 'Bia'] };
    const a = expandTemplate('(cria|gera) [um] boleto pro {name}', slots, seededRandom(1));
    const b = expandTemplate('(cria|gera) [um] boleto pro {name}', slots, seededRandom(1));
    expect(a).toBe(b);
    expect(a).toMatch(/^(cria|gera) (um )?boleto pro (Ana|Bia)$/);
  });

  it('fails on a slot without values', () => {
    expect(() => expandTemplate('{nope}', {}, seededRandom(1))).toThrow(/slot \{nope\}/);
  });
});

describe('training', () => {
  const examples = (pairs: Array<[string, string]>): TrainingExample[] =>
    pairs.map(([text, intent]) => ({ intent, features: extractFeatures(text) }));
  const data = examples([
    ['cria um boleto', 'CREATE'],
    ['gera um boleto', 'CREATE'],
    ['cria boleto novo', 'CREATE'],
    ['cancela o boleto', 'CANCEL'],
    ['cancela esse boleto', 'CANCEL'],
    ['anula o boleto', 'CANCEL'],
  ]);
  const options = {
    classes: ['CREATE', 'CANCEL'],
    epochs: 10,
    learningRate: 0.2,
    l2: 1e-5,
    minCount: 1,
    minCountOfTriples: 1,
    seed: 3,
  };

  it('is deterministic and learns the classes', () => {
    const a = trainIntentModel(data, options, 'x');
    expect(trainIntentModel(data, options, 'x')).toEqual(a);
    const model = new LinearIntentModel(a);
    expect(model.predict(extractFeatures('cria um boleto pra mim')).intent).toBe('CREATE');
    expect(model.predict(extractFeatures('cancela o boleto agora')).intent).toBe('CANCEL');
  });

  it('fits a temperature that softens an overconfident model on examples it did not see', () => {
    const artifact = trainIntentModel(data, { ...options, epochs: 50 }, 'x');
    const held = examples([
      ['boleto', 'CANCEL'],
      ['boleto novo', 'CANCEL'],
      ['gera', 'CREATE'],
    ]);
    expect(fitTemperature(artifact, held)).toBeGreaterThan(1);
  });
});

describe('a write needs words that ask for it', () => {
  const pt = (intent: string, text: string) => checkWrite(intent, text, PT_BR_SPEECH_ACTS);
  const es = (intent: string, text: string) => checkWrite(intent, text, ES_MX_SPEECH_ACTS);

  it('a negation of another action, followed by the request, does not hold the request back', () => {
    expect(pt('CREATE_BOLETO', 'nao precisa cobrar hoje , so gera o boleto do xnome')).toEqual({
      pass: true,
    });
    expect(pt('CREATE_BOLETO', 'nao gera o boleto do xnome ainda')).toEqual({
      pass: false,
      reason: 'negated',
    });
    expect(es('LOG_TRANSACTION', 'anota xvalor de tacos . . . olvidalo no lo anotes')).toEqual({
      pass: false,
      reason: 'negated',
    });
  });

  it('passes a command and a polite request', () => {
    expect(pt('CREATE_BOLETO', 'gera um boleto de xvalor pro xnome')).toEqual({ pass: true });
    expect(pt('CREATE_BOLETO', 'consegue gerar um boleto de xvalor pra xnome ?')).toEqual({ pass: true });
    expect(es('LOG_TRANSACTION', 'me puedes anotar xvalor de uber ?')).toEqual({ pass: true });
    // "se puder" / "se possível" are politeness, not a condition.
    expect(pt('CREATE_BOLETO', 'se puder gera um boleto de xvalor pro xnome')).toEqual({ pass: true });
    expect(pt('CANCEL_BOLETO', 'se possivel cancela o boleto xnum hoje')).toEqual({ pass: true });
  });

  it.each([
    ['CANCEL_BOLETO', 'o boleto xnum foi cancelado ?', 'question'],
    ['CANCEL_BOLETO', 'e se eu cancelar o boleto xnum', 'hypothetical'],
    ['CANCEL_BOLETO', 'se a xnome nao pagar ate xdata cancela o boleto dela', 'hypothetical'],
    ['CANCEL_BOLETO', 'olha, se ele atrasar de novo cancela o boleto xnum', 'hypothetical'],
    ['CANCEL_BOLETO', 'nao cancela o boleto xnum', 'negated'],
    ['CANCEL_BOLETO', 'cancela o xnum e cria outro de xvalor', 'two_writes'],
    ['SEND_MESSAGE', 'o boleto do xnome', 'no_evidence'],
  ])('pt-BR %s "%s": %s', (intent, text, reason) => {
    expect(pt(intent, text)).toEqual({ pass: false, reason });
  });

  it.each([
    ['LOG_TRANSACTION', 'si compro unos tenis de xvalor , ¿todavia llego ?', 'hypothetical'],
    ['LOG_TRANSACTION', 'ojala la proxima quincena me paguen el bono de xvalor', 'hypothetical'],
    ['LOG_TRANSACTION', '¿ya registre el gasto de uber ?', 'question'],
    ['SET_BANK_BALANCE', 'tengo xvalor en efectivo', 'no_evidence'],
  ])('es-MX %s "%s": %s', (intent, text, reason) => {
    expect(es(intent, text)).toEqual({ pass: false, reason });
  });
});

describe('the write check and a story told before the request', () => {
  const check = (text: string) => checkWrite('CANCEL_BOLETO', text, PT_BR_SPEECH_ACTS);

  it("a story's negation or question is not the request's", () => {
    expect(check('nao faz sentido manter o boleto dela aberto. por favor cancela o boleto da xnome')).toEqual(
      {
        pass: true,
      },
    );
    expect(check('tudo bem? cancela o boleto da xnome')).toEqual({ pass: true });
  });

  it('a question or a condition in a sentence that names the write still holds it back', () => {
    expect(check('bom dia. ja cancelou o da xnome?')).toEqual({ pass: false, reason: 'question' });
    expect(check('cancela o boleto da xnome . . . mas so se ela pedir')).toEqual({
      pass: false,
      reason: 'hypothetical',
    });
  });
});

describe('the write check reads the message from the request on', () => {
  const log = (text: string) => checkWrite('LOG_TRANSACTION', text, ES_MX_SPEECH_ACTS);

  it('a question after the words of a write still holds it back', () => {
    expect(log('gaste xvalor en ropa este mes. ¿cuanto llevo?')).toEqual({ pass: false, reason: 'question' });
  });

  it('a greeting before the request does not', () => {
    expect(log('¿que onda? gaste xvalor en tacos, apuntalo')).toEqual({ pass: true });
  });
});
