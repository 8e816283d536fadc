import { pick } from './seeded-random';

/**
 * A tiny template language for training sentences: `(a|b|c)` picks one alternative, `[x]`
 * keeps x half of the time, `{slot}` takes a value from the slot's list. Groups nest.
 * "(cria|gera) [um] boleto de {amount} pro {name}" -> "gera boleto de R$ 150 pro João".
 */
export type Slots = Readonly<Record<string, readonly string[]>>;

export function expandTemplate(template: string, slots: Slots, random: () => number): string {
  let position = 0;
  const parse = (stopAt: string): string[] => {
    // Returns the alternatives of the current group (split on top-level '|').
    const alternatives: string[] = [''];
    while (position < template.length) {
      const ch = template[position]!;
      if (stopAt.includes(ch)) break;
      position++;
      if (ch === '|') {
        alternatives.push('');
      } else if (ch === '(') {
        const options = parse(')');
        position++;
        alternatives[alternatives.length - 1] += pick(options, random);
      } else if (ch === '[') {
        const options = parse(']');
        position++;
        alternatives[alternatives.length - 1] += random() < 0.5 ? pick(options, random) : '';
      } else if (ch === '{') {
        const end = template.indexOf('}', position);
        const name = template.slice(position, end);
        position = end + 1;
        const values = slots[name];
        if (values === undefined) throw new Error(`template slot {${name}} has no values: ${template}`);
        alternatives[alternatives.length - 1] += pick(values, random);
      } else {
        alternatives[alternatives.length - 1] += ch;
      }
    }
    return alternatives;
  };
  const text = pick(parse(''), random);
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!])/g, '$1')
    .trim();
}
