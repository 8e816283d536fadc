import { stripControlCharacters } from '../../core/text';

/**
 * The two views of one message every es-MX rule works on.
 *
 * `folded` is lower case and accent-free ("Gasté" -> "gaste", "súper" -> "super", "ñ" -> "n") so
 * rules tolerate the missing accents of fast typing; it has exactly the length of `source`, so a
 * span found in `folded` slices the user's own words out of `source` (descriptions keep "nómina",
 * debt names keep "Banamex").
 */
export interface PreparedText {
  source: string;
  folded: string;
}

export function prepareText(text: string): PreparedText {
  const source = stripControlCharacters(text).normalize('NFC');
  return { source, folded: foldSameLength(source) };
}

/**
 * Folds one UTF-16 unit at a time and keeps the original unit whenever folding would change the
 * length (a stray combining mark, "İ"), which is what keeps offsets shared between both views.
 */
export function foldSameLength(text: string): string {
  let folded = '';
  for (const unit of text) {
    const lowered = unit.toLowerCase();
    const base = lowered.normalize('NFD').replace(/\p{M}+/gu, '');
    folded += base.length === unit.length ? base : unit.length === lowered.length ? lowered : unit;
  }
  return folded;
}
