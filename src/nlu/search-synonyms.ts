/**
 * A locale's search vocabulary: each entry is the documents' wording, then the other ways people
 * say it (folded: lower case, no accents). See `search-expansion.ts`.
 */
export type SearchSynonyms = ReadonlyArray<readonly [wording: string, variants: readonly string[]]>;
