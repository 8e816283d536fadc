/**
 * Estimated token counts, for the prompt budget (docs/gemini.md: 5200 input tokens). No tokenizer
 * ships with the SDK, and a round trip to `countTokens` per message would double the latency, so
 * the estimate is one token per 4 bytes of UTF-8, rounded up: about right for English and a little
 * high for Portuguese and Spanish (accented letters take two bytes), which is the safe side of a
 * budget. Gemini's real `promptTokenCount` is logged next to the estimate for every call.
 */
export const BYTES_PER_TOKEN = 4;

/** Overhead of one message in the request (role, part framing). */
export const TOKENS_PER_MESSAGE = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

/** Cuts `text` to about `tokens` estimated tokens, at a word boundary when one is near. */
export function truncateToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  // The longest prefix within the budget, by bisection (a byte count is not a char count).
  let low = 0;
  let high = Math.min(text.length, Math.max(0, tokens * BYTES_PER_TOKEN));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (estimateTokens(text.slice(0, mid)) <= tokens) low = mid;
    else high = mid - 1;
  }
  const cut = text.slice(0, low);
  const space = cut.lastIndexOf(' ');
  return (space > cut.length * 0.8 ? cut.slice(0, space) : cut).trimEnd();
}
