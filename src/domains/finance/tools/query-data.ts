import { defineReadTool } from '../../define-tool';
import { z } from 'zod';
import {
  bankBalance,
  budgetStatus,
  dayPeriod,
  debtsOf,
  monthPeriod,
  ownerOf,
  periodTotals,
  type Totals,
} from '../figures';
import { category, categoryType, isoDate, isoMonth } from './schemas';

const input = z
  .object({
    month: isoMonth.optional(),
    date_iso: isoDate.optional(),
    category: category.optional(),
    category_type: categoryType.optional(),
  })
  .refine((v) => (v.month === undefined) !== (v.date_iso === undefined), {
    message: 'exactly one of month or date_iso',
  });

/**
 * QUERY_DATA (read, no confirmation): totals and breakdowns of a month or a day, all summed by
 * the database for this user. With a category (or only a type) it answers that one figure; else
 * a summary: expenses (fixed / variable), income, expenses per category and, for a month, the
 * budget, the bank balance and the debts.
 */
export const queryData = defineReadTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'query_data',
  description:
    'Consulta totales y desgloses de gastos e ingresos por mes (o día) y categoría, con presupuesto, saldo en banco y deudas.',
  parameters: z.object({
    month: isoMonth.optional().describe('Mes (YYYY-MM); el actual si no se dice'),
    date_iso: isoDate.optional().describe('Un día (YYYY-MM-DD), si la pregunta es por un día'),
    category: category.optional().describe('Solo esta categoría'),
    category_type: categoryType.optional().describe('Solo gastos fijos o variables'),
  }),
  input,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const isDay = params.date_iso !== undefined;
    const period = isDay ? dayPeriod(params.date_iso!) : monthPeriod(params.month!);
    const base = { period: period.label, period_kind: isDay ? 'day' : 'month' };
    if (params.category || params.category_type) {
      const filter = params.category
        ? { category: params.category }
        : { categoryType: params.category_type! };
      const totals = await periodTotals(ctx.db, owner, period, filter);
      return {
        ...base,
        kind: 'filtered',
        category: params.category ?? null,
        category_type: params.category ? null : params.category_type!,
        expense_mxn_cents: totals.expenseCents,
        expense_count: totals.expenseCount,
      };
    }
    const totals = await periodTotals(ctx.db, owner, period);
    if (isDay) return { ...base, kind: 'summary', ...summaryOf(totals) };
    const [budget, bank, debts] = await Promise.all([
      budgetStatus(ctx.db, owner, period.label),
      bankBalance(ctx.db, owner),
      debtsOf(ctx.db, owner),
    ]);
    return {
      ...base,
      kind: 'summary',
      ...summaryOf(totals),
      budget,
      bank_balance_mxn_cents: bank ?? null,
      debts: debts.map((d) => ({ name: d.name, balance_mxn_cents: d.balanceCents })),
      debts_total_mxn_cents: debts.reduce((sum, d) => sum + (d.balanceCents ?? 0), 0),
    };
  },
});

function summaryOf(totals: Totals) {
  return {
    expense_mxn_cents: totals.expenseCents,
    expense_count: totals.expenseCount,
    fixed_mxn_cents: totals.fixedCents,
    variable_mxn_cents: totals.variableCents,
    income_mxn_cents: totals.incomeCents,
    income_count: totals.incomeCount,
    by_category: totals.byCategory.map((c) => ({
      category: c.category,
      amount_mxn_cents: c.cents,
      count: c.count,
    })),
  };
}
