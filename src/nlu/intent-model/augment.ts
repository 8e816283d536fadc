import { foldAccents } from '../../core/text';
import { pick } from './seeded-random';

/**
 * How people actually type, applied to generated sentences so the model learns the message
 * and not the template: dropped accents and capitals, texting shortcuts, a typo or two, a
 * greeting or a story before the request, a missing question mark.
 */
export interface TypingHabits {
  /** Whole-word shortcuts: "você" -> ["vc", "ce"]. Keys are folded lower case. */
  shortcuts: Readonly<Record<string, readonly string[]>>;
  /** Said before a request ("oi, tudo bem?", "bom dia Iris"). */
  openers: readonly string[];
  /** A story or hedge before the request ("olha, to aqui no escritório e"). */
  stories: readonly string[];
  /** Said after ("valeu", "por favor", "obg"). */
  closers: readonly string[];
  emojis: readonly string[];
}

export function typeLikeAPerson(sentence: string, habits: TypingHabits, random: () => number): string {
  let text = sentence;
  if (random() < 0.25) text = `${pick(habits.openers, random)} ${text}`;
  else if (random() < 0.12) text = `${pick(habits.stories, random)} ${text}`;
  if (random() < 0.2) text = `${text} ${pick(habits.closers, random)}`;
  if (random() < 0.5) text = foldAccents(text);
  if (random() < 0.6) text = text.toLowerCase();
  else if (random() < 0.05) text = text.toUpperCase();
  text = text
    .split(' ')
    .map((word) => {
      const options = habits.shortcuts[foldAccents(word.toLowerCase())];
      return options !== undefined && random() < 0.4 ? pick(options, random) : word;
    })
    .join(' ');
  const typos = random() < 0.3 ? (random() < 0.3 ? 2 : 1) : 0;
  for (let i = 0; i < typos; i++) text = typo(text, random);
  if (random() < 0.3) text = text.replace(/[?¿!.]/g, '');
  if (random() < 0.08) text = `${text} ${pick(habits.emojis, random)}`;
  return text.replace(/\s+/g, ' ').trim();
}

/** One letter dropped, doubled, swapped with its neighbour or replaced by a keyboard neighbour. */
function typo(text: string, random: () => number): string {
  const letters = [...text.matchAll(/\p{L}/gu)].map((m) => m.index ?? 0).filter((i) => i > 0);
  if (letters.length < 4) return text;
  const at = pick(letters, random);
  const kind = Math.floor(random() * 4);
  const ch = text[at] ?? '';
  if (kind === 0) return text.slice(0, at) + text.slice(at + 1);
  if (kind === 1) return text.slice(0, at) + ch + text.slice(at);
  if (kind === 2 && /\p{L}/u.test(text[at + 1] ?? ''))
    return text.slice(0, at) + (text[at + 1] ?? '') + ch + text.slice(at + 2);
  const near = NEIGHBOURS[ch.toLowerCase()];
  return near ? text.slice(0, at) + pick([...near], random) + text.slice(at + 1) : text;
}

const NEIGHBOURS: Record<string, string> = {
  a: 'sq',
  b: 'vn',
  c: 'xv',
  d: 'sf',
  e: 'wr',
  f: 'dg',
  g: 'fh',
  h: 'gj',
  i: 'uo',
  j: 'hk',
  k: 'jl',
  l: 'k',
  m: 'n',
  n: 'bm',
  o: 'ip',
  p: 'o',
  q: 'w',
  r: 'et',
  s: 'ad',
  t: 'ry',
  u: 'yi',
  v: 'cb',
  w: 'qe',
  x: 'zc',
  y: 'tu',
  z: 'x',
};
