/**
 * Folded text (lower case, no accents, single spaces) that remembers where each of its
 * characters came from, so that a span matched in the folded text can be cut from the original.
 * The sanitizer needs this: patterns are written for folded text ("instrucoes"), but what goes to
 * the model is the person's own text ("instruções"), minus the cut spans.
 */
export interface FoldedText {
  folded: string;
  /** `offsets[i]` is the index in the original text of folded character `i`. */
  offsets: number[];
}

export function foldWithOffsets(text: string): FoldedText {
  let folded = '';
  const offsets: number[] = [];
  let index = 0;
  let pendingSpace = false;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0x20 || /\s/u.test(char)) {
      pendingSpace = folded.length > 0;
    } else {
      // ASCII needs no normalizing; the rest is decomposed and its accents dropped.
      const piece =
        code < 0x80
          ? char.toLowerCase()
          : char
              .normalize('NFKD')
              .replace(/\p{M}+/gu, '')
              .toLowerCase();
      if (piece.length > 0) {
        if (pendingSpace) {
          folded += ' ';
          offsets.push(index - 1);
          pendingSpace = false;
        }
        folded += piece;
        for (let k = 0; k < piece.length; k++) offsets.push(index);
      }
    }
    index += char.length;
  }
  return { folded, offsets };
}

/** The original `[start, end)` range of folded span `[from, to)`. */
export function originalRange(text: string, map: FoldedText, from: number, to: number): [number, number] {
  const start = map.offsets[from] ?? text.length;
  const last = map.offsets[Math.max(from, to - 1)] ?? text.length;
  const lastChar = text.codePointAt(last);
  return [start, last + (lastChar !== undefined && lastChar > 0xffff ? 2 : 1)];
}

/** Removes `ranges` (original indices, possibly overlapping) from `text`. */
export function cutRanges(text: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let cursor = 0;
  for (const [start, end] of sorted) {
    if (start > cursor) out += text.slice(cursor, start);
    cursor = Math.max(cursor, end);
  }
  return `${out} ${text.slice(cursor)}`
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,.;:!?])(?:\s*[,.;:!?])+/g, '$1')
    .replace(/^[\s,.;:!?]+|[\s,;:]+$/g, '')
    .trim();
}
