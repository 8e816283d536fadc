import type { Locale } from '../core/locale';
import type { Understanding } from '../core/understanding';

/** Only the entities named in `names` (a pack's documented ones), in that order. */
export function pickEntities(
  names: readonly string[],
  entities: Understanding['entities'],
): Understanding['entities'] {
  const out: Understanding['entities'] = {};
  for (const name of names) {
    const value = entities[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The time zone a locale's tenants use unless configured otherwise. */
export const DEFAULT_TIME_ZONE: Record<Locale, string> = {
  'pt-BR': 'America/Sao_Paulo',
  'es-MX': 'America/Mexico_City',
};
