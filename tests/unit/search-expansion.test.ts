import { expandForSearch, searchSynonymsOf, spellOutShortcuts } from '../../src/nlu/search-expansion';

describe('search expansion: the documents’ wording added for everyday words', () => {
  it.each([
    ['pt-BR', 'quem é o favorecido no boleto?', 'beneficiario'],
    ['pt-BR', 'vc tira NF tb?', 'nota fiscal'],
    ['pt-BR', 'cliente quer pagar em 3x', 'parcelar parcelas'],
    ['es-MX', 'como checo mi buró', 'buro de credito historial'],
    ['es-MX', 'compré una pantalla a msi', 'meses sin intereses'],
    ['pt-BR', 'o caminhão só pode no domingo, tem problema?', 'mudancas'],
    ['pt-BR', 'em que horário os pedreiros podem trabalhar?', 'obras reformas'],
    ['es-MX', 'saqué 1500 del cajero con la de crédito', 'disposicion de efectivo'],
    ['es-MX', 'pago primero la deuda mas chiquita?', 'bola de nieve'],
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
  it('never stay in a variant: the vocabulary is matched once they are spelt out', () => {
    for (const locale of ['pt-BR', 'es-MX'] as const)
      for (const [, variants] of searchSynonymsOf(locale))
        for (const variant of variants) expect(spellOutShortcuts(locale, variant)).toBe(variant);
  });

  it('are spelt out in counts and times too ("qntos dias", "agr")', () => {
    expect(expandForSearch('pt-BR', 'cliente pagou hj, em qntos dias confirma?')).toContain('quantos');
    expect(expandForSearch('pt-BR', 'ate agr nada')).toContain('agora');
  });

  it('are spelt out before the vocabulary is matched, and the words they stand for are searched', () => {
    expect(expandForSearch('es-MX', 'hasta q dia puedo pagar la tarjeta')).toContain('fecha limite de pago');
    expect(expandForSearch('pt-BR', 'qnto tempo demora')).toContain('quanto');
  });

  it('leave a question without shortcuts as it was', () => {
    expect(expandForSearch('pt-BR', 'o boleto venceu')).toBe('o boleto venceu');
  });
});
