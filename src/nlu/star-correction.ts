import { distance } from 'fastest-levenshtein';
import { foldAccents } from '../core/text';

/**
 * "gera boleto pra Neve *Neide", "cancela o da Salva… Dalva*", "manda pra Genial… Genilson* não
 * Genial": people fix what the phone's autocorrect wrote by sending the right word with an
 * asterisk. The marked word replaces the earlier word it is closest to (a few letters apart, not
 * the same word), and the mark itself (with a "não <wrong word>" after it) leaves the message, so
 * every reader sees the message as the person meant it. A word between two asterisks is bold
 * (WhatsApp's `*sim*`), not a correction; a marked word that resembles nothing before it is
 * left alone.
 */

/** `*Word` or `Word*`, alone (not `*bold*`), then optionally "não/nao/no <word>". */
const MARK =
  /(?<![\p{L}*])(?:\*([\p{L}]{2,})(?![\p{L}*])|([\p{L}]{2,})\*(?![\p{L}*]))(?:\s+(?:n[aã]o|no)\s+([\p{L}]+))?/gu;
const WORD = /[\p{L}]+/gu;

const fold = (word: string) => foldAccents(word.toLowerCase());

/** How far apart two words may be, in edits, for one to be the other mistyped. */
function within(wrong: string, right: string): boolean {
  const edits = distance(wrong, right);
  return edits > 0 && edits <= Math.max(1, Math.floor(Math.max(wrong.length, right.length) / 2));
}

export function applyStarCorrections(text: string): string {
  if (!text.includes('*')) return text;
  let out = text;
  for (const mark of [...text.matchAll(MARK)].reverse()) {
    const right = mark[1] ?? mark[2]!;
    const before = out.slice(0, mark.index);
    const candidates = [...before.matchAll(WORD)].filter((w) => within(fold(w[0]), fold(right)));
    if (candidates.length === 0) continue;
    const best = candidates.reduce((a, b) =>
      distance(fold(b[0]), fold(right)) <= distance(fold(a[0]), fold(right)) ? b : a,
    );
    // "Genilson* não Genial": the words after the mark name the wrong one; keep them only when
    // they do not.
    const named = mark[3];
    const markEnd = mark.index + (named && fold(named) === fold(best[0]) ? mark[0].length : right.length + 1);
    const after = out.slice(markEnd);
    const head = out.slice(0, mark.index).replace(/[\s.…]*$/u, '');
    const fixed = `${head.slice(0, best.index)}${right}${head.slice(best.index + best[0].length)}`;
    out = `${fixed}${/^[\s.,;:!?…]/u.test(after) || after === '' ? '' : ' '}${after}`;
  }
  return out.replace(/\s{2,}/g, ' ').trim();
}
