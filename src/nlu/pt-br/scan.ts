import { tokenAt, type PreparedText, type Token } from './prepared-text';

/**
 * A message being read: the prepared tokens plus which of them an extractor already took.
 *
 * Extractors run in a fixed order (message content, dates, times, ids, money, names) and each
 * claims the tokens it used, so a number is read once: "dia 10" is a date and never R$ 10,
 * "boleto #12" is an id and never an amount.
 */
export class Scan {
  private readonly claimed: boolean[];
  /** Tokens quoted from a message to send: no rule looks inside them, not even intent cues. */
  private readonly masked: boolean[];

  constructor(readonly text: PreparedText) {
    this.claimed = new Array<boolean>(text.tokens.length).fill(false);
    this.masked = new Array<boolean>(text.tokens.length).fill(false);
  }

  get tokens(): readonly Token[] {
    return this.text.tokens;
  }

  /** Canonical text of token `i`, or '' outside the message. */
  word(i: number): string {
    return this.text.tokens[i]?.text ?? '';
  }

  isMasked(i: number): boolean {
    return this.masked[i] ?? false;
  }

  isFree(i: number): boolean {
    return i >= 0 && i < this.claimed.length && !this.claimed[i];
  }

  claim(from: number, to: number): void {
    for (let i = from; i < to; i++) this.claimed[i] = true;
  }

  mask(from: number, to: number): void {
    for (let i = from; i < to; i++) this.claimed[i] = this.masked[i] = true;
  }

  /**
   * Runs a token-anchored global pattern (see `tokenPattern`) over the message and calls
   * `onMatch` with the token range of every match lying on free tokens. A match that touches a
   * claimed token is skipped and the search resumes at the next token, not after the match.
   */
  forEachMatch(pattern: RegExp, onMatch: (match: RegExpExecArray, from: number, to: number) => void): void {
    this.run(pattern, this.claimed, onMatch);
  }

  /**
   * Token indexes where an intent cue matches: like `forEachMatch`, but only masked tokens are
   * off limits (a cue may sit on a token an extractor took: "pagos" is both a filter and a cue).
   */
  cuePositions(pattern: RegExp): number[] {
    const positions: number[] = [];
    this.run(pattern, this.masked, (_m, from) => positions.push(from));
    return positions;
  }

  private run(
    pattern: RegExp,
    offLimits: boolean[],
    onMatch: (match: RegExpExecArray, from: number, to: number) => void,
  ): void {
    const { joined } = this.text;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(joined); match !== null; match = pattern.exec(joined)) {
      const from = tokenAt(this.text, match.index);
      const to = tokenAt(this.text, match.index + match[0].length - 1) + 1;
      if (match[0].length === 0 || anySet(offLimits, from, to)) {
        pattern.lastIndex = match.index + 1;
        continue;
      }
      onMatch(match, from, to);
    }
  }

  /** Token index where capture group `group` of `match` starts, or -1 when it did not match. */
  groupToken(match: RegExpExecArray, group: number): number {
    const span = match.indices?.[group];
    return span === undefined ? -1 : tokenAt(this.text, span[0]);
  }
}

function anySet(flags: boolean[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (flags[i]) return true;
  return false;
}

/**
 * Compiles a pattern over `PreparedText.joined` that starts and ends on token boundaries
 * (tokens are separated by single spaces there). Compiled once, at module load.
 * `groupOffsets` adds the `d` flag, which `groupToken` needs; it costs time on every match, so
 * only patterns that read a capture group's position ask for it.
 */
export function tokenPattern(source: string, options: { groupOffsets?: boolean } = {}): RegExp {
  return new RegExp(`(?<![^ ])(?:${source})(?![^ ])`, options.groupOffsets === true ? 'gd' : 'g');
}
