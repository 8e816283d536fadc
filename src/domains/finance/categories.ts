/**
 * The finance pack's spending categories and the rule that gives each its type (docs/finance.md).
 * Fixed costs recur every month at about the same amount; the monthly budget caps only the
 * variable ones, so a category's type decides whether a spending counts against the budget.
 *
 * One list for the pack and the es-MX understander: it is defined where words are recognized
 * (understanding/es-mx/categories.ts) and re-exported here with the pack's checks.
 */
import {
  CATEGORIES,
  categoryTypeOf,
  type Category,
  type CategoryType,
} from './understanding/es-mx/categories';

export { CATEGORIES, type Category, type CategoryType };

export const CATEGORY_TYPES = ['fixed', 'variable'] as const;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isCategoryType(value: unknown): value is CategoryType {
  return value === 'fixed' || value === 'variable';
}

/** The type a category implies: fixed for vivienda, servicios, educacion, suscripciones; else variable. */
export const impliedCategoryType: (category: Category) => CategoryType = categoryTypeOf;
