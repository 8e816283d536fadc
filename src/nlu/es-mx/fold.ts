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
 * ASCII, most of every message, takes the fast path; other units are folded once and cached.
 */
export function foldSameLength(text: string): string {
  let folded = '';
  for (const unit of text) {
    const code = unit.charCodeAt(0);
    folded +=
      code < 128 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : unit) : foldUnit(unit);
  }
  return folded;
}

const foldedUnits = new Map<string, string>();

function foldUnit(unit: string): string {
  let folded = foldedUnits.get(unit);
  if (folded === undefined) {
    const lowered = unit.toLowerCase();
    const base = lowered.normalize('NFD').replace(/\p{M}+/gu, '');
    folded = base.length === unit.length ? base : lowered.length === unit.length ? lowered : unit;
    if (foldedUnits.size < 4_096) foldedUnits.set(unit, folded);
  }
  return folded;
}
