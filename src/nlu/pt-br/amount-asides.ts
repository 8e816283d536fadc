import { foldAccents } from '../../core/text';

/**
 * Of several amounts in one message, the ones said as something other than what is charged:
 * what it used to be ("era 500", "antes era 250", "o último foi de 380"), a discount ("dei 50
 * de desconto"), and, when one amount is said to be what it came to ("deu R$ 900 no total",
 * "com o desconto fica 1.700"), every other one — unless an instalment is said. Only ever narrows several amounts to fewer:
 * alone, an amount stays whatever is said around it. Whatever is still several is asked.
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
    (r, i) =>
      !DISCOUNT_AFTER.test(r.after) &&
      !DISCOUNT_BEFORE.test(r.before) &&
      // What it used to be, when something is said after it.
      !(PREVIOUS_BEFORE.test(r.before) && i < read.length - 1),
  );
  return kept.length > 0 ? kept.map((r) => r.amount) : [...amounts];
}
