import { fillTemplate } from '../../core/format';
import type { Locale } from '../../core/locale';
import { esMX } from './es-MX';
import { ptBR, type PipelineMessageKey } from './pt-BR';

export type { PipelineMessageKey };

const CATALOGS: Record<Locale, Record<PipelineMessageKey, string>> = { 'pt-BR': ptBR, 'es-MX': esMX };

/** A pipeline sentence in the tenant's locale, with its `{placeholders}` filled. */
export function say(
  locale: Locale,
  key: PipelineMessageKey,
  params?: Record<string, string | number>,
): string {
  return fillTemplate(CATALOGS[locale][key], params);
}
