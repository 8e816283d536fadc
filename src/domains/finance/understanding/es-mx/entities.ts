import { debtAmountRole, purchaseAmountRole, totalAmongst, withoutAsides } from './amount-roles';
import type { Analysis } from './analysis';
import {
  type CategoryChoice,
  categoryTypeOf,
  chooseCategory,
  distinctCategories,
  findCategoryType,
} from './categories';
import { withoutCorrected } from '../../../../nlu/amount-guards';
import type { EpochDay } from '../../../../nlu/civil-date';
import type { DateMention, Direction } from '../../../../nlu/es-mx/date-mentions';
import { resolveDay, resolveMonth } from '../../../../nlu/es-mx/date-resolution';
import { findDebtName } from './debt-name';
import { describe } from './description';
import { EntityCollector } from '../../../../nlu/es-mx/entity-collector';
import type { Intent } from './intents';
import type { MoneyMention } from '../../../../nlu/es-mx/money';
import { focusOn, type Focus } from './request-focus';

/** "categoría otros": income filed under a category by the user. */
const FILED_UNDER = /\bcategoria\s+(?:de\s+)?$/;
/** "corte el 3", "fecha de corte: 3": the statement's cut-off day, not the day payment is due. */
/** The statement's cut-off day, not its due day: "corte: 3", "corta el 3 y la fecha límite es el 23". */
const CUTOFF = /\b(?:corte|corta|cortan)\s*:?\s*(?:es\s+)?(?:el\s+)?(?:dia\s+)?$/;
/** The day something was paid, in its clause: "ya liquidé la tarjeta Nu el 5" is no due day. */
/** …or before its verb: "el 10 aboné 2 mil a la tarjeta que vence el 18". */
const PAID_AFTER = /^\s*(?:le |ya )?(?:abone|pague|liquide|deposite|di)\b/;
const WHEN_PAID = /\b(?:liquide|pague|termine de pagar|acabe de pagar|abone|cubri)\b[^,.;:]*$/;
const DEBT_UPDATE = /\b(?:actualiza|cambia|corrige|ya (?:la|lo) tengo|bajo|baja|subio|sube|ahora)\b/;
/**
 * A debt paid off ("ya liquidé la tarjeta Nu", "ya no le debo nada a mi hermano"): its balance is
 * zero, an update of a debt that exists. Only the unambiguous phrasings: "ya pagué la tarjeta"
 * may be this month's payment, so it is left to the person to say the balance.
 */
const PAID_OFF =
  /\b(?:liquide|liquidada|liquidado|saldada|saldado|termine de pagar(?:le|les)?|acabe de pagar(?:le|les)?|ya no (?:le |les )?debo nada|quedo en ceros|en ceros)\b|\bya no (?:le |les )?debo\b(?!\s*(?:¤|mas de|mas que))|\bya (?:le |les )?pague\b[^.;!?]*\b(?:que|q) (?:le |les )?(?:debia|debiamos)\b/;
/** What is still owed, said after a payment: "ahora debo 7,320", "me quedan 2 mil". */
const STILL_OWED_BEFORE = /\b(?:debo|debemos|queda|quedan|falta|faltan|va en|trae)\b[^¤]*$/;
/** "ya no el 28", "ya no es el 28": a day said only to take it back. */
const TAKEN_BACK = /\b(?:ya no|no)\s+(?:es\s+|sera\s+|vence\s+)?(?:el\s+)?(?:dia\s+)?$/;
/**
 * "le di 1,000 a mi hermana", "ayer le pagué 800", "bajó a 6,700 después de pagar 3 mil": money
 * handed over, not what is still owed.
 */
const PAYMENT_BEFORE =
  /\b(?:le di|le dimos|le pague|pague|abone|le abone|abonamos|le abonamos|hice un pago de|hicimos un pago de|le regrese|(?:despues de|luego de|tras) (?:pagar|abonar)(?:le)?)\b(?:(?!\b(?:debo|debemos|quedan|queda|falta|faltan|ahora)\b)[^¤,;.])*$/;
/** "abono de 1,500", "un pago de 3 mil": one payment, made or a monthly one by the words after. */
const ONE_PAYMENT_BEFORE = /\b(?:abono|un pago|el pago)\s+(?:de\s+)?$/;
const RECURRING_AFTER =
  /^\s*(?:pesos\s+)?(?:al mes|mensual(?:es)?|cada|por mes|a la quincena|por quincena|quincenal(?:es)?)\b/;
/**
 * "quedé en ceros en el banco", "me quedan cero pesos", "es cero pelado": a bank balance of zero
 * said without a digit.
 */
const ZERO_BALANCE =
  /\b(?:en ceros?|sin un (?:peso|centavo)|vacia|sin nada|cero (?:pesos|varos|pelado|pelados|lana))\b/;

/**
 * The entities each intent carries, read only from the user's words (nothing is defaulted). In
 * a message of several sentences, the request's sentence is read first (see request-focus.ts):
 * a value it does not hold may come from the story around it, except the optional ones a story
 * must not set (the category of a query or a budget).
 */
