import type { Db } from '../types';

/**
 * The finance figures, read from PostgreSQL. Every total the pack shows comes from here, summed
 * by the database (never from the conversation), and every query is bound to one tenant AND one
 * user: personal finance is per person, even when people share a tenant.
 */
export interface Owner {
  tenantId: string;
  userId: string;
}

export function ownerOf(ctx: { tenant: { id: string }; user: { id: string } }): Owner {
  return { tenantId: ctx.tenant.id, userId: ctx.user.id };
}

export interface Period {
  /** `YYYY-MM` or `YYYY-MM-DD`. */
  label: string;
  from: Date;
  /** Exclusive. */
  to: Date;
}

const utc = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** The calendar month `YYYY-MM` as a DATE range (occurredOn is a DATE in the tenant's zone). */
export function monthPeriod(month: string): Period {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return {
    label: month,
    from: new Date(Date.UTC(year, mon - 1, 1)),
    to: new Date(Date.UTC(year, mon, 1)),
  };
}

export function dayPeriod(day: string): Period {
  const from = utc(day);
  return { label: day, from, to: new Date(from.getTime() + 86_400_000) };
}

export interface CategoryTotal {
  /** null for movements stored without a category. */
  category: string | null;
  cents: number;
  count: number;
}

export interface Totals {
  expenseCents: number;
  expenseCount: number;
  fixedCents: number;
  variableCents: number;
  incomeCents: number;
  incomeCount: number;
  /** Expenses per category, largest first. */
  byCategory: CategoryTotal[];
}

/** Sums of a period, optionally only one category or one category type, in one grouped query. */
export async function periodTotals(
  db: Db,
  owner: Owner,
  period: Period,
  filter: { category?: string; categoryType?: 'fixed' | 'variable' } = {},
): Promise<Totals> {
  const groups = await db.financeTransaction.groupBy({
    by: ['kind', 'category', 'categoryType'],
    where: {
      tenantId: owner.tenantId,
      userId: owner.userId,
      occurredOn: { gte: period.from, lt: period.to },
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.categoryType ? { categoryType: filter.categoryType } : {}),
    },
    _sum: { amountCents: true },
    _count: { _all: true },
  });
  const totals: Totals = {
    expenseCents: 0,
    expenseCount: 0,
    fixedCents: 0,
    variableCents: 0,
    incomeCents: 0,
    incomeCount: 0,
    byCategory: [],
  };
  const categories = new Map<string | null, CategoryTotal>();
  for (const g of groups) {
    const cents = g._sum.amountCents ?? 0;
    const count = g._count._all;
    if (g.kind === 'income') {
      totals.incomeCents += cents;
      totals.incomeCount += count;
      continue;
    }
    totals.expenseCents += cents;
    totals.expenseCount += count;
    if (g.categoryType === 'fixed') totals.fixedCents += cents;
    if (g.categoryType === 'variable') totals.variableCents += cents;
    const entry = categories.get(g.category) ?? { category: g.category, cents: 0, count: 0 };
    entry.cents += cents;
    entry.count += count;
    categories.set(g.category, entry);
  }
  totals.byCategory = [...categories.values()].sort(
    (a, b) => b.cents - a.cents || String(a.category).localeCompare(String(b.category)),
  );
  return totals;
}

/** Variable expenses of a month: what the budget caps. */
export async function variableSpent(db: Db, owner: Owner, month: string): Promise<number> {
  const period = monthPeriod(month);
  const sum = await db.financeTransaction.aggregate({
    where: {
      tenantId: owner.tenantId,
      userId: owner.userId,
      kind: 'expense',
      categoryType: 'variable',
      occurredOn: { gte: period.from, lt: period.to },
    },
    _sum: { amountCents: true },
  });
  return sum._sum.amountCents ?? 0;
}

export async function budgetCap(db: Db, owner: Owner): Promise<number | undefined> {
  const budget = await db.budget.findUnique({ where: { tenantId_userId: owner } });
  return budget?.variableCapCents;
}

export async function bankBalance(db: Db, owner: Owner): Promise<number | undefined> {
  const row = await db.bankBalance.findUnique({ where: { tenantId_userId: owner } });
  return row?.balanceCents;
}

export async function debtsOf(db: Db, owner: Owner) {
  return db.debt.findMany({
    where: { tenantId: owner.tenantId, userId: owner.userId },
    orderBy: { name: 'asc' },
  });
}

/**
 * The budget's state for a month, as tools return it: plain numbers (JSON-safe, so a replayed
 * result renders the same), every figure the reply shows already computed here.
 */
export interface BudgetStatus {
  month: string;
  cap_mxn_cents: number;
  spent_mxn_cents: number;
  /** cap − spent when not over, else 0. */
  left_mxn_cents: number;
  /** spent − cap when over, else 0. */
  over_mxn_cents: number;
}

export function budgetFigures(month: string, cap: number, spent: number): BudgetStatus {
  return {
    month,
    cap_mxn_cents: cap,
    spent_mxn_cents: spent,
    left_mxn_cents: Math.max(0, cap - spent),
    over_mxn_cents: Math.max(0, spent - cap),
  };
}

export async function budgetStatus(db: Db, owner: Owner, month: string): Promise<BudgetStatus | null> {
  const cap = await budgetCap(db, owner);
  if (cap === undefined) return null;
  return budgetFigures(month, cap, await variableSpent(db, owner, month));
}
