/**
 * Text views the injection detector matches against (docs/gemini.md: "normalize before
 * checking"). An attacker hides a phrase from a naive regex with invisible characters, look-alike
 * letters from other scripts, leetspeak, spaced-out letters or an encoding; each of those is
 * undone here, and the detector compares what it finds in the plain view with what it finds in
 * the normalized one: a phrase that appears only after normalizing was hidden on purpose.
 */

/** Zero-width and invisible format characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen...). */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]|\u034f|\u17b4|\u17b5/g;

/** Cyrillic and Greek letters that look like Latin ones. NFKC already folds full-width and math letters. */
// prettier-ignore
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  // Cyrillic lower case
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y',
  х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  // Cyrillic upper case
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
  Ѕ: 'S', І: 'I', Ј: 'J',
  // Greek
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X',
  // Latin look-alikes outside ASCII
  ɡ: 'g', ɑ: 'a', ı: 'i', ȷ: 'j',
};

const HOMOGLYPH_CLASS = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'gu');

/** Leetspeak digits and symbols, replaced only inside words that also hold letters ("1gn0r3"). */
// prettier-ignore
const LEET: Readonly<Record<string, string>> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's',
};

export function countInvisible(text: string): number {
  return text.match(INVISIBLE)?.length ?? 0;
}

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

// Cheap pre-checks: most messages are plain Portuguese or Spanish, and each step below is skipped
// when its trigger characters are absent (this keeps a 2000-character analysis near a millisecond).
/** Anything but printable ASCII and ordinary white space: the text needs the slow path. */
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;
const GREEK_OR_CYRILLIC = /[\u0370-\u03ff\u0400-\u052f]/;
const LATIN_LOOK_ALIKES = /[ɡɑıȷ]/;

/** Words mixing Latin letters with Cyrillic/Greek look-alikes ("іgnоre"), a classic evasion. */
export function countMixedScriptWords(text: string): number {
  if (!GREEK_OR_CYRILLIC.test(text)) return 0;
  let count = 0;
  for (const word of text.split(/[^\p{L}]+/u)) {
    if (/\p{Script=Latin}/u.test(word) && /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(word)) count++;
  }
  return count;
}

export function mapHomoglyphs(text: string): string {
  if (!GREEK_OR_CYRILLIC.test(text) && !LATIN_LOOK_ALIKES.test(text)) return text;
  return text.replace(HOMOGLYPH_CLASS, (char) => HOMOGLYPHS[char] ?? char);
}

/** Replaces look-alike letters only inside words that mix scripts (a Russian name stays as it is). */
export function unmixScripts(text: string): string {
  if (!GREEK_OR_CYRILLIC.test(text)) return text;
  return text.replace(/\p{L}+/gu, (word) =>
    /\p{Script=Latin}/u.test(word) && /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(word)
      ? mapHomoglyphs(word)
      : word,
  );
}

/** Lower case, no accents, NFKC (full-width and mathematical letters become plain ones). */
export function fold(text: string): string {
  if (!NOT_PLAIN_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function unleet(text: string): string {
  if (!/\p{L}[\d@$]|[\d@$]\p{L}/u.test(text)) return text;
  return text.replace(/[\p{L}\d@$]+/gu, (word) =>
    /\p{L}/u.test(word) && /[\d@$]/.test(word) && !/^\d+\p{L}{1,3}$/u.test(word)
      ? word.replace(/[013457@$]/g, (c) => LEET[c] ?? c)
      : word,
  );
}

/** "i g n o r e" / "i.g.n.o.r.e" -> "ignore": runs of four or more single letters. */
function joinSpacedLetters(text: string): string {
  if (!/\b\p{L}[ .\-_*]\p{L}[ .\-_*]\p{L}[ .\-_*]\p{L}\b/u.test(text)) return text;
  return text.replace(/\b(?:\p{L}[ .\-_*]){3,}\p{L}\b/gu, (run) => run.replace(/[ .\-_*]/g, ''));
}

/** %69%67 and &#105; / &#x69; escapes, decoded so that an escaped phrase is read like a plain one. */
function decodeEscapes(text: string): string {
  if (!/[&%\\]/.test(text)) return text;
  let out = text.replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => safeCodePoint(parseInt(hex, 16)));
  out = out.replace(/&#(\d{1,7});/g, (_, dec: string) => safeCodePoint(Number(dec)));
  out = out.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => safeCodePoint(parseInt(hex, 16)));
  if (/(%[0-9a-f]{2}){3,}/i.test(out)) {
    try {
      out = decodeURIComponent(out);
    } catch {
      // a lone "%" that is not an escape: leave the text as it is
    }
  }
  return out;
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The plain view: lower case, no accents, white space collapsed. What a naive filter would read. */
export function plainView(text: string): string {
  const folded = NOT_PLAIN_ASCII.test(text) ? text.normalize('NFD').replace(/\p{M}+/gu, '') : text;
  return collapse(folded.toLowerCase());
}

/** The normalized view: every evasion above undone, then folded. */
export function normalizedView(text: string): string {
  return collapse(unleet(joinSpacedLetters(fold(mapHomoglyphs(decodeEscapes(stripInvisible(text)))))));
}
