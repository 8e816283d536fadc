import { readConfirmation } from '../../src/pipeline/confirmation-words';

/**
 * Gate 4's detection: the whole message must be one allowlisted word after normalizing case,
 * accents, white space and surrounding punctuation. Seed 000 (pt-BR) and seed 002 (es-MX).
 */
describe('confirmation words, pt-BR (seed 000)', () => {
  it.each(['sim', 'confirmo', 'pode', 'ok'])('"%s" confirms', (word) => {
    expect(readConfirmation(word, 'pt-BR')).toBe('yes');
  });

  it.each(['não', 'cancela', 'pare'])('"%s" rejects', (word) => {
    expect(readConfirmation(word, 'pt-BR')).toBe('no');
  });

  it.each([
    ['Sim!', 'yes'],
    ['  SIM.  ', 'yes'],
    ['SÍM', 'yes'],
    ['sim\n', 'yes'],
    ['"ok"', 'yes'],
    ['Ok!!!', 'yes'],
    ['...Confirmo...', 'yes'],
    ['(pode)', 'yes'],
    ['sim 👍', 'yes'],
    ['NÃO', 'no'],
    ['nao', 'no'],
    ['Não.', 'no'],
    ['  cancela! ', 'no'],
    ['PARE', 'no'],
  ])('normalizes "%s" to %s', (text, answer) => {
    expect(readConfirmation(text, 'pt-BR')).toBe(answer);
  });

  it.each([
    'sim, mas muda o valor',
    'sim, mas...',
    'acho que sim',
    'sim sim',
    'pode ser',
    'ok, cancela',
    'não sei',
    'claro',
    'beleza',
    's',
    'yes',
    'si',
    'no',
    '',
    '   ',
    'sìm?!x',
  ])('"%s" is neither: Iris asks again', (text) => {
    expect(readConfirmation(text, 'pt-BR')).toBe('other');
  });
});

describe('confirmation words, es-MX (seed 002)', () => {
  it.each(['sí', 'si', 's', 'ok', 'va', 'confirmo', 'yes'])('"%s" confirms', (word) => {
    expect(readConfirmation(word, 'es-MX')).toBe('yes');
  });

  it.each(['no', 'cancelar', 'cancela'])('"%s" rejects', (word) => {
    expect(readConfirmation(word, 'es-MX')).toBe('no');
  });

  it.each([
    ['¡Sí!', 'yes'],
    ['  SÍ  ', 'yes'],
    ['Va.', 'yes'],
    ['S', 'yes'],
    ['YES!', 'yes'],
    ['¿no?', 'no'],
    ['NO!!', 'no'],
    ['Cancelar.', 'no'],
  ])('normalizes "%s" to %s', (text, answer) => {
    expect(readConfirmation(text, 'es-MX')).toBe(answer);
  });

  it.each(['sí, pero cambia el monto', 'sim', 'não', 'pare', 'pode', 'claro que sí', 'si no', 'nop'])(
    '"%s" is neither: "Responde exactamente: sí / no"',
    (text) => {
      expect(readConfirmation(text, 'es-MX')).toBe('other');
    },
  );
});
