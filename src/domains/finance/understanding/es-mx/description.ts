import type { Analysis } from './analysis';
import type { CategoryMention } from './categories';
import { isNumberWord } from '../../../../nlu/es-mx/number-words';
import { matchAll, overlapsAny, type Span } from '../../../../nlu/es-mx/spans';
import { type Token, wordSet } from '../../../../nlu/es-mx/tokens';

/** Where the money came from, when it came in: "me pagaron 15 mil de nómina". */
const INCOME_SOURCE =
  /\b(?:nomina|quincena|sueldo|aguinaldo|salario|pension|beca|bono|propina|comision|reembolso|freelance)\b/g;

/** Words that open the phrase naming what was bought: "en regalos", "compré una tele". */
const PHRASE_OPENERS = 'en de d por para pa compre compro comprar comprarme vendi pague pagar';
const OPENERS = wordSet(PHRASE_OPENERS);
const DETERMINERS = wordSet('el la los las un una unos unas mi mis su sus tu tus lo otro otra');
/**
 * Words that end the phrase: prepositions, verbs and fillers of speech ("creo", "pues"). An
 * opener ends it too: after "para", "comprar una laptop" describes a laptop, not "comprar".
 */
const ENDERS = wordSet(
  `del a al con y o que como mas este esta me se le es son fue fueron ya no si pero porque creo pues eh mmm
   pesos varos baros mil hoy ayer alcanza puedo tengo ir salir ${PHRASE_OPENERS}`,
);
const MAX_WORDS = 3;
const LISTED = /^\s*(?:,|y)\s+(?:(?:el|la|los|las)\s+)?$/;

/**
 * A short description of what the money was for, in the user's own spelling: for income the
 * source ("nómina"), else the category word that decided the category ("uber", "súper", or
 * "luz y agua" when the words of one category are listed together), else the noun phrase after
 * "en"/"de"/"por"/"para" or after "compré" ("una tele" -> "tele").
 */
export function describe(
  analysis: Analysis,
  categoryWord: CategoryMention | undefined,
  income: boolean,
): string | undefined {
  const incomeSource = income ? matchAll(INCOME_SOURCE, analysis.folded)[0] : undefined;
  const span =
    incomeSource ?? (categoryWord && withListedPeers(analysis, categoryWord)) ?? nounPhrase(analysis);
  return span && analysis.source.slice(span.start, span.end);
}

/** "luz y agua", "spotify y netflix": the word joined by "y" to more of its category. */
function withListedPeers(analysis: Analysis, word: CategoryMention): Span {
  let end = word.end;
  for (const peer of analysis.categories) {
    const between = analysis.folded.slice(end, peer.start);
    if (peer.start >= end && peer.category === word.category && LISTED.test(between)) end = peer.end;
  }
  return { start: word.start, end };
}

function nounPhrase(analysis: Analysis): Span | undefined {
  const claimed: Span[] = [...analysis.money, ...analysis.dates];
  const { tokens } = analysis;
  for (let index = 0; index < tokens.length; index++) {
    if (!OPENERS.has((tokens[index] as Token).text)) continue;
    const words = phraseAfter(tokens, index + 1, claimed);
    const first = words[0];
    const last = words[words.length - 1];
    if (first && last) return { start: first.start, end: last.end };
  }
  return undefined;
}

function phraseAfter(tokens: readonly Token[], from: number, claimed: readonly Span[]): Token[] {
  let index = from;
  // "pa' un viaje", "compré 2 boletos", "una tele": skip what only introduces the noun.
  while (tokens[index] && isIntroducer(tokens[index] as Token, claimed)) index++;
  const words: Token[] = [];
  for (; words.length < MAX_WORDS; index++) {
    const token = tokens[index];
    if (!token || token.kind !== 'word' || ENDERS.has(token.text) || DETERMINERS.has(token.text)) break;
    if (overlapsAny(token, claimed) || isNumberWord(token.text)) break;
    words.push(token);
  }
  return words;
}

function isIntroducer(token: Token, claimed: readonly Span[]): boolean {
  if (token.text === "'" || DETERMINERS.has(token.text)) return true;
  const isCount = token.kind === 'number' || isNumberWord(token.text);
  return isCount && !overlapsAny(token, claimed);
}
