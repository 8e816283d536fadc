import type { Analysis } from './analysis';
import type { MoneyMention } from '../../../../nlu/es-mx/money';

/**
 * What an amount is in a message that can hold several: a debt's balance and its minimum payment
 * ("Banamex de 12 mil, mínimo 800"), or the bank balance given as the premise of a purchase
 * ("tengo 5 mil en el banco, ¿me alcanza para unos tenis de 1,800?").
 */
export type AmountRole = 'amount' | 'balance' | 'minimum';

export const ROLE_FIELDS: Record<AmountRole, string> = {
  amount: 'amount_mxn_cents',
  balance: 'balance_mxn_cents',
  minimum: 'minimum_payment_mxn_cents',
};

const MINIMUM_BEFORE =
  /\b(?:minimo|mensualidad(?:es)?|abonos?|pago mensual)\b[^¤]*$|\bpago\s*(?:es\s+)?(?:de\s+)?$/;
const MINIMUM_AFTER = /^\s*(?:de\s+)?(?:minimo|al mes|mensuales?|cada mes|por mes|cada quincena)\b/;
const BALANCE_BEFORE = /\b(?:saldo|tengo|quedan|banco|debo|deuda|adeudo)\b[^¤]*$/;
const BALANCE_AFTER = /^\s*en\s+(?:el banco|(?:mi|la) cuenta)\b/;
const CORRECTION = /^\s*(?:perdon|no|digo|mejor dicho|bueno no|corrijo|me equivoque|no no)\s*$/;
const CLAUSE_END = /[,;:.?¿!¡¤]/;

/** The role the words around an amount state, if they state one. */
export function statedRole(analysis: Analysis, mention: MoneyMention): AmountRole | undefined {
  // Only the amount's own clause counts: up to the nearest punctuation or other amount.
  const clauses = analysis.shape.slice(0, mention.start).split(CLAUSE_END);
  let before = clauses.pop() ?? '';
  // "el mínimo es 1,530, perdón 1,350": the money reader kept only the corrected amount; it
  // takes the role the words gave the amount it corrects.
  if (CORRECTION.test(before)) before = clauses.pop() ?? before;
  const after = analysis.shape.slice(mention.end).split(CLAUSE_END)[0] ?? '';
  if (MINIMUM_BEFORE.test(before) || MINIMUM_AFTER.test(after)) return 'minimum';
  if (BALANCE_BEFORE.test(before) || BALANCE_AFTER.test(after)) return 'balance';
  return undefined;
}

/** In a debt, an amount is its balance unless said to be the minimum or monthly payment. */
export function debtAmountRole(analysis: Analysis, mention: MoneyMention): AmountRole {
  return statedRole(analysis, mention) === 'minimum' ? 'minimum' : 'balance';
}

/** In a purchase, an amount is its price unless said to be what the user has. */
export function purchaseAmountRole(analysis: Analysis, mention: MoneyMention): AmountRole {
  return statedRole(analysis, mention) === 'balance' ? 'balance' : 'amount';
}

const TOTAL_AFTER = /^\s*(?:pesos\s+)?(?:en total|de total|total|en todo|por todo)\b/;
const TOTAL_BEFORE = /\b(?:en total|total(?: de| fue| fueron| es)?|fueron en total)\s*:?\s*$/;

/**
 * "2 paquetes a 350 c/u, 700 en total": of several prices, the one said to be the total is what
 * was spent; the others are its parts. Without exactly one total the prices stay as they are
 * (and conflict, so the person is asked).
 */
export function totalAmongst(analysis: Analysis, amounts: readonly MoneyMention[]): readonly MoneyMention[] {
  if (amounts.length < 2) return amounts;
  const totals = amounts.filter(
    (mention) =>
      TOTAL_AFTER.test(analysis.shape.slice(mention.end)) ||
      TOTAL_BEFORE.test(analysis.shape.slice(0, mention.start)),
  );
  return totals.length === 1 ? totals : amounts;
}
