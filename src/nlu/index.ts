import type { Locale } from '../core/locale';
import type { Understanding } from '../core/understanding';

/**
 * What understanding shares across packs: the documented entity names per locale (tools that
 * print or evaluate understanding, `npm run nlu` and `npm run nlu:eval`, keep to them) and the
 * default time zones. Each locale's readers may carry internal entities besides these (pt-BR
 * keeps `status` for list filters, es-MX `transaction_type` and `debt_action`).
 */
export const PUBLIC_ENTITIES: Record<Locale, readonly string[]> = {
  'pt-BR': ['contact_name', 'amount_cents', 'due_date', 'boleto_id', 'message_content'],
  'es-MX': [
    'amount_mxn_cents',
    'date_iso',
    'category',
    'category_type',
    'description',
    'month',
    'debt_name',
    'balance_mxn_cents',
    'minimum_payment_mxn_cents',
    'due_day',
  ],
};

/** Only the documented entities of `locale`, in their documented order. */
export function publicEntities(
  locale: Locale,
  entities: Understanding['entities'],
): Understanding['entities'] {
  const out: Understanding['entities'] = {};
  for (const name of PUBLIC_ENTITIES[locale]) {
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