export function extractEntities(
  intent: Intent,
  analysis: Analysis,
  today: EpochDay,
  income: boolean,
): EntityCollector {
  const collector = new EntityCollector();
  const focus = focusOn(intent, analysis.folded);
  switch (intent) {
    case 'LOG_TRANSACTION':
      collectPurchase(collector, analysis, focus, today, 'past', income);
      collector.entities.transaction_type = income ? 'income' : 'expense';
      break;
    case 'SIMULATE_PURCHASE':
      collectPurchase(collector, analysis, focus, today, 'future', false);
      break;
    case 'QUERY_DATA': {
      const dates = askedPeriod(focus.prefer(analysis.dates));
      collector.offer('date_iso', days(dates, today, 'past'));
      collector.offer('month', months(dates, today, 'past'));
      collectCategory(collector, chooseCategory(focus.only(analysis.categories)), analysis);
      break;
    }
    case 'SET_BUDGET':
      collector.offer(
        'amount_mxn_cents',
        centsOf(focus.prefer(withoutAsides(analysis, analysis.money, { spentIsAside: true }))),
      );
      // A budget is one monthly cap (set_budget takes no month): "del mes", "al mes" or a
      // story's "el mes pasado se me fueron…" set nothing.
      collectCategory(collector, chooseCategory(focus.only(analysis.categories)), analysis);
      break;
    case 'MANAGE_DEBT':
      collectDebt(collector, analysis, focus);
      break;
    case 'SET_BANK_BALANCE':
      collector.offer(
        'balance_mxn_cents',
        analysis.money.length === 0 && ZERO_BALANCE.test(analysis.folded)
          ? [0]
          : centsOf(focus.prefer(withoutAsides(analysis, analysis.money))),
      );
      break;
  }
  return collector;
}

/**
 * A spending, an income or a planned purchase. Income takes a category only when the user files
 * it under one ("categoría otros"): in "vendí ropa usada" or "me pagaron por la renta del
 * cuarto" the category words name what was sold, not where money went.
 */
function collectPurchase(
  collector: EntityCollector,
  analysis: Analysis,
  focus: Focus,
  today: EpochDay,
  direction: Direction,
  income: boolean,
): void {
  const prices = withoutAsides(
    analysis,
    analysis.money.filter((mention) => purchaseAmountRole(analysis, mention) === 'amount'),
    { unitPriceIsNoTotal: true },
  );
  const balances = withoutAsides(
    analysis,
    analysis.money.filter((mention) => purchaseAmountRole(analysis, mention) === 'balance'),
  );
  collector.offer('amount_mxn_cents', centsOf(totalAmongst(analysis, focus.prefer(prices))));
  // A balance said beside a purchase is used to simulate it; a logged spend or income records
  // no balance ("…traía mil y ya nomás me quedan 350, anótalo" records the 650).
  if (direction === 'future') collector.offer('balance_mxn_cents', centsOf(focus.prefer(balances)));
  collector.offer('date_iso', days(focus.prefer(withoutCorrectedDays(analysis)), today, direction));
  const said = focus.prefer(analysis.categories);
  const mentions = income
    ? said.filter((mention) => FILED_UNDER.test(analysis.folded.slice(0, mention.start)))
    : said;
  // Two amounts and two category words are two purchases in one message: no single category
  // or description describes them.
  const severalPurchases = collector.inConflict('amount_mxn_cents') && mentions.length > 1;
  const categories = distinctCategories(mentions);
  const choice: CategoryChoice =
    severalPurchases && categories.length > 1 ? { kind: 'conflict', categories } : chooseCategory(mentions);
  collectCategory(collector, choice, analysis);
  if (choice.kind === 'conflict' || severalPurchases) return;
  const categoryWord = choice.kind === 'one' ? choice.mention : undefined;
  collector.offer('description', [describe(analysis, categoryWord, income)]);
}

function collectCategory(collector: EntityCollector, choice: CategoryChoice, analysis: Analysis): void {
  if (choice.kind === 'one') {
    collector.offer('category', [choice.category]);
    collector.offer('category_type', [categoryTypeOf(choice.category)]);
  } else if (choice.kind === 'conflict') {
    collector.offer('category', choice.categories);
  } else {
    collector.offer('category_type', [findCategoryType(analysis.folded)]);
  }
}

