import type { Locale } from '../core/locale';
import { foldAccents } from '../core/text';
import { ES_MX_ASKS_INDIRECTLY } from './es-mx/asks-indirectly';
import { ES_MX_ASKS_WHAT_IRIS_DOES } from './es-mx/asks-what-iris-does';
import { ES_MX_SPEECH_ACTS } from './es-mx/speech-act';
import { ES_MX_PLEASANTRIES } from './es-mx/pleasantries';
import { PT_BR_ASKS_INDIRECTLY } from './pt-br/asks-indirectly';
import { PT_BR_ASKS_WHAT_IRIS_DOES } from './pt-br/asks-what-iris-does';
import { PT_BR_PLEASANTRIES } from './pt-br/pleasantries';
import { PT_BR_SPEECH_ACTS } from './pt-br/speech-act';
import { spellOutShortcuts } from './search-expansion';

/** Each locale's rules for what asks, what greets, and what asks about Iris itself. */
const RULES: Record<
  Locale,
  { question: RegExp; asksIndirectly: RegExp; pleasantries: RegExp; aboutIris: RegExp }
> = {
  'pt-BR': {
    question: PT_BR_SPEECH_ACTS.question,
    asksIndirectly: PT_BR_ASKS_INDIRECTLY,
    pleasantries: PT_BR_PLEASANTRIES,
    aboutIris: PT_BR_ASKS_WHAT_IRIS_DOES,
  },
  'es-MX': {
    question: ES_MX_SPEECH_ACTS.question,
    asksIndirectly: ES_MX_ASKS_INDIRECTLY,
    pleasantries: ES_MX_PLEASANTRIES,
    aboutIris: ES_MX_ASKS_WHAT_IRIS_DOES,
  },
};

/**
 * Whether a message asks about a subject: phrased as a question once its greetings are set aside
 * (a question mark or a question word first, or a question asked after the situation is told:
 * "deu invalido, como pode", "q hago ahora"), and not one about what Iris is or does in general.
 * A greeting, a thank-you or "o que vc consegue fazer?" is not: the pack's help answers those,
 * never a list of sections that happen to share a word with them. Texting shortcuts are spelt
 * out first ("oq", "qto", "xq").
 */
export function asksAboutATopic(locale: Locale, text: string): boolean {
  const rules = RULES[locale];
  const folded = spellOutShortcuts(locale, foldAccents(text.toLowerCase()));
  if (rules.aboutIris.test(folded)) return false;
  // What is left once the greetings are gone must still ask: "bom dia, tudo bem?" does not.
  const asked = folded.replace(rules.pleasantries, ' ').replace(/^[\s\p{P}\p{S}]+/u, '');
  return rules.question.test(asked) || rules.asksIndirectly.test(asked);
}
