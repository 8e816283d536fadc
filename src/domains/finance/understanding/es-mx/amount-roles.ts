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
  /\b(?:minimo|min|mensualidad(?:es)?|abonos?|pago mensual)\b[^¤]*$|\bpago\s*(?:es\s+)?(?:de\s+)?$/;
// "saldo 23,450 mínimo 1,100": a word that names the next amount is not this one's.
const MINIMUM_AFTER =
  /^\s*(?:de\s+)?(?:minimo|min|al mes|mensuales?|cada mes|por mes|cada quincena)\b(?!\s*(?:de\s+|es\s+|:\s*)?¤)/;
// Up to the amount, unless the purchase is named in between ("tengo 9 mil en el banco me
// alcanza pa un cel de 6500": the 6500 is the price).
// "tengo que pagar…" is a bill to pay, not money the user has.
// "quedan" is what is left ("me quedan 2 mil"), not what a price came to ("con el descuento
// quedan en 2,560").
const BALANCE_BEFORE =
  /\b(?:saldo|tengo(?!\s+(?:que|q)\b)|quedan(?!\s+en\b)|banco|debo|deuda|adeudo)\b(?:(?!\b(?:alcanza|alcanzo|alcance|da para|compr\w*|cuesta|cuestan|sale|salen)\b)[^¤])*$/;
const BALANCE_AFTER = /^\s*en\s+(?:el banco|(?:mi|la) cuenta)\b/;
const CLAUSE_END = /[,;:.?¿!¡¤]/;
const TAKEN_BACK_CLAUSE =
  /^\s*(?:(?:perdon|no|digo|mejor dicho|bueno no|corrijo|me equivoque|no no)\s*|[\d\s]*)$/;

/** A clause that only gives a new value: "ahora es", "ahora son de", "y ya quedó en". */
const REPLACEMENT_CLAUSE =
  /^\s*(?:y\s+)?(?:ahora|ya|pero ahora)\s+(?:es|son|esta en|quedo en|queda en)?\s*(?:de\s+)?$/;

