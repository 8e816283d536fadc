import { tokenPattern, type Scan } from './scan';

/**
 * Clock times ("às 10", "10h", "10:30", "9 horas", "meio-dia"). A boleto has no time of day,
 * so they yield nothing; their tokens are taken only so that the numbers in them are never
 * read as amounts or boleto numbers ("amanhã às 10h" is not R$ 10).
 */
const TIME = tokenPattern(
  '(?:(?:as|a|ate as|pelas) )?\\d{1,2} (?:h|hs|hrs?|horas?|: \\d{2})(?: \\d{2}(?: min)?)?|(?:as|pelas) \\d{1,2}|meio - dia|meio dia',
);

export function claimTimes(scan: Scan): void {
  scan.forEachMatch(TIME, (_m, from, to) => scan.claim(from, to));
}
