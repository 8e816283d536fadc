/**
 * Titles said before a person's name, folded (lower case, no accents, no period). Courtesy
 * titles are not part of the name ("dona Cida" is Cida); professional ones are written as part
 * of it ("Dra. Camila Rezende"). Contact lookups try a name with and without either.
 */
export const COURTESY_TITLES: readonly string[] = [
  'dona',
  'seu',
  'senhor',
  'senhora',
  'sr',
  'sra',
  'srta',
  'dom',
  'don',
];
export const PROFESSIONAL_TITLES: readonly string[] = [
  'dr',
  'dra',
  'doutor',
  'doutora',
  'prof',
  'profa',
  'professor',
  'professora',
];
export const ALL_TITLES: readonly string[] = [...COURTESY_TITLES, ...PROFESSIONAL_TITLES];
