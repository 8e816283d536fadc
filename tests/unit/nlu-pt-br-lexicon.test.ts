import { existsSync, readFileSync } from 'node:fs';
import { foldAccents } from '../../src/core/text';
import { correctTypo, oneEditApart } from '../../src/nlu/pt-br/lexicon';

describe('pt-BR typo correction', () => {
  it.each([
    ['bolto', 'boleto'],
    ['boelto', 'boleto'],
    ['bolteos', 'boletos'],
    ['cancelaa', 'cancela'],
    ['cancelaaa', 'cancela'],
    ['boletooo', 'boleto'],
    ['cancelaaaa', 'cancela'],
    ['canselar', 'cancelar'],
    ['statos', 'status'],
  ])('corrects %s to %s', (typo, keyword) => {
    expect(correctTypo(typo, false)).toBe(keyword);
  });

  it.each([
    ['a correctly spelt word near a keyword', 'certo'],
    ['an inflection (differs in the last letter)', 'vence'],
    ['a word shorter than five letters', 'lisa'],
    ['a word far from every keyword', 'abacaxi'],
  ])('keeps %s', (_why, word) => {
    expect(correctTypo(word, false)).toBe(word);
  });

  it('keeps a capitalized word in mid-sentence, which is probably a name', () => {
    expect(correctTypo('bolto', true)).toBe('bolto');
  });

  it.each([
    ['boleto', 'bolto', true],
    ['boleto', 'boelto', true],
    ['boleto', 'boletoo', true],
    ['boleto', 'bolete', true],
    ['boleto', 'boleto', false],
    ['boleto', 'bolo', false],
    ['boleto', 'otelob', false],
  ])('oneEditApart(%s, %s) is %s', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected);
  });

  // Debian's `wbrazilian` word list, when installed: no correctly spelt word may be rewritten.
  // A failure lists the words to add to src/nlu/pt-br/dictionary-collisions.ts.
  const dictionary = '/usr/share/dict/brazilian';
  (existsSync(dictionary) ? it : it.skip)('never rewrites a word of the Brazilian dictionary', () => {
    const words = new Set(
      readFileSync(dictionary, 'utf8')
        .split('\n')
        .map((word) => foldAccents(word).toLowerCase())
        .filter((word) => /^[a-z]+$/.test(word)),
    );
    const rewritten = [...words].filter((word) => correctTypo(word, false) !== word);
    expect(rewritten).toEqual([]);
  });
});
