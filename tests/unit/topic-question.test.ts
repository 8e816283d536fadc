import { readSectionChoice } from '../../src/pipeline/section-choice';
import { asksAboutATopic } from '../../src/nlu/topic-question';
import { suggestingCandidates, type KeywordCandidate } from '../../src/stores/knowledge-store';
import { headingOf } from '../../src/core/passages';

/** Which messages may be offered the documents' closest sections, and which sections. */
describe('asksAboutATopic', () => {
  it.each([
    ['pt-BR', 'a multa pode ser maior que 2%?'],
    ['pt-BR', 'bom dia Iris! quanto tempo demora pra compensar um boleto?'],
    ['pt-BR', 'oq significa baixa'],
    ['es-MX', 'hola iris, ¿qué es el CAT?'],
    ['es-MX', 'como salgo de deudas'],
    // Asked after the situation is told, without a question mark or in texting shorthand
    ['pt-BR', 'o cpf q o cliente passou deu invalido mas ele jura q ta certo, como pode'],
    ['pt-BR', 'deu invalido, mas ela jura q ta certo. oq pode ser'],
    ['pt-BR', 'qto custa pra usar a churrasqueira'],
    ['pt-BR', 'nao sei se posso cobrar multa de quem atrasou'],
    ['es-MX', 'ya me volé el presupuesto del mes y apenas vamos a 18 😭 q hago ahora'],
    ['es-MX', 'llevo un año abonando lo mínimo y la deuda casi no baja por que'],
    ['es-MX', 'lo tengo en una lata en la casa, esta bien o donde lo pongo'],
    ['es-MX', 'le debo a 3 tarjetas y a mi compadre, ni se por donde empezar'],
  ] as const)('%s: "%s" asks about a subject', (locale, text) => {
    expect(asksAboutATopic(locale, text)).toBe(true);
  });

  it.each([
    ['pt-BR', 'bom dia Iris, tudo bem?'],
    ['pt-BR', 'valeu, ajudou muito 🙏'],
    ['pt-BR', 'o que vc consegue fazer?'],
    ['pt-BR', 'oi, é aqui que eu falo com a Iris?'],
    ['es-MX', 'hola Iris, ¿cómo estás?'],
    ['es-MX', 'q cosas puedes hacer?'],
    ['es-MX', 'gracias!!'],
    // A wish or a thank-you after a full stop is no question
    ['es-MX', 'Muchas gracias, ya me quedó clarísimo. Que Dios te bendiga.'],
    ['es-MX', 'Nomás quería saludarte y darte las gracias. Que tengas bonito día.'],
    ['pt-BR', 'obrigada, como sempre vc me salvou'],
  ] as const)('%s: "%s" does not', (locale, text) => {
    expect(asksAboutATopic(locale, text)).toBe(false);
  });
});

describe('suggestingCandidates', () => {
  const candidate = (id: string, relevance: number, matched: number): KeywordCandidate => ({
    id,
    title: 'FAQ',
    text: id,
    updatedAt: new Date(0),
    coverage: 0.3,
    matched,
    terms: 4,
    relevance,
  });

  it('offers the three most relevant sections holding two of the question words or more', () => {
    const offered = suggestingCandidates([
      candidate('a', 0.2, 2),
      candidate('b', 0.6, 1),
      candidate('c', 0.5, 3),
      candidate('d', 0.4, 2),
      candidate('e', 0.3, 2),
    ]);
    expect(offered.map((c) => c.id)).toEqual(['c', 'd', 'e']);
  });

  it('offers nothing when every section shares a single word with the question', () => {
    expect(suggestingCandidates([candidate('a', 0.9, 1)])).toEqual([]);
  });
});

describe('headingOf', () => {
  it('is the first sentence, a question kept whole and a title without its colon', () => {
    expect(headingOf('Qual o prazo? Três dias.')).toBe('Qual o prazo?');
    expect(headingOf('Segunda via: peça ao emissor.')).toBe('Segunda via');
  });
});

describe('readSectionChoice', () => {
  it.each([
    ['pt-BR', '2', 2],
    ['pt-BR', 'o 3.', 3],
    ['pt-BR', 'opção 1', 1],
    ['pt-BR', 'a segunda', 2],
    ['es-MX', 'la 2', 2],
    ['es-MX', 'el primero', 1],
    ['es-MX', 'opción 3', 3],
  ] as const)('%s: "%s" picks %i', (locale, text, n) => {
    expect(readSectionChoice(text, locale)).toBe(n);
  });

  it.each([
    ['pt-BR', '2 boletos?'],
    ['pt-BR', 'cria um boleto de 2 reais'],
    ['es-MX', 'gasté 2'],
  ] as const)('%s: "%s" is no pick', (locale, text) => {
    expect(readSectionChoice(text, locale)).toBeUndefined();
  });
});
