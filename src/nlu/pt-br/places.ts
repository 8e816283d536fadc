/** Words that name a street: a date or a number after one is part of an address. */
export const STREET_WORDS: ReadonlySet<string> = new Set([
  'rua',
  'avenida',
  'av',
  'travessa',
  'praca',
  'estrada',
  'alameda',
  'rodovia',
]);
