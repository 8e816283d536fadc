import { typeLikeAPerson, type TypingHabits } from './augment';
import { seededRandom } from './seeded-random';
import { expandTemplate, type Slots } from './templates';

/** What a pack gives to train its intent model: templates per intent, slot values, typing habits. */
export interface IntentTrainingSource {
  templates: Readonly<Record<string, readonly string[]>>;
  slots: Slots;
  habits: TypingHabits;
}

export interface LabeledSentence {
  text: string;
  intent: string;
}

/**
 * Expands every template `perTemplate` times (deduplicated), most of them typed like a person
 * would (see `augment.ts`). Deterministic for a given seed.
 */
export function generateSentences(
  source: IntentTrainingSource,
  options: { perTemplate: number; seed: number },
): LabeledSentence[] {
  const random = seededRandom(options.seed);
  const seen = new Set<string>();
  const out: LabeledSentence[] = [];
  for (const [intent, templates] of Object.entries(source.templates)) {
    for (const template of templates) {
      for (let i = 0; i < options.perTemplate; i++) {
        const plain = expandTemplate(template, source.slots, random);
        const text = random() < 0.75 ? typeLikeAPerson(plain, source.habits, random) : plain;
        if (text === '' || seen.has(text)) continue;
        seen.add(text);
        out.push({ text, intent });
      }
    }
  }
  return out;
}
