/**
 * Text normalization shared by every stage that compares words: lower case, no accents,
 * collapsed white space, no surrounding punctuation. "  Sim!! " and "SÍM." both become "sim".
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

export function normalizeForMatch(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
}

/** Removes control characters (keeps new lines and tabs as spaces) and trims. */
export function stripControlCharacters(text: string): string {
  return (
    text
      .replace(/[\t\n\r\v\f]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, '')
      .trim()
  );
}
