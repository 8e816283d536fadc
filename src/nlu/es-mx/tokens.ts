import type { Span } from './spans';

/** A word, a number as written ("1,200.50") or a single symbol of the folded text. */
export interface Token extends Span {
  text: string;
  kind: 'word' | 'number' | 'symbol';
}

const TOKEN = /\d+(?:[.,]\d+)*|[a-z]+|\S/g;

export function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  for (const match of folded.matchAll(TOKEN)) {
    const text = match[0];
    const start = match.index;
    const first = text.charCodeAt(0);
    const kind = first >= 48 && first <= 57 ? 'number' : /[a-z]/.test(text) ? 'word' : 'symbol';
    tokens.push({ text, start, end: start + text.length, kind });
  }
  return tokens;
}

/** A set of words written as one space-separated string, so long vocabularies stay readable. */
export function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}
