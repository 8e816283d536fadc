import { expandForSearch, searchSynonymsOf } from '../../src/nlu/search-expansion';

describe('search expansion: the documents’ wording added for everyday words', () => {
  it.each([
    ['pt-BR', 'quem é o favorecido no boleto?', 'beneficiario'],
    ['pt-BR', 'vc tira NF tb?', 'nota fiscal'],
    ['pt-BR', 'cliente quer pagar em 3x', 'parcelar parcelas'],
    ['es-MX', 'como checo mi buró', 'buro de credito historial'],
    ['es-MX', 'compré una pantalla a msi', 'meses sin intereses'],
  ] as const)('%s "%s" is also searched as "%s"', (locale, question, wording) => {
    const expanded = expandForSearch(locale, question);
    expect(expanded.startsWith(question)).toBe(true);
    expect(expanded).toContain(wording);
  });

  it('matches whole words only, and leaves a question without variants as it is', () => {
    expect(expandForSearch('pt-BR', 'o celular do cliente')).toBe('o celular do cliente');
    expect(expandForSearch('pt-BR', 'o que é linha digitável?')).toBe('o que é linha digitável?');
    expect(expandForSearch('es-MX', 'catálogo de precios')).toBe('catálogo de precios');
  });

  it('every variant is written folded (lower case, no accents), as questions are compared', () => {
    for (const locale of ['pt-BR', 'es-MX'] as const)
      for (const [, variants] of searchSynonymsOf(locale))
        for (const variant of variants)
          expect(variant).toBe(
            variant
              .normalize('NFD')
              .replace(/\p{M}+/gu, '')
              .toLowerCase(),
          );
  });
});

describe('texting shortcuts in a question', () => {
  it('are spelt out before the vocabulary is matched, and the words they stand for are searched', () => {
    expect(expandForSearch('es-MX', 'hasta q dia puedo pagar la tarjeta')).toContain('fecha limite de pago');
    expect(expandForSearch('pt-BR', 'qnto tempo demora')).toContain('quanto');
  });

  it('leave a question without shortcuts as it was', () => {
    expect(expandForSearch('pt-BR', 'o boleto venceu')).toBe('o boleto venceu');
  });
});
