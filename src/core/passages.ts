/**
 * A document split into passages a question can be answered from: paragraphs (blank lines,
 * Markdown headings, list items) merged up to `max` characters, never cut inside a sentence
 * unless a single sentence is longer than that. A heading stays with the text under it, so a
 * passage says what it is about ("## Boleto vencido" + its paragraph).
 */
export function splitPassages(text: string, max = 700): string[] {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n|\n(?=#{1,6}\s)|\n(?=[-*]\s)/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '');
  const passages: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') passages.push(current);
    current = '';
  };
  for (const raw of blocks) {
    const heading = /^#{1,6}\s/.test(raw);
    if (heading) flush();
    // A heading reads as the topic of what follows: "Compensação: Depois que o cliente paga…".
    const block = heading ? raw.replace(/^#{1,6}\s+/, '').replace(/([^.!?:])$/, '$1:') : raw;
    for (const piece of block.length > max ? sentencesUpTo(block, max) : [block]) {
      if (current !== '' && current.length + 1 + piece.length > max) flush();
      current = current === '' ? piece : `${current} ${piece}`;
    }
  }
  flush();
  return passages;
}

/** A long block cut at sentence ends into pieces of at most `max` characters. */
function sentencesUpTo(block: string, max: number): string[] {
  const sentences = block.match(/[^.!?]+[.!?]*\s*/g) ?? [block];
  const pieces: string[] = [];
  let piece = '';
  for (const sentence of sentences) {
    if (piece !== '' && piece.length + sentence.length > max) {
      pieces.push(piece.trim());
      piece = '';
    }
    piece += sentence;
  }
  if (piece.trim() !== '') pieces.push(piece.trim());
  return pieces;
}

/**
 * A passage's heading: its first sentence, a question or a title ending in ':' (a Markdown
 * heading becomes one, above). Search weighs the question's words found in it (the store reads it
 * with this pattern in SQL) and a section offered is shown by it.
 */
export const HEADING_PATTERN = '^[^?:!.]{1,160}[?:!.]';

/** The heading of a passage, without a title's colon. */
export function headingOf(text: string): string {
  const first = new RegExp(HEADING_PATTERN).exec(text)?.[0] ?? text.slice(0, 80);
  return first.replace(/[:.]$/, '').trim();
}
