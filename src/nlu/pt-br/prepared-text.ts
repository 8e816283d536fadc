import { foldAccents, stripControlCharacters } from '../../core/text';
import { correctTypo } from './lexicon';

/**
 * A message cut into tokens, in the one shape every rule works on.
 *
 * Each token keeps its span in the original text (names and message contents are returned as
 * the user wrote them, accents and capitals included) and a canonical form: lower case, no
 * accents, typos corrected. The canonical tokens joined by single spaces form `joined`, the
 * string all patterns run on; every pattern is anchored on token boundaries, so a match maps
 * back to a token range, and spacing or accents in the input never matter.
 */
export interface Token {
  /** Canonical form: "Bolto" -> "boleto", "amanhã" -> "amanha", "R$" -> "r$". */
  text: string;
  /** Lower case without accents, before typo correction. */
  folded: string;
  kind: 'word' | 'number' | 'symbol';
  /** Span in `PreparedText.original`. */
  start: number;
  end: number;
  /** The user wrote it with an upper-case first letter. */
  capitalized: boolean;
}

export interface PreparedText {
  /** The message, NFC, without control characters. */
  original: string;
  tokens: Token[];
  joined: string;
  /** Offset of each token in `joined`. */
  offsets: number[];
  /** Typed all in capitals: a capital there says less ("O CLIENTE DESISTIU" names nobody). */
  shouting: boolean;
}

/**
 * "R$" (also "R $"), a number with its separators ("1.500,00", "10"), a run of letters or
 * digits, or any other single character.
 */
const TOKEN = /r ?\$|\d+(?:[.,]\d+)*|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
const DIGITS = /^\d/;
const LETTERS = /^\p{L}/u;
const UPPER = /^\p{Lu}/u;
const LOWER = /\p{Ll}/u;
/** A run of two capitals or more; two of them say the message is shouted, not one "OK". */
const CAPITALS_RUN = /\p{Lu}{2,}/gu;

/** Printable ASCII: nothing to normalize or fold (most typed messages without accents). */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function prepare(text: string): PreparedText {
  const original = PLAIN_ASCII.test(text) ? text.trim() : stripControlCharacters(text.normalize('NFC'));
  const shouting = !LOWER.test(original) && (original.match(CAPITALS_RUN)?.length ?? 0) >= 2;
  const { folded, toOriginal } = foldWithMap(original);
  const tokens: Token[] = [];
  const offsets: number[] = [];
  let joined = '';
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(folded); match !== null; match = TOKEN.exec(folded)) {
    const raw = match[0];
    const start = toOriginal(match.index);
    const end = toOriginal(match.index + raw.length);
    const kind = DIGITS.test(raw) ? 'number' : LETTERS.test(raw) && !raw.endsWith('$') ? 'word' : 'symbol';
    const capitalized = kind === 'word' && UPPER.test(original.slice(start, end));
    // Symbols are kept as typed, but "R $" is one token "r$".
    const canonical =
      kind === 'word' ? correctTypo(raw, capitalized && tokens.length > 0) : raw.replace(' ', '');
    if (tokens.length > 0) joined += ' ';
    offsets.push(joined.length);
    joined += canonical;
    tokens.push({ text: canonical, folded: raw, kind, start, end, capitalized });
  }
  return { original, tokens, joined, offsets, shouting };
}

/**
 * Lower case, accents removed, with a way back to original offsets. For almost every message
 * the folded text has the same length as the original (NFC "ã" folds to "a"), so the map is
 * the identity; rare characters whose folding changes length get a per-character map.
 */
function foldWithMap(original: string): { folded: string; toOriginal: (i: number) => number } {
  const folded = PLAIN_ASCII.test(original) ? original.toLowerCase() : foldAccents(original).toLowerCase();
  if (folded.length === original.length) return { folded, toOriginal: (i) => i };
  let out = '';
  const starts: number[] = [];
  for (let i = 0; i < original.length;) {
    const codePoint = original.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const piece = foldAccents(char).toLowerCase();
    for (let k = 0; k < piece.length; k++) starts.push(i);
    out += piece;
    i += char.length;
  }
  return { folded: out, toOriginal: (i) => (i < starts.length ? (starts[i] ?? 0) : original.length) };
}

/** Index of the token that starts at `offset` in `joined` (patterns start on token starts). */
export function tokenAt(prepared: PreparedText, offset: number): number {
  const { offsets } = prepared;
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The original text covered by tokens [from, to). */
export function originalSlice(prepared: PreparedText, from: number, to: number): string {
  const first = prepared.tokens[from];
  const last = prepared.tokens[to - 1];
  if (first === undefined || last === undefined || to <= from) return '';
  return prepared.original.slice(first.start, last.end);
}
