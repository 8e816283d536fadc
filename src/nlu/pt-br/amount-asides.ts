import { foldAccents } from '../../core/text';

/**
 * Of several amounts in one message, the ones said as something other than what is charged:
 * what it used to be ("era 500", "antes era 250", "o último foi de 380"), a discount ("dei 50
 * de desconto"), a part of the total ("4 unidades de 120"), what a percentage is taken of
 * ("10% sobre os 8 mil"), and, when one amount is said to be what it came to ("deu R$ 900 no
 * total", "com o desconto fica 1.700"), every other one — unless an instalment is said. Only
 * ever narrows several amounts to fewer: alone, an amount stays whatever is said around it.
 * Whatever is still several is asked.
 */
export interface Spoken {
  /** Text before the amount (its clause and a little more), as written. */
  before: string;
  /** Text after the amount, as written. */
  after: string;
}

const PREVIOUS_BEFORE =
  /(?:^|\W)(?:era|eram|antes era|antes eram|foi de|foram de|cobrava|cobrei|tava|estava|valor cheio(?: de| era)?)\s*(?:de\s+|em\s+)?(?:r\$\s*)?$/;
const DISCOUNT_AFTER = /^\s*(?:reais\s+|conto\s+)?(?:de|d)\s+desconto\b/;
const DISCOUNT_BEFORE = /(?:^|\W)desconto\s+(?:de\s+)?(?:r\$\s*)?$/;
const FINAL_BEFORE =
  /(?:^|\W)(?:fica|ficou|ficaria|deu|total(?: de| deu| fica| ficou)?|no total|com (?:o )?desconto(?: fica| ficou)?|vai ser de|agora (?:e|é|vai ser)(?: de)?|passa a ser|subiu pra|subiu para|baixou pra|baixou para)\s*(?:em\s+|de\s+)?(?:r\$\s*)?$/;
const INSTALMENT_BEFORE = /(?:parcelas?|prestacoes|prestacao|vezes|\dx)\s+de\s*(?:r\$\s*)?$/;
const FINAL_AFTER = /^\s*(?:reais\s+)?(?:no total|de total|em tudo|ao todo)\b/;

/** A part of the total: "4 unidades de 120", "2 diárias de 280", "3 peças a 50". */
// Not a day ("dia 15 de …") nor an amount's own words ("2 mil reais de …").
const PART_BEFORE =
  /(?:^|\W)\d+\s+(?!(?:dia|de|mil|reais|real|contos?|pila|k)\b)[a-z]+(?:\s+[a-z]+)?\s+(?:de|a)\s*(?:r\$\s*)?$/;
const PART_AFTER = /^\s*(?:reais\s+)?(?:cada|c\/u|por unidade|a unidade|cada um|cada uma)\b/;
/** What a percentage is taken of: "10% sobre os 8 mil da venda". */
const BASE_BEFORE = /\d\s*(?:%|por cento)\s+(?:sobre|de|do|da)\s+(?:os\s+|o\s+|a\s+)?(?:r\$\s*)?$/;

const fold = (text: string) => foldAccents(text).toLowerCase();

export function withoutAsides<T>(amounts: readonly T[], spoken: (amount: T) => Spoken): T[] {
  if (amounts.length < 2) return [...amounts];
  const read = amounts.map((amount) => {
    const { before, after } = spoken(amount);
    return { amount, before: fold(before), after: fold(after) };
  });
  // "ficou em 2.400, em quatro parcelas de 600": which one a boleto charges is the person's to
  // say; both stay, and are asked.
  if (read.some((r) => INSTALMENT_BEFORE.test(r.before))) return [...amounts];
  const finals = read.filter((r) => FINAL_BEFORE.test(r.before) || FINAL_AFTER.test(r.after));
  if (finals.length === 1) return [finals[0]!.amount];
  const kept = read.filter(
    (r) =>
      !DISCOUNT_AFTER.test(r.after) &&
      !DISCOUNT_BEFORE.test(r.before) &&
      // What it used to be ("1.250 (era 1.100 …)"), a part of the total, a percentage's base.
      !PREVIOUS_BEFORE.test(r.before) &&
      !PART_BEFORE.test(r.before) &&
      !PART_AFTER.test(r.after) &&
      !BASE_BEFORE.test(r.before),
  );
  return kept.length > 0 ? kept.map((r) => r.amount) : [...amounts];
}
