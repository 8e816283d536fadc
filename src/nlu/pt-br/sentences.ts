import type { Scan } from './scan';

/**
 * Where a sentence ends in a message, for the readers that tell a request from the story around
 * it and a text to send from what is then said to Iris.
 *
 * A ".", "!" or "?" ends one, except inside a run of marks (an ellipsis "..." typed as three
 * tokens goes on — "de 2.400... não, 2.750" is one request, corrected —, and "?!" ends once, at
 * its last mark) and the dot of an abbreviation ("do Sr. Anselmo", "Av. Brasil 1500").
 */
export function endsSentence(scan: Scan, i: number): boolean {
  const word = scan.word(i);
  if (!STOPS.has(word) || MARKS.has(scan.word(i + 1))) return false;
  return !(word === '.' && (scan.word(i - 1) === '.' || ABBREVIATIONS.has(scan.word(i - 1))));
}

const STOPS = new Set(['.', '!', '?']);
const MARKS = new Set(['.', '!', '?', '…']);
const ABBREVIATIONS = new Set('sr sra srta dr dra prof profa av n no nº r ref obs'.split(' '));
