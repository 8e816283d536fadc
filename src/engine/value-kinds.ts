/**
 * What kind of value an entity field holds, which decides how a model's value for it is checked
 * against the person's words (docs/specification.md#gates, hallucination matrix; see `grounding.ts`).
 *
 * | kind   | examples                                   | a model value is kept when...                    |
 * |--------|--------------------------------------------|--------------------------------------------------|
 * | amount | amount_cents, amount_mxn_cents             | the offline reader found that same amount        |
 * | date   | due_date, date_iso, month                  | the offline reader found that same date          |
 * | name   | contact_name, debt_name                    | each of its words is a word of the message       |
 * | id     | boleto_id                                  | its digits are a number written in the message   |
 * | number | due_day                                    | the number is written in the message             |
 * | text   | message_content, description               | it is a passage of the message                   |
 * | label  | status, category (closed lists: an `enum`) | a witness read the same label; on a clash the    |
 * |        |                                            | offline reader's label wins; unread: dropped      |
 * | direction | transaction_type (income vs expense)    | the offline reader read the same direction; else |
 * |        |                                            | the whole reading is doubted and Gate 2 asks      |
 */
export type ValueKind = 'amount' | 'date' | 'name' | 'id' | 'number' | 'text' | 'label' | 'direction';

/** Fields of the shipped packs, named explicitly so a renamed field fails a test, not silently. */
const KNOWN: Readonly<Record<string, ValueKind>> = {
  amount_cents: 'amount',
  amount_mxn_cents: 'amount',
  balance_mxn_cents: 'amount',
  minimum_payment_mxn_cents: 'amount',
  due_date: 'date',
  // A list's stretch of due dates (domains/boletos/understanding/pt-br/list-window.ts).
  due_from: 'date',
  due_until: 'date',
  date_iso: 'date',
  month: 'date',
  contact_name: 'name',
  debt_name: 'name',
  boleto_id: 'id',
  due_day: 'number',
  message_content: 'text',
  description: 'text',
  status: 'label',
  category: 'label',
  category_type: 'label',
  // The condominium's outside services, named from a closed list (domains/condominio/suppliers.ts).
  suppliers: 'label',
  transaction_type: 'direction',
};

/** The JSON Schema of one parameter, as far as the kind needs it. */
export interface ParameterSchema {
  type?: unknown;
  enum?: unknown;
}

/**
 * The kind of `field`: the table above, else by its name (`*_cents`, `*date*`, `*_name`, `*_id`),
 * else by its schema (`enum` -> label, number -> number), else `text`, the strictest check.
 */
export function valueKind(field: string, schema: ParameterSchema = {}): ValueKind {
  const known = KNOWN[field];
  if (known) return known;
  if (field.endsWith('_cents')) return 'amount';
  if (field.includes('date')) return 'date';
  if (field.endsWith('_name')) return 'name';
  if (field.endsWith('_id')) return 'id';
  if (Array.isArray(schema.enum)) return 'label';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  return 'text';
}
