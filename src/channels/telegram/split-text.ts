/** Telegram refuses messages longer than 4096 characters (UTF-16 code units are a safe measure). */
export const TELEGRAM_TEXT_LIMIT = 4096;

/**
 * Splits a long reply into pieces Telegram accepts, preferring a line break, then a space, and
 * never cutting a surrogate pair in two. Short texts (nearly all replies) come back as one piece.
 */
export function splitText(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n', limit);
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit);
    if (cut < limit / 2) cut = limit;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1; // keep a surrogate pair together
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  pieces.push(rest);
  return pieces;
}
