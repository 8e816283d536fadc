/** A half-open range `[start, end)` of the analysed text. */
export interface Span {
  start: number;
  end: number;
}

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

export function overlapsAny(span: Span, others: readonly Span[]): boolean {
  return others.some((other) => overlaps(span, other));
}

/**
 * Replaces every character of the given spans with `fill`, keeping the length, so patterns can
 * refer to "an amount here" (`¤+`) while every other offset still points into the original text.
 */
export function maskSpans(text: string, spans: readonly Span[], fill: string): string {
  let masked = text;
  for (const { start, end } of spans) {
    masked = masked.slice(0, start) + fill.repeat(end - start) + masked.slice(end);
  }
  return masked;
}

/** Every match of a global pattern with its span (the pattern must carry the `g` flag). */
export function matchAll(pattern: RegExp, text: string): Array<Span & { match: RegExpExecArray }> {
  const found: Array<Span & { match: RegExpExecArray }> = [];
  for (const match of text.matchAll(pattern)) {
    const execMatch = match as RegExpExecArray;
    found.push({ start: execMatch.index, end: execMatch.index + execMatch[0].length, match: execMatch });
  }
  return found;
}
