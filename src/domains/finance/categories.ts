/**
 * The finance pack's spending categories and the rule that gives each its type (seed 002).
 * Fixed costs recur every month at about the same amount; the monthly budget caps only the
 * variable ones, so a category's type decides whether a spending counts against the budget.
 *
 * The pack owns this list (it is a business rule); the es-MX understander recognizes the same
 * names, and a unit test keeps the two in step.
 */
export const CATEGORIES = [
  'supermercado',
  'restaurantes',
  'transporte',
  'gasolina',
  'vivienda',
  'servicios',
  'salud',
  'educacion',
  'entretenimiento',
  'ropa',
  'suscripciones',
  'otros',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_TYPES = ['fixed', 'variable'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

const FIXED: ReadonlySet<Category> = new Set(['vivienda', 'servicios', 'educacion', 'suscripciones']);

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isCategoryType(value: unknown): value is CategoryType {
  return value === 'fixed' || value === 'variable';
}

/** The type a category implies: fixed for vivienda, servicios, educacion, suscripciones; else variable. */
export function impliedCategoryType(category: Category): CategoryType {
  return FIXED.has(category) ? 'fixed' : 'variable';
}
