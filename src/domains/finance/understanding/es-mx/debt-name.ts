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
  /\b(?:tarjeta(?:\s+de\s+credito)?|tdc|prestamo|credito)(?:\s+(?:personal|hipotecario|automotriz|departamental|de nomina|oro|platino|clasica|negra|black|azul))?\b/;
/**
 * "deuda con Santander", "deuda: Liverpool", "le debo 3 mil a mi hermano", "debo 4 mil en
 * "Coppel", "le pagué a mi hermano", "ya no le debo nada a mi hermano", "una deuda de 8 mil con mi compadre",
 * "le abono a lo de Elektra", "los 3 mil que le debía a mi cuñada".
 */
const CREDITOR_BEFORE =
  /(?:\bdeuda(?:\s+(?:con|de)|\s*:)|\b(?:debo|debemos|debia|debiamos|pague|pagar|le di|abone|prestados?)(?:\s+(?:como|unos|casi|otros?|una parte|un abono|algo))?(?:\s+¤+|\s+nada|\s+todo)?\s+(?:a|al|en|con)|¤+\s+con|(?:^|[,.]\s*)a(?=\s+(?:mi\s+)?[a-z]+\s+(?:ya\s+)?(?:no\s+)?le\s+debo))\s+(?:(?:la|el|mi|mis|lo\s+de(?:l)?)\s+)?/g;
/** "mi cuñado me prestó 4 mil": who lent, said before the loan. */
const LENT_BY =
  /(?:^|[.,;!]\s*|\b(?:que|y|pues)\s+)mis?\s+(?=[a-z]+(?:\s+[a-z]+)?\s+me\s+(?:presto|prestaron|fio)\b)/;
/** Courtesy titles are not part of a name ("doña Mari" is Mari). */
const TITLE = /^(?:don|dona|sr|sra|srita|senor|senora|lic|ing|dr|dra)\.?\s+(?=\S)/;
/** A relative before a name: "mi prima Lupita" is Lupita; "mi prima" alone is the prima. */
const RELATIVE =
  /^(?:hermano|hermana|primo|prima|tio|tia|compadre|comadre|cunado|cunada|suegro|suegra|mama|papa|abuelo|abuela|amigo|amiga|vecino|vecina|jefe|jefa)\s+(?=\p{Lu})/u;
/** A name: a word, then more words only while they are capitalized ("Palacio Hierro" stops at "de"). */
const NAME = /^[\p{L}&]+(?:\s+\p{Lu}[\p{L}&]*){0,2}/u;
const NOT_A_NAME = wordSet('de del con ya y es que en a al por para el la lo');
/** "debo ¤ lupita": an amount owed and a name with no preposition between them. */
const OWED_BARE = /\b(?:le |les )?(?:debo|debemos)\s+¤[¤\s]*?\s(?=\p{L})/u;
/** What follows an amount owed and is no one: the currency, a time, a request to Iris. */
const NOT_A_CREDITOR = wordSet(
  `pesos peso varos baros lucas bolas mil mxn dlls dolares desde hace todavia aun porfa xfa pls
   apuntalo anotalo registralo ponlo agregalo guardalo ahorita hoy ayer manana nomas`,
);

/**
 * The debt's name in the user's own words: the product with its lender ("tarjeta Banamex",
 * "tarjeta de Liverpool", "préstamo de Coppel", "tarjeta de crédito"), else the creditor after
 * "deuda con" / "le debo a" ("Santander", "hermano"), without articles or possessives.
 */
export function findDebtName({ folded, source, shape }: Analysis): string | undefined {
  const product = PRODUCT.exec(folded);
  if (product) {
    const productEnd = product.index + product[0].length;
    const lender = /^\s+(?:de(l|\s+la|\s+los)?\s+)?/i.exec(source.slice(productEnd));
    const lenderStart = productEnd + (lender?.[0].length ?? 0);
    // After an article any noun names the debt ("crédito del coche"); else it must be a lender.
    const lenderEnd = lender ? nameEnd(source, lenderStart, lender[1] === undefined) : undefined;
    if (lenderEnd !== undefined) return source.slice(product.index, lenderEnd);
  }
  for (const creditor of shape.matchAll(CREDITOR_BEFORE)) {
    let start = creditor.index + creditor[0].length;
    // "debo 15 mil en la tarjeta de crédito": the creditor is the product already found.
    if (product && start >= product.index && start < product.index + product[0].length)
      return source.slice(product.index, product.index + product[0].length);
    start += TITLE.exec(folded.slice(start))?.[0].length ?? 0;
    start +=
      RELATIVE.exec(source.slice(start).replace(/^\S+/, (word) => foldSameLength(word)))?.[0].length ?? 0;
    const end = nameEnd(source, start, false);
    if (end !== undefined) return source.slice(start, end);
  }
  // "debo 4500 lupita": the creditor right after the amount, with no "a".
  const bare = OWED_BARE.exec(shape);
  if (bare) {
    const start = bare.index + bare[0].length;
    const end = nameEnd(source, start, false);
    if (
      end !== undefined &&
      !NOT_A_CREDITOR.has(foldSameLength(source.slice(start, end)).split(/\s+/)[0] ?? '')
    )
      return source.slice(start, end);
  }
  // "mi hermano me prestó 3 mil", "mi compadre Chuy me prestó": the lender is named first.
  const lent = LENT_BY.exec(folded);
  if (lent) {
    let start = lent.index + lent[0].length;
    start +=
      RELATIVE.exec(source.slice(start).replace(/^\S+/, (word) => foldSameLength(word)))?.[0].length ?? 0;
    const end = nameEnd(source, start, false);
    if (end !== undefined) return source.slice(start, end);
  }
  // A lender named anywhere ("el mínimo de mi Nu", "Elektra ya quedó saldado"), else the bare
  // product ("la tarjeta").
  const known = KNOWN_LENDER_WORD.exec(folded);
  if (known) return source.slice(known.index, known.index + known[0].length);
  return product ? source.slice(product.index, product.index + product[0].length) : undefined;
}

const KNOWN_LENDER_WORD = new RegExp(`\\b(?:${[...KNOWN_LENDERS].join('|')})\\b`);

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