/** The role the words around an amount state, if they state one. */
export function statedRole(analysis: Analysis, mention: MoneyMention): AmountRole | undefined {
  // Only the amount's own clause counts: up to the nearest punctuation or other amount.
  const clauses = analysis.shape.slice(0, mention.start).split(CLAUSE_END);
  let before = clauses.pop() ?? '';
  // "el mínimo es 1,530, perdón 1,350": the money reader kept only the corrected amount; it
  // takes the role the words gave the amount it corrects.
  // "el mínimo es 1,500, no, perdón, 1,150": the correction may take several clauses, and the
  // amount taken back is still in digits here (its thousands comma splits a clause).
  for (let i = 0; i < 5 && TAKEN_BACK_CLAUSE.test(before) && clauses.length > 0; i++)
    before = clauses.pop() ?? before;
  // "el pago mínimo ya no es 900, ahora es 1,150": the new value takes the role the words gave
  // the value it replaces (read up to that one).
  if (REPLACEMENT_CLAUSE.test(before) && clauses.length > 0)
    before = (clauses.pop() ?? '').replace(/¤[^¤]*$/, '');
  const rest = analysis.shape.slice(mention.end);
  const after = rest.split(CLAUSE_END)[0] ?? '';
  // The words after, read with the amounts still in place: "mínimo" before another amount names it.
  if (MINIMUM_BEFORE.test(before) || MINIMUM_AFTER.test(rest)) return 'minimum';
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

const RESTATED_BEFORE = /\bo sea\s*(?:como\s+|unos\s+)?$/;
const TOTAL_AFTER = /^\s*(?:pesos\s+)?(?:en total|de total|total|en todo|por todo)\b/;
// "eran 8,500 pero … quedó en 7,900": what it came to in the end.
const TOTAL_BEFORE =
  /\b(?:en total|total(?: de| fue| fueron| es)?|fueron en total|quedo en|quedaron en|queda en|quedan en|(?:la|lo|las|los) dejan en|al final (?:fue|fueron|quedo en))\s*:?\s*$/;
/** The user's own share of a shared bill, which wins over its total: "son 2,200 y a mí me tocan 1,100". */
const SHARE_BEFORE =
  /\b(?:me toca|me tocan|me toco|me tocaron|mi parte(?: es| son| fue| fueron| de)?|yo (?:nomas |solo |nada mas )?pague)\s*:?\s*$/;

/**
 * "2 paquetes a 350 c/u, 700 en total": of several prices, the one said to be the total is what
 * was spent; the others are its parts. The user's share of a shared bill comes first ("son
 * 2,200 en total y a mí me tocan 1,100" is 1,100). Without exactly one total the prices stay as they are
 * (and conflict, so the person is asked).
 */
export function totalAmongst(analysis: Analysis, amounts: readonly MoneyMention[]): readonly MoneyMention[] {
  if (amounts.length < 2) return amounts;
  // "me tocaron 400 más 60 de propina, o sea 460": what it comes to, said last, wins.
  const restated = amounts.filter((mention) => RESTATED_BEFORE.test(analysis.shape.slice(0, mention.start)));
  if (restated.length === 1) return restated;
  const shares = amounts.filter((mention) => SHARE_BEFORE.test(analysis.shape.slice(0, mention.start)));
  if (shares.length === 1) return shares;
  const totals = amounts.filter(
    (mention) =>
      TOTAL_AFTER.test(analysis.shape.slice(mention.end)) ||
      TOTAL_BEFORE.test(analysis.shape.slice(0, mention.start)),
  );
  return totals.length === 1 ? totals : amounts;
}

/** Another currency: "1,200 dlls que al cambio fueron 21,960 pesos". Iris counts pesos only. */
const FOREIGN_AFTER = /^\s*(?:dlls?|dls|dolares|dollars?|usd|euros?|eur)\b/;
/** Cash handed over, not spent: "pagué con un billete de 2 mil". */
const TENDERED_BEFORE =
  /\b(?:con un billete de|con uno de|con una de|pague con(?: un| uno de)?|le di un billete de|le di uno de)\s*$/;
/**
 * What something used to be: "antes me llegaba de 450", "bajaron de 2,300 a 1,899", "antes le
 * debía 10 mil…, ahora son 8 mil", "tenía 5 mil en el banco, ahora tengo 3,200", "lo tenía en
 * 2,200, súbelo a 2,650", "yo pedía 4 mil pero la dejé en 3,800"; and what the person earns,
 * told as context ("gano 18 mil al mes y de la tarjeta debo 21,600").
 */
const PREVIOUS_BEFORE =
  /\bantes\s+(?:me\s+|nos\s+|le\s+|les\s+)?(?:llegaba|llegaban|era|eran|costaba|salia|pagaba|cobraban|gastaba|debia|debiamos|tenia|teniamos|ganaba|llenaba con|estaba en)\s+(?:de\s+|en\s+|como\s+)?$|\b(?:estaban|estaba|costaban|costaba)\s+(?:en\s+|de\s+)?$|\b(?:bajaron|bajo|subieron|subio|rebajaron|rebajo|pasaron|paso)\s+de\s*$|(?:^\s*|\b(?:ya|yo|lo|la)\s+)(?:tenia|teniamos)\s+(?:en\s+|como\s+)?$|\b(?:yo\s+)?pedia\s+(?:como\s+)?$|\b(?:gano|ganamos|mi sueldo (?:es|son)(?: de)?|mi sueldo de)\s+(?:como\s+)?$/;
/** A day said where a due day goes, never money: "vence el 32", "fecha límite el 15". */
const DUE_DAY_BEFORE =
  /\b(?:vence|vencen|corta|cortan|se paga|se pagan|fecha limite|fecha de pago|fecha de corte|limite de pago)\s+(?:es\s+)?(?:el|los)\s+(?:dia\s+|dias\s+)?$/;
/**
 * Change handed back is never what was spent, even alone: "pagué con un billete de 200 y me
 * regresaron 45 de cambio" is asked (the 155 is the person's to say), never 45.
 */
const CHANGE_AFTER = /^\s*(?:pesos\s+)?de (?:cambio|vuelto|feria de regreso)\b/;
const CHANGE_BEFORE = /\b(?:me regresaron|me devolvieron el cambio,?|de cambio me dieron|le regrese)\s*$/;
/** A part of a total: "2 viajes de 175", "5 tanques de 500", "cada par sale en unos 800", "350 c/u". */
const UNIT_BEFORE =
  /(?:\b\d+\s+(?:\w+\s+){0,2}(?:de|a)|\bcada\s+\w+\s+(?:sale|cuesta|es)\s+(?:en\s+|de\s+)?(?:unos\s+|como\s+)?)\s*$/;
/** What was spent, in a budget: "tope de 5 mil, el mes pasado se me fueron como 6,500" caps 5 mil. */
const SPENT_BEFORE =
  /\b(?:se me fue|se me fueron|se nos fue|se nos fueron|gaste|me gaste|gastamos|llevo)\b[^¤]*$/;
const UNIT_AFTER = /^\s*(?:c\/u|cada uno|cada una|por persona|por cabeza)\b/;
/** A count of things, then the price of one: "4 pasteles a", "2 kilos de tortilla a". */
const EACH_BEFORE = /\b\d+\s+(?:\w+\s+){1,3}a\s*$/;

/**
 * The amounts a message states that are not the value asked for: another currency and a day
 * said where a due day goes (never read as pesos, even alone), and — when another amount remains — cash handed over, what something
 * used to cost, and the parts of a total. "gasté 350 en uber, fueron 2 viajes de 175" is 350;
 * "compré despensa por 1,230, pagué con un billete de 2 mil" is 1,230. In a budget
 * (`spentIsAside`), what was spent is not the cap.
 */
export function withoutAsides(
  analysis: Analysis,
  amounts: readonly MoneyMention[],
  options: { spentIsAside?: boolean; unitPriceIsNoTotal?: boolean } = {},
): readonly MoneyMention[] {
  const beforeOf = (mention: MoneyMention) =>
    analysis.shape.slice(0, mention.start).split(CLAUSE_END).pop() ?? '';
  const isChange = (mention: MoneyMention) =>
    CHANGE_AFTER.test(analysis.shape.slice(mention.end)) || CHANGE_BEFORE.test(beforeOf(mention));
  // With change handed back, the note handed over is not what was spent either.
  const changeSaid = amounts.some(isChange);
  const pesos = amounts.filter(
    (mention) =>
      !FOREIGN_AFTER.test(analysis.shape.slice(mention.end)) &&
      !DUE_DAY_BEFORE.test(beforeOf(mention)) &&
      !isChange(mention) &&
      !(changeSaid && TENDERED_BEFORE.test(beforeOf(mention))),
  );
  const isUnitPrice = (mention: MoneyMention): boolean =>
    UNIT_BEFORE.test(beforeOf(mention)) || UNIT_AFTER.test(analysis.shape.slice(mention.end));
  // Said as the price of each ("a 350 cada uno", "4 pasteles a 350"), not "un iPhone 15 de 18,999".
  const isPriceOfOne = (mention: MoneyMention): boolean =>
    EACH_BEFORE.test(beforeOf(mention)) || UNIT_AFTER.test(analysis.shape.slice(mention.end));
  const isAside = (mention: MoneyMention): boolean => {
    const before = beforeOf(mention);
    return (
      TENDERED_BEFORE.test(before) ||
      PREVIOUS_BEFORE.test(before) ||
      isUnitPrice(mention) ||
      (options.spentIsAside === true && SPENT_BEFORE.test(before))
    );
  };
  const kept = pesos.filter((mention) => !isAside(mention));
  if (kept.length > 0) return kept;
  // "vendí 4 pasteles a 350 cada uno", "3 boletos a 95 c/u": only the price of one is said. The
  // total is the person's to say (Iris asks), never a product it works out or the unit price.
  if (options.unitPriceIsNoTotal === true && pesos.length > 0 && pesos.every(isPriceOfOne)) return [];
  return pesos;
}
