import { foldAccents } from '../core/text';

/**
 * What makes a number that looks like money not an amount to propose, in any locale:
 * - a minus sign or the word for minus/negative right before it ("-150", "R$ -150", "menos 150",
 *   "negativo 200"): a negative amount is never read as the positive one; it is left out so the
 *   pipeline asks (money never flows backwards through a boleto or a spending);
 * - an exponent right after it ("1e308"): not a way anyone writes money;
 * - more than `Number.MAX_SAFE_INTEGER` cents: no such amount exists, and a float would round it.
 * And which of two amounts a person meant when they corrected themselves ("150, não, 180").
 */
const NEGATIVE_BEFORE = /(?:(?:^|[^\p{L}\p{N}])-|\b(?:menos|negativo|negativos)\s*)(?:r?\$\s*)?$/u;
const EXPONENT_AFTER = /^[eE][+-]?\d/;

/** "mais ou menos 200", "más o menos 200": about 200, not minus 200. */
const APPROXIMATELY_BEFORE = /\b(?:mais ou|mas o) menos\s*(?:r?\$\s*)?$/;

export function isNegativeAt(text: string, start: number): boolean {
  const before = foldAccents(text.slice(Math.max(0, start - 20), start)).toLowerCase();
  return NEGATIVE_BEFORE.test(before) && !APPROXIMATELY_BEFORE.test(before);
}

export function hasExponentAt(text: string, end: number): boolean {
  return EXPONENT_AFTER.test(text.slice(end, end + 3));
}

export function isUnsafeCents(cents: number): boolean {
  return !Number.isSafeInteger(cents);
}

/**
 * Index of the amounts to keep when the words between two of them correct the first ("150,
 * não, 180"; "200... perdón, 250"): the earlier one is dropped. `between(a, b)` returns the
 * text between two mentions; `cue` is the locale's correction words.
 */
export function withoutCorrected<T>(
  mentions: readonly T[],
  between: (a: T, b: T) => string,
  cue: RegExp,
): T[] {
  return mentions.filter((mention, i) => {
    const next = mentions[i + 1];
    return next === undefined || !cue.test(foldAccents(between(mention, next)).toLowerCase());
  });
}

/**
 * "20 mil al mes, no, mejor 18": a correction of a whole-thousands amount that gives only a
 * small bare number means as many thousands (18 mil), never 18 pesos, when that reading is of
 * the same size as what it corrects (within ten times). Anything else keeps the number as said
 * ("3 mil, no, 500" is 500): the proposal shows the value either way.
 */
export function correctionInThousands(correctedCents: number, replacementCents: number): number {
  const THOUSAND = 100_000;
  const wholeThousands = correctedCents >= THOUSAND && correctedCents % THOUSAND === 0;
  const smallWhole = replacementCents < THOUSAND && replacementCents % 100 === 0 && replacementCents > 0;
  if (!wholeThousands || !smallWhole) return replacementCents;
  const inThousands = replacementCents * 1_000;
  const ratio = inThousands / correctedCents;
  return ratio >= 0.1 && ratio <= 10 ? inThousands : replacementCents;
}
