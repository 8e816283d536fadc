import { CONFIRMATION_WORDS } from '../../config/product';
import type { Locale } from '../core/locale';
import { normalizeForMatch } from '../core/text';

export type ConfirmationAnswer = 'yes' | 'no' | 'other';

const SETS = Object.fromEntries(
  Object.entries(CONFIRMATION_WORDS).map(([locale, words]) => [
    locale,
    { yes: new Set<string>(words.yes), no: new Set<string>(words.no) },
  ]),
) as Record<Locale, { yes: Set<string>; no: Set<string> }>;

/**
 * Gate 4's detection: the WHOLE message, after normalizing case, accents, white space and
 * surrounding punctuation, must be one allowlisted word. "Sim!" and " SÍM. " confirm;
 * "sim, mas muda o valor" and "acho que sim" do not (they re-ask).
 */
export function readConfirmation(text: string, locale: Locale): ConfirmationAnswer {
  const normalized = normalizeForMatch(text);
  const set = SETS[locale];
  if (set.yes.has(normalized)) return 'yes';
  if (set.no.has(normalized)) return 'no';
  return 'other';
}
