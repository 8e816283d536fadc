/**
 * Spanish numbers written as words, as they arrive from typing and from voice-note
 * transcription: "doscientos cincuenta", "mil quinientos", "doce mil", "treinta y cinco".
 */

/** Value -> the spellings that mean it (accent-free; a few frequent misspellings included). */
const SPELLINGS: Array<[number, string]> = [
  [1, 'un uno una'],
  [2, 'dos'],
  [3, 'tres'],
  [4, 'cuatro'],
  [5, 'cinco'],
  [6, 'seis'],
  [7, 'siete'],
  [8, 'ocho'],
  [9, 'nueve'],
  [10, 'diez'],
  [11, 'once'],
  [12, 'doce'],
  [13, 'trece'],
  [14, 'catorce'],
  [15, 'quince'],
  [16, 'dieciseis'],
  [17, 'diecisiete'],
  [18, 'dieciocho'],
  [19, 'diecinueve'],
  [20, 'veinte'],
  [21, 'veintiun veintiuno veintiuna'],
  [22, 'veintidos'],
  [23, 'veintitres'],
  [24, 'veinticuatro'],
  [25, 'veinticinco'],
  [26, 'veintiseis'],
  [27, 'veintisiete'],
  [28, 'veintiocho'],
  [29, 'veintinueve'],
  [30, 'treinta'],
  [40, 'cuarenta'],
  [50, 'cincuenta'],
  [60, 'sesenta'],
  [70, 'setenta'],
  [80, 'ochenta'],
  [90, 'noventa'],
  [100, 'cien ciento'],
  [200, 'doscientos doscientas dosientos'],
  [300, 'trescientos trescientas tresientos'],
  [400, 'cuatrocientos cuatrocientas'],
  [500, 'quinientos quinientas'],
  [600, 'seiscientos seiscientas seisientos'],
  [700, 'setecientos setecientas'],
  [800, 'ochocientos ochocientas'],
  [900, 'novecientos novecientas'],
];

const UNITS: Record<string, number> = Object.fromEntries(
  SPELLINGS.flatMap(([value, words]) => words.split(' ').map((word) => [word, value])),
);

const MULTIPLIERS: Record<string, number> = { mil: 1_000, millon: 1_000_000, millones: 1_000_000 };

export function isNumberWord(word: string): boolean {
  return word in UNITS || word in MULTIPLIERS;
}

export function isMultiplierWord(word: string): boolean {
  return word in MULTIPLIERS;
}

/**
 * Value of a run of number words ("y" allowed between them), or undefined when the run is not a
 * well-formed number. A lone "un"/"una"/"uno" is an article ("un café"), never the number one.
 */
export function parseNumberWords(words: readonly string[]): number | undefined {
  const meaningful = words.filter((word) => word !== 'y');
  if (meaningful.length === 0 || (meaningful.length === 1 && UNITS[meaningful[0] as string] === 1)) {
    return undefined;
  }
  let total = 0;
  let group = 0;
  let lastAdded = Infinity;
  for (const word of meaningful) {
    const unit = UNITS[word];
    const multiplier = MULTIPLIERS[word];
    if (unit !== undefined) {
      // Parts of one group only shrink: "doscientos cincuenta" yes, "cincuenta doscientos" no.
      if (
        unit >= lastAdded ||
        (lastAdded < 100 && lastAdded % 10 !== 0) ||
        (lastAdded < 30 && lastAdded >= 10)
      ) {
        return undefined;
      }
      group += unit;
      lastAdded = unit;
    } else if (multiplier !== undefined) {
      if (multiplier === 1_000) {
        total += (group || 1) * 1_000;
      } else {
        total = (total + (group || 1)) * 1_000_000;
      }
      group = 0;
      lastAdded = Infinity;
    } else {
      return undefined;
    }
  }
  return total + group;
}
