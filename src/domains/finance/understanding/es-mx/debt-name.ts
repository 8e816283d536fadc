import type { Analysis } from './analysis';
import { foldSameLength } from '../../../../nlu/es-mx/fold';
import { wordSet } from '../../../../nlu/es-mx/tokens';

/** Lenders and stores whose cards and loans Mexicans carry, for users who type them in lower case. */
const KNOWN_LENDERS = wordSet(
  `banamex citibanamex bbva santander banorte hsbc scotiabank nu azteca inbursa amex
   liverpool coppel elektra suburbia sears invex klar stori rappicard infonavit fovissste
   afirme banregio bancoppel`,
);

const PRODUCT =
  /\b(?:tarjeta(?:\s+de\s+credito)?|tdc|prestamo|credito)(?:\s+(?:personal|hipotecario|automotriz|departamental|de nomina))?\b/;
/**
 * "deuda con Santander", "deuda: Liverpool", "le debo 3 mil a mi hermano", "debo 4 mil en
 * "Coppel", "le pagué a mi hermano", "ya no le debo nada a mi hermano", "una deuda de 8 mil con mi compadre".
 */
const CREDITOR_BEFORE =
  /(?:\bdeuda(?:\s+(?:con|de)|\s*:)|\b(?:debo|debemos|pague)(?:\s+¤+|\s+nada)?\s+(?:a|al|en|con)|¤+\s+con)\s+(?:(?:la|el|mi|mis)\s+)?/g;
/** A name: a word, then more words only while they are capitalized ("Palacio Hierro" stops at "de"). */
const NAME = /^[\p{L}&]+(?:\s+\p{Lu}[\p{L}&]*){0,2}/u;
const NOT_A_NAME = wordSet('de del con ya y es que en a al por para el la');

/**
 * The debt's name in the user's own words: the product with its lender ("tarjeta Banamex",
 * "tarjeta de Liverpool", "préstamo de Coppel", "tarjeta de crédito"), else the creditor after
 * "deuda con" / "le debo a" ("Santander", "hermano"), without articles or possessives.
 */
export function findDebtName({ folded, source, shape }: Analysis): string | undefined {
  const product = PRODUCT.exec(folded);
  if (product) {
    const productEnd = product.index + product[0].length;
    const lender = /^\s+(?:de(l|\s+la|\s+los)?\s+)?/.exec(source.slice(productEnd));
    const lenderStart = productEnd + (lender?.[0].length ?? 0);
    // After an article any noun names the debt ("crédito del coche"); else it must be a lender.
    const lenderEnd = lender && nameEnd(source, lenderStart, lender[1] === undefined);
    return source.slice(product.index, lenderEnd ?? productEnd);
  }
  for (const creditor of shape.matchAll(CREDITOR_BEFORE)) {
    const start = creditor.index + creditor[0].length;
    const end = nameEnd(source, start, false);
    if (end !== undefined) return source.slice(start, end);
  }
  return undefined;
}

/**
 * End of the name starting at `start`, if there is one. A lender after a product must look like
 * one (capitalized or known), so "la tarjeta ya la tengo" stays "tarjeta".
 */
function nameEnd(source: string, start: number, mustLookLikeLender: boolean): number | undefined {
  const name = NAME.exec(source.slice(start))?.[0];
  if (!name) return undefined;
  const firstWord = foldSameLength(name).split(/\s+/)[0] ?? '';
  if (NOT_A_NAME.has(firstWord)) return undefined;
  if (mustLookLikeLender && !/^\p{Lu}/u.test(name) && !KNOWN_LENDERS.has(firstWord)) return undefined;
  const capitalized = /^\p{Lu}/u.test(name);
  return start + (capitalized ? name.length : firstWord.length);
}
