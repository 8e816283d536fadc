import { DefectError } from '../../core/errors';
import { fillTemplate, formatDate } from '../../core/format';
import { condominioCatalog, type CondominioMessageKey } from './catalog';

/** The condominium pack's sentence by key. */
export function say(key: string, params?: Record<string, string | number>): string {
  const template = condominioCatalog[key as CondominioMessageKey];
  if (template === undefined) throw new DefectError(`condominio catalog has no sentence "${key}"`);
  return fillTemplate(template, params);
}

/** A booking's day as residents read it: "05/12/2026 (sábado)". */
export function dayText(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return say('day', { weekday: say(`weekday_${weekday}`), date: formatDate(iso, 'pt-BR') });
}
