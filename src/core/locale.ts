/** The locales Iris speaks. Each tenant has exactly one; every reply is rendered in it. */
export const LOCALES = ['pt-BR', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
