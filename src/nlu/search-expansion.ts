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
 * Texting shortcuts spelt out before the vocabulary is matched ("hasta q dia" is "hasta que
 * dia", "qnto tempo" is "quanto tempo"): general chat spelling, not one document's words.
 */
const SHORTCUTS: Record<Locale, Readonly<Record<string, string>>> = {
  'pt-BR': {
    q: 'que',
    oq: 'o que',
    vc: 'voce',
    vcs: 'voces',
    pq: 'porque',
    tb: 'tambem',
    tbm: 'tambem',
    p: 'para',
    pra: 'para',
    pro: 'para o',
    msg: 'mensagem',
    hj: 'hoje',
    td: 'tudo',
    qto: 'quanto',
    qnto: 'quanto',
    qntos: 'quantos',
    qnts: 'quantos',
    qntas: 'quantas',
    qndo: 'quando',
    agr: 'agora',
    qdo: 'quando',
    qnd: 'quando',
    cmg: 'comigo',
    ngm: 'ninguem',
    dps: 'depois',
  },
  'es-MX': {
    q: 'que',
    k: 'que',
    pa: 'para',
    x: 'por',
    xq: 'porque',
    pq: 'porque',
    tb: 'tambien',
    tmb: 'tambien',
    d: 'de',
    ps: 'pues',
    porfa: 'por favor',
    xfa: 'por favor',
    msj: 'mensaje',
    cel: 'celular',
    dnd: 'donde',
    tons: 'entonces',
    aki: 'aqui',
  },
};

/** `folded` (lower case, no accents) with the locale's texting shortcuts spelt out. */
export function spellOutShortcuts(locale: Locale, folded: string): string {
  const table = SHORTCUTS[locale];
  return folded.replace(/[\p{L}\p{N}]+/gu, (word) => table[word] ?? word);
}

/**
 * A question for keyword search, with the documents' wording added for every everyday variant
 * it holds: "quem é o favorecido?" is searched as "quem é o favorecido? beneficiario". The
 * question's own words stay, so a document that uses them is still found; texting shortcuts
 * are spelt out first, and the words they stand for are searched too.
 */
export function expandForSearch(locale: Locale, question: string): string {
  const raw = foldAccents(question.toLowerCase());
  const folded = spellOutShortcuts(locale, raw);
  const rawWords = new Set(raw.match(/[\p{L}\p{N}]+/gu) ?? []);
  const spelt = [...new Set(folded.match(/[\p{L}\p{N}]+/gu) ?? [])].filter((word) => !rawWords.has(word));
  const added = [
    ...spelt,
    ...PATTERNS[locale].filter(({ pattern }) => pattern.test(folded)).map(({ wording }) => wording),
  ];
  return added.length === 0 ? question : `${question} ${added.join(' ')}`;
}

/** The vocabulary of a locale, for tests. */
export function searchSynonymsOf(locale: Locale): SearchSynonyms {
  return SYNONYMS[locale];
}
