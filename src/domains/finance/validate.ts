import type { Entities, Scope, Validation } from '../types';
import { budgetCap, ownerOf } from './figures';
import {
  checkAmount,
  checkBalance,
  checkDate,
  checkMonth,
  firstFailure,
  isBlank,
  readCategory,
} from './rules';
import { validateDebt } from './validate-debt';

const MAX_DESCRIPTION = 120;

/**
 * Gate 3 for finance (docs/finance.md "validate"): required fields per intent, value rules, and the
 * defaults the seed allows (a date defaults to today in the tenant's zone; the default is
 * returned as `filled` so the prompt shows it and the confirmation writes that same day).
 * Required values missing come first, so the person is asked for what is missing before being
 * told a rule was broken.
 */
export async function validateFinance(intent: string, entities: Entities, scope: Scope): Promise<Validation> {
  switch (intent) {
    case 'LOG_TRANSACTION':
      return validateLog(entities, scope);
    case 'QUERY_DATA':
      return validateQuery(entities, scope);
    case 'SET_BUDGET':
      return validateBudget(entities);
    case 'MANAGE_DEBT':
      return validateDebt(entities, scope);
    case 'SIMULATE_PURCHASE':
      return validateSimulation(entities, scope);
    case 'SET_BANK_BALANCE':
      return validateBankBalance(entities);
    default:
      return { status: 'missing', missing: [] };
  }
}

function description(entities: Entities): { description?: string } {
  const text = isBlank(entities.description) ? '' : String(entities.description).trim();
  return text ? { description: text.slice(0, MAX_DESCRIPTION) } : {};
}

/**
 * An expense needs amount + category + category type (the type follows from a known category,
 * so only the category is ever asked). An income needs the amount only: where money came from
 * is not a spending category, and budgets never count it. The kind defaults to expense, shown
 * in the prompt ("Registrar gasto ..."), for callers (a model) that do not state it.
 */
function validateLog(entities: Entities, scope: Scope): Validation {
  const kind = entities.transaction_type === 'income' ? 'income' : 'expense';
  const missing: string[] = [];
  if (isBlank(entities.amount_mxn_cents)) missing.push('amount_mxn_cents');
  if (kind === 'expense' && isBlank(entities.category)) missing.push('category');
  if (missing.length > 0) return { status: 'missing', missing };

  const failure = firstFailure(
    checkAmount(entities, 'amount_mxn_cents'),
    checkDate(entities, scope.today, { allowFuture: false }),
  );
  if (failure) return failure;
  const category = readCategory(entities);
  if (category.kind === 'fail') return category.failure;

  const filled: Entities = {};
  if (entities.transaction_type !== kind) filled.transaction_type = kind;
  if (isBlank(entities.date_iso)) filled.date_iso = scope.today;
  return {
    status: 'pass',
    params: {
      transaction_type: kind,
      amount_mxn_cents: entities.amount_mxn_cents,
      ...(category.category ? { category: category.category } : {}),
      ...(kind === 'expense' && category.categoryType ? { category_type: category.categoryType } : {}),
      ...description(entities),
      date_iso: filled.date_iso ?? entities.date_iso,
    },
    ...(Object.keys(filled).length > 0 ? { filled } : {}),
  };
}

/**
 * A read: a day ("¿cuánto gasté ayer?") or a month, by default the current one in the tenant's
 * zone; optionally one category, or one category type when only the type was said.
 */
function validateQuery(entities: Entities, scope: Scope): Validation {
  const failure = firstFailure(checkMonth(entities), checkDate(entities, scope.today, { allowFuture: true }));
  if (failure) return failure;
  const category = readCategory(entities);
  if (category.kind === 'fail') return category.failure;
  const period = isBlank(entities.date_iso)
    ? { month: isBlank(entities.month) ? scope.today.slice(0, 7) : String(entities.month) }
    : { date_iso: String(entities.date_iso) };
  const filter = category.category
    ? { category: category.category }
    : category.categoryType
      ? { category_type: category.categoryType }
      : {};
  return { status: 'pass', params: { ...period, ...filter } };
}

/**
 * The budget is one monthly cap on variable spending (the data model keeps no per-category
 * budget): a category named with it is not used, and the prompt says "gastos variables". A
 * cap for fixed spending is refused: fixed costs are not capped.
 */
function validateBudget(entities: Entities): Validation {
  if (isBlank(entities.amount_mxn_cents)) return { status: 'missing', missing: ['amount_mxn_cents'] };
  const failure = checkAmount(entities, 'amount_mxn_cents');
  if (failure) return failure;
  if (isBlank(entities.category) && entities.category_type === 'fixed')
    return { status: 'invalid', field: 'category_type', messageKey: 'budget_only_variable' };
  return { status: 'pass', params: { amount_mxn_cents: entities.amount_mxn_cents } };
}

/**
 * A purchase being considered: the amount; the date defaults to today (a later date is fine,
 * it is a plan); the category only matters when a budget exists (it decides whether the
 * purchase counts against the variable cap), so only then is it asked. A balance said in the
 * same message ("tengo 5 mil, ¿me alcanza...?") is used for this simulation and not saved.
 */
async function validateSimulation(entities: Entities, scope: Scope): Promise<Validation> {
  if (isBlank(entities.amount_mxn_cents)) return { status: 'missing', missing: ['amount_mxn_cents'] };
  const failure = firstFailure(
    checkAmount(entities, 'amount_mxn_cents'),
    checkDate(entities, scope.today, { allowFuture: true }),
    checkBalance(entities, 'balance_mxn_cents'),
  );
  if (failure) return failure;
  const category = readCategory(entities);
  if (category.kind === 'fail') return category.failure;
  if (!category.categoryType && (await budgetCap(scope.db, ownerOf(scope))) !== undefined)
    return { status: 'missing', missing: ['category'] };
  const stated = entities.balance_mxn_cents;
  return {
    status: 'pass',
    params: {
      amount_mxn_cents: entities.amount_mxn_cents,
      date_iso: isBlank(entities.date_iso) ? scope.today : entities.date_iso,
      ...(category.category ? { category: category.category } : {}),
      ...(category.categoryType ? { category_type: category.categoryType } : {}),
      ...description(entities),
      ...(stated !== undefined ? { stated_balance_mxn_cents: stated } : {}),
    },
    ...(isBlank(entities.date_iso) ? { filled: { date_iso: scope.today } } : {}),
  };
}

/** Cash available is the bank balance only (docs/finance.md): zero is allowed, negative is not. */
function validateBankBalance(entities: Entities): Validation {
  if (isBlank(entities.balance_mxn_cents)) return { status: 'missing', missing: ['balance_mxn_cents'] };
  const failure = checkBalance(entities, 'balance_mxn_cents');
  if (failure) return failure;
  return { status: 'pass', params: { balance_mxn_cents: entities.balance_mxn_cents } };
}
