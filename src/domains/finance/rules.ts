import { PRODUCT } from '../../../config/product';
import { formatMoney } from '../../core/format';
import type { Entities, Validation } from '../types';
import {
  type Category,
  type CategoryType,
  impliedCategoryType,
  isCategory,
  isCategoryType,
} from './categories';

/**
 * Gate 3's value rules for finance, one small function per rule. Each returns the failing
 * `Validation` (with the catalog key that explains it) or `undefined` when the value passes.
 */
export type Failure = Exclude<Validation, { status: 'pass' }>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

export const maxAmount = (): string => formatMoney(PRODUCT.maxFinanceAmountCents, 'es-MX');

function invalid(field: string, messageKey: string, params?: Record<string, string | number>): Failure {
  return { status: 'invalid', field, messageKey, ...(params ? { params } : {}) };
}

/** Absent, or an empty string: the person has not said it yet. */
export function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A price or a cap: whole cents, more than zero, at most the product maximum. */
export function checkAmount(entities: Entities, field: string): Failure | undefined {
  const value = entities[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    return invalid(field, 'amount_not_positive');
  if (value > PRODUCT.maxFinanceAmountCents) return invalid(field, 'amount_too_high', { max: maxAmount() });
  return undefined;
}

/** A balance: whole cents, zero allowed (a paid-off debt, an empty account), never negative. */
export function checkBalance(entities: Entities, field: string): Failure | undefined {
  const value = entities[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    return invalid(field, 'balance_negative');
  if (value > PRODUCT.maxFinanceAmountCents) return invalid(field, 'balance_too_high', { max: maxAmount() });
  return undefined;
}

export function isRealDate(value: unknown): value is string {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function isRealMonth(value: unknown): value is string {
  const m = typeof value === 'string' ? ISO_MONTH.exec(value) : null;
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/**
 * A day (`YYYY-MM-DD`). A logged movement already happened, so it may not be after today in the
 * tenant's zone (a misheard "mañana" would otherwise log next week's spending this week).
 */
export function checkDate(
  entities: Entities,
  today: string,
  options: { allowFuture: boolean },
): Failure | undefined {
  const value = entities.date_iso;
  if (value === undefined) return undefined;
  if (!isRealDate(value)) return invalid('date_iso', 'date_invalid');
  if (!options.allowFuture && value > today) return invalid('date_iso', 'date_future', { date: value });
  return undefined;
}

export function checkMonth(entities: Entities): Failure | undefined {
  const value = entities.month;
  if (value === undefined || isRealMonth(value)) return undefined;
  return invalid('month', 'month_invalid');
}

export function checkDueDay(entities: Entities): Failure | undefined {
  const value = entities.due_day;
  if (value === undefined) return undefined;
  const day = Number(value);
  return Number.isInteger(day) && day >= 1 && day <= 31 ? undefined : invalid('due_day', 'due_day_invalid');
}

export type CategoryReading =
  { kind: 'ok'; category?: Category; categoryType?: CategoryType } | { kind: 'fail'; failure: Failure };

/**
 * The category and its type as the words gave them. An unknown name is refused (never mapped to
 * a guess); a known category implies its type when none was stated (docs/finance.md list rule).
 */
export function readCategory(entities: Entities): CategoryReading {
  const category = entities.category;
  const type = entities.category_type;
  if (!isBlank(category) && !isCategory(category)) {
    return {
      kind: 'fail',
      failure: invalid('category', 'category_unknown', { category: String(category) }),
    };
  }
  if (!isBlank(type) && !isCategoryType(type))
    return { kind: 'fail', failure: invalid('category_type', 'category_type_invalid') };
  const known = isCategory(category) ? category : undefined;
  const stated = isCategoryType(type) ? type : undefined;
  const categoryType = stated ?? (known ? impliedCategoryType(known) : undefined);
  return {
    kind: 'ok',
    ...(known ? { category: known } : {}),
    ...(categoryType ? { categoryType } : {}),
  };
}

/** The first failing rule, if any. */
export function firstFailure(...checks: Array<Failure | undefined>): Failure | undefined {
  return checks.find((check) => check !== undefined);
}
