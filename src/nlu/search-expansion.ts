import type { Locale } from '../core/locale';
import { foldAccents } from '../core/text';
import { ES_MX_SEARCH_SYNONYMS } from './es-mx/search-synonyms';
import { PT_BR_SEARCH_SYNONYMS } from './pt-br/search-synonyms';
import type { SearchSynonyms } from './search-synonyms';

const SYNONYMS: Record<Locale, SearchSynonyms> = {
  'pt-BR': PT_BR_SEARCH_SYNONYMS,
  'es-MX': ES_MX_SEARCH_SYNONYMS,
};

/** One pattern per entry, built once: any variant, on word boundaries. */
const PATTERNS: Record<Locale, Array<{ wording: string; pattern: RegExp }>> = {
  'pt-BR': compile(PT_BR_SEARCH_SYNONYMS),
  'es-MX': compile(ES_MX_SEARCH_SYNONYMS),
};

function compile(synonyms: SearchSynonyms): Array<{ wording: string; pattern: RegExp }> {
  return synonyms.map(([wording, variants]) => ({
    wording,
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${variants.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
      'u',
    ),
  }));
}

/**
 * A question for keyword search, with the documents' wording added for every everyday variant
 * it holds: "quem é o favorecido?" is searched as "quem é o favorecido? beneficiario". The
 * question's own words stay, so a document that uses them is still found.
 */
export function expandForSearch(locale: Locale, question: string): string {
  const folded = foldAccents(question.toLowerCase());
  const added = PATTERNS[locale].filter(({ pattern }) => pattern.test(folded)).map(({ wording }) => wording);
  return added.length === 0 ? question : `${question} ${added.join(' ')}`;
}

/** The vocabulary of a locale, for tests. */
export function searchSynonymsOf(locale: Locale): SearchSynonyms {
  return SYNONYMS[locale];
}
