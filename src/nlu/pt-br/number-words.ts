import type { Scan } from './scan';

/**
 * Numbers spoken or typed in words: "cento e cinquenta", "mil e quinhentos", "duzentos e
 * trinta e cinco", "quarenta e cinco", "dez mil". Voice notes arrive transcribed this way.
 */

/** Values below one thousand, with their order of magnitude (units 0, tens 1, hundreds 2). */
const SMALL = new Map<string, { value: number; order: number }>();
const add = (order: number, entries: Record<string, number>): void => {
  for (const [word, value] of Object.entries(entries)) SMALL.set(word, { value, order });
};
add(0, {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezasseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
});
add(1, {
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
});
add(2, {
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
});
const MULTIPLIERS = new Map<string, number>([
  ['mil', 1_000],
  ['milhao', 1_000_000],
  ['milhoes', 1_000_000],
]);

/** Pattern source for one or more number words joined by "e", over canonical tokens. */
export const NUMBER_WORDS_SOURCE = (() => {
  const word = `(?:${[...SMALL.keys(), ...MULTIPLIERS.keys()].join('|')})`;
  return `${word}(?: (?:e )?${word})*`;
})();

export function isNumberWord(word: string): boolean {
  return SMALL.has(word) || MULTIPLIERS.has(word);
}

export interface NumberPhrase {
  value: number;
  /** Token index after the phrase. */
  end: number;
  /** Number of number words read ("cento e cinquenta" = 2). */
  words: number;
}

/**
 * Reads the number phrase starting at free token `start`. Words within one group must fall in
 * magnitude ("duzentos e trinta e cinco"; "cinco e trinta" is two numbers, the first is read),
 * a multiplier closes a group ("dois mil e quinhentos").
 */
export function readNumberWords(scan: Scan, start: number): NumberPhrase | undefined {
  let total = 0;
  let group = 0;
  let lowestOrder = 3;
  let words = 0;
  let i = start;
  let end = start;
  let lastMultiplier = Infinity;
  while (scan.isFree(i)) {
    const word = scan.word(i);
    const small = SMALL.get(word);
    const multiplier = MULTIPLIERS.get(word);
    if (small !== undefined && small.order < lowestOrder) {
      group += small.value;
      lowestOrder = small.order;
    } else if (multiplier !== undefined && multiplier < lastMultiplier) {
      total += (group === 0 ? 1 : group) * multiplier;
      group = 0;
      lowestOrder = 3;
      lastMultiplier = multiplier;
    } else {
      break;
    }
    words++;
    end = i + 1;
    // "e" joins the next number word: "cento e cinquenta"; otherwise words may follow directly.
    i = scan.word(end) === 'e' && isNumberWord(scan.word(end + 1)) ? end + 1 : end;
  }
  return words === 0 ? undefined : { value: total + group, end, words };
}

/**
 * Reference numbers (a boleto's, a reservation's) are short public numbers; a longer digit run
 * is a phone number or a payment line, not a reference.
 */
export const ID_DIGITS = /^\d{1,9}$/;