function collectDebt(collector: EntityCollector, analysis: Analysis, focus: Focus): void {
  const owedAfter = (mention: MoneyMention) =>
    analysis.money.some(
      (later) => later.start > mention.end && STILL_OWED_BEFORE.test(analysis.shape.slice(0, later.start)),
    );
  // "abono de 1,500 a la tarjeta, ahora debo 7,800": a payment made, then what is still owed;
  // "abono de 500 al mes" stays the monthly payment.
  const payments = analysis.money.filter(
    (mention) =>
      PAYMENT_BEFORE.test(analysis.shape.slice(0, mention.start)) ||
      (ONE_PAYMENT_BEFORE.test(analysis.shape.slice(0, mention.start)) &&
        !RECURRING_AFTER.test(analysis.shape.slice(mention.end)) &&
        owedAfter(mention)),
  );
  const minimums = analysis.money.filter(
    (mention) => debtAmountRole(analysis, mention) === 'minimum' && !payments.includes(mention),
  );
  const balances = focus.prefer(
    withoutAsides(
      analysis,
      analysis.money.filter((mention) => !minimums.includes(mention) && !payments.includes(mention)),
    ),
  );
  collector.offer('debt_name', [findDebtName(analysis)]);
  // Paid off, the amounts told are what was owed or the last payment ("terminé de pagarle a
  // mi suegra los 6 mil que le debía", "hice el último pago de 3,180 y ya quedó en ceros"),
  // unless one is said to be still owed.
  const stillOwed = balances.filter((mention) =>
    STILL_OWED_BEFORE.test(analysis.shape.slice(0, mention.start)),
  );
  const paidOff = PAID_OFF.test(analysis.shape) && (balances.length === 0 || stillOwed.length === 0);
  collector.offer('balance_mxn_cents', paidOff ? [0] : centsOf(balances));
  collector.offer(
    'minimum_payment_mxn_cents',
    paidOff && !/\bminimo\b/.test(analysis.shape)
      ? []
      : centsOf(focus.prefer(withoutAsides(analysis, minimums))),
  );
  collector.offer('due_day', dueDays(analysis, focus));
  collector.entities.debt_action = paidOff || DEBT_UPDATE.test(analysis.folded) ? 'update' : 'add';
}

function centsOf(mentions: readonly MoneyMention[]): number[] {
  return mentions.map((mention) => mention.cents);
}

/** Right before a day that takes back the one said before it: "ayer, no espera, fue antier". */
const DAY_CORRECTION_BEFORE =
  /(?:^|\W)(?:no|espera|esperame|perdon|digo|mejor dicho|quise decir|me equivoque|corrijo)\W+(?:(?:no|espera|perdon|fue|era|es|el|la)\W+)*$/;

/**
 * The days a message states, a corrected one left out: "ayer pagué 250 de uber, no espera, fue
 * antier" is antier; "el 7 de enero, no, el 6" the 6th. Without the correction both stay (and
 * are asked).
 */
function withoutCorrectedDays(analysis: Analysis): readonly DateMention[] {
  return withoutCorrected(
    analysis.dates,
    (date, next) => analysis.folded.slice(Math.max(date.end, next.start - 25), next.start),
    DAY_CORRECTION_BEFORE,
  );
}

export function days(
  dates: readonly DateMention[],
  today: EpochDay,
  direction: Direction,
): Array<string | undefined> {
  return dates.map((mention) => resolveDay(mention, today, direction));
}

const MONTH_KINDS: ReadonlySet<DateMention['kind']> = new Set(['month', 'relative-month']);

/**
 * A query asks about a month or a day, not both: when a message holds both ("ayer mi hermano me
 * dijo que gasto mucho en cafecitos… ¿cuánto llevo en cafeterías este mes?"), the period named
 * last, nearest the question, is the one asked; the other belongs to the story.
 */
function askedPeriod(dates: readonly DateMention[]): readonly DateMention[] {
  const periods = dates.filter((mention) => mention.kind !== 'time');
  const last = periods.reduce<DateMention | undefined>(
    (a, b) => (a === undefined || b.start > a.start ? b : a),
    undefined,
  );
  if (last === undefined) return dates;
  const monthAsked = MONTH_KINDS.has(last.kind);
  return dates.filter((mention) => mention.kind === 'time' || MONTH_KINDS.has(mention.kind) === monthAsked);
}

export function months(
  dates: readonly DateMention[],
  today: EpochDay,
  direction: Direction,
): Array<string | undefined> {
  return dates.map((mention) => resolveMonth(mention, today, direction));
}

/**
 * "pago el 15", "vence el 5", "fecha de pago día 10": in a debt, a day of the month is its due
 * day, unless it is the cut-off day.
 */
export function dueDays(analysis: Analysis, focus?: Focus): number[] {
  const dates = focus ? focus.prefer(analysis.dates) : analysis.dates;
  const days = dates.filter(
    (mention) =>
      mention.kind === 'day-of-month' &&
      !CUTOFF.test(analysis.folded.slice(0, mention.start)) &&
      !WHEN_PAID.test(analysis.folded.slice(0, mention.start)) &&
      !PAID_AFTER.test(analysis.folded.slice(mention.end)),
  );
  // "ahora vence el 3, ya no el 28": the day taken back is not a second due day.
  const kept = days.filter((mention) => !TAKEN_BACK.test(analysis.folded.slice(0, mention.start)));
  return (kept.length > 0 ? kept : days).flatMap((mention) =>
    mention.kind === 'day-of-month' ? [mention.day] : [],
  );
}
