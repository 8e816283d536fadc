import { ID_DIGITS, NUMBER_WORDS_SOURCE, readNumberWords } from '../../../../nlu/pt-br/number-words';
import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';

/**
 * Boleto numbers the user marked as such: "#12", "nº 56", "número 7", "id 200", "código 9".
 * These are ids whatever the intent. A number right after "boleto" ("boleto 123") or after an
 * article ("o 45") is not decided here: it is an id when cancelling or checking, an amount
 * when creating (see `entities.ts`).
 */
export interface IdMention {
  value: number;
  from: number;
  to: number;
}

const MARKED_ID = tokenPattern(
  `(?:#|nº|n [º°]|numero|id|codigo|cod)(?: \\.)?(?: de)? (\\d+|${NUMBER_WORDS_SOURCE})`,
  { groupOffsets: true },
);

export function extractMarkedIds(scan: Scan): IdMention[] {
  const found: IdMention[] = [];
  scan.forEachMatch(MARKED_ID, (m, from, to) => {
    const text = m[1] ?? '';
    const value = /^\d/.test(text)
      ? ID_DIGITS.test(text)
        ? Number(text)
        : undefined
      : readNumberWords(scan, scan.groupToken(m, 1))?.value;
    if (value === undefined) return;
    scan.claim(from, to);
    found.push({ value, from, to });
  });
  return found;
}
