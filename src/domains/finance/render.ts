import { DefectError } from '../../core/errors';
import { fillTemplate, formatDate, formatMoney } from '../../core/format';
import type { FollowUp, Rendered } from '../types';
import { financeCatalog, type FinanceMessageKey } from './catalog';
import type { BudgetStatus } from './figures';

/**
 * The finance pack's replies: the confirmation prompts (every value that will be written) and
 * the sentences for tool results. Every number shown is a field of the tool's result or of the
 * proposal's params, only formatted here ("$1,200.50 MXN", YYYY-MM-DD): this file computes none.
 */
export function say(key: string, params?: Record<string, string | number>): string {
  const template = financeCatalog[key as FinanceMessageKey];
  if (template === undefined) throw new DefectError(`finance catalog has no sentence "${key}"`);
  return fillTemplate(template, params);
}

type Values = Record<string, unknown>;

const money = (cents: unknown): string => formatMoney(Number(cents), 'es-MX');
const date = (iso: unknown): string => formatDate(String(iso), 'es-MX');
const categoryName = (category: unknown): string => say(`category_${String(category)}`);
const movements = (count: unknown): string =>
  Number(count) === 1 ? say('movements_one') : say('movements_many', { count: Number(count) });

/** " en transporte (variable)", " en otros" (income), or nothing. */
function categoryPart(v: Values): string {
  if (!v.category) return '';
  const category = categoryName(v.category);
  return v.category_type
    ? say('part_in_category', { category, type: say(`type_${String(v.category_type)}`) })
    : say('part_category_only', { category });
}

const descriptionPart = (v: Values): string =>
  v.description ? say('part_description', { description: String(v.description) }) : '';

/** "amount, category, date, description" of a movement or a purchase, for its sentence. */
function movementParams(v: Values) {
  return {
    amount: money(v.amount_mxn_cents),
    category: categoryPart(v),
    date: date(v.date_iso),
    description: descriptionPart(v),
  };
}

/** The debt fields present; `!= null` skips both a field not given (undefined) and an empty column (null). */
function debtFields(v: Values): string {
  const parts: string[] = [];
  if (v.balance_mxn_cents != null) parts.push(say('part_balance', { amount: money(v.balance_mxn_cents) }));
  if (v.minimum_payment_mxn_cents != null)
    parts.push(say('part_minimum', { amount: money(v.minimum_payment_mxn_cents) }));
  if (v.due_day != null) parts.push(say('part_due_day', { day: Number(v.due_day) }));
  return parts.join(', ');
}

export function budgetLine(b: BudgetStatus): string {
  const common = { month: b.month, spent: money(b.spent_mxn_cents), cap: money(b.cap_mxn_cents) };
  return b.over_mxn_cents > 0
    ? say('budget_status_over', { ...common, over: money(b.over_mxn_cents) })
    : say('budget_status', { ...common, left: money(b.left_mxn_cents) });
}

/** The confirmation prompt's body; the pipeline adds "Responde: sí / no". */
export function describeProposal(tool: string, params: Values): string {
  switch (tool) {
    case 'log_transaction':
      return say(
        params.transaction_type === 'income' ? 'propose_income' : 'propose_expense',
        movementParams(params),
      );
    case 'set_budget':
      return say('propose_budget', { amount: money(params.amount_mxn_cents) });
    case 'manage_debt':
      return say(params.existing ? 'propose_debt_update' : 'propose_debt_new', {
        name: String(params.debt_name),
        fields: debtFields(params),
      });
    case 'set_bank_balance':
      return say('propose_bank_balance', { amount: money(params.balance_mxn_cents) });
    default:
      throw new Error(`no proposal sentence for ${tool}`);
  }
}

export function render(tool: string, result: Values): Rendered {
  switch (tool) {
    case 'log_transaction': {
      const key = result.transaction_type === 'income' ? 'logged_income' : 'logged_expense';
      const lines = [say(key, movementParams(result))];
      if (result.budget) lines.push(budgetLine(result.budget as BudgetStatus));
      return { text: lines.join('\n') };
    }
    case 'set_budget': {
      const lines = [say('budget_set', { amount: money(result.cap_mxn_cents) })];
      if (result.budget) lines.push(budgetLine(result.budget as BudgetStatus));
      return { text: lines.join('\n') };
    }
    case 'manage_debt':
      return {
        text: say(result.created ? 'debt_saved_new' : 'debt_saved_update', {
          name: String(result.debt_name),
          fields: debtFields(result),
        }),
      };
    case 'set_bank_balance':
      return { text: say('bank_balance_set', { amount: money(result.balance_mxn_cents) }) };
    case 'query_data':
      return { text: renderQuery(result) };
    case 'simulate_purchase':
      return renderSimulation(result);
    default:
      throw new Error(`no reply for tool ${tool}`);
  }
}

function renderQuery(r: Values): string {
  const period = String(r.period);
  if (r.kind === 'filtered') {
    const common = { period, amount: money(r.expense_mxn_cents), movements: movements(r.expense_count) };
    return r.category
      ? say('query_filtered_category', { ...common, category: categoryName(r.category) })
      : say('query_filtered_type', { ...common, type: say(`types_${String(r.category_type)}`) });
  }
  const lines = [say(r.period_kind === 'day' ? 'query_header_day' : 'query_header_month', { period })];
  const expenseCount = Number(r.expense_count);
  const incomeCount = Number(r.income_count);
  if (expenseCount === 0 && incomeCount === 0) lines.push(say('query_empty', { period }));
  if (expenseCount > 0)
    lines.push(
      say('query_expenses_split', {
        amount: money(r.expense_mxn_cents),
        movements: movements(expenseCount),
        fixed: money(r.fixed_mxn_cents),
        variable: money(r.variable_mxn_cents),
      }),
    );
  if (incomeCount > 0)
    lines.push(say('query_income', { amount: money(r.income_mxn_cents), movements: movements(incomeCount) }));
  const byCategory = (r.by_category ?? []) as Array<{ category: string | null; amount_mxn_cents: number }>;
  if (byCategory.length > 0) {
    lines.push(say('query_by_category'));
    for (const c of byCategory)
      lines.push(
        say('query_category_line', {
          category: c.category ? categoryName(c.category) : say('category_none'),
          amount: money(c.amount_mxn_cents),
        }),
      );
  }
  if (r.budget) lines.push(budgetLine(r.budget as BudgetStatus));
  if (r.bank_balance_mxn_cents != null)
    lines.push(say('query_bank_balance', { amount: money(r.bank_balance_mxn_cents) }));
  const debts = (r.debts ?? []) as Array<{ name: string }>;
  if (debts.length > 0)
    lines.push(
      say('query_debts', {
        amount: money(r.debts_total_mxn_cents),
        names: debts.map((d) => d.name).join(', '),
      }),
    );
  return lines.join('\n');
}

interface SimulationBank {
  source: 'stored' | 'stated';
  balance_mxn_cents: number;
  after_mxn_cents: number;
  short_mxn_cents: number;
}

function renderSimulation(r: Values): Rendered {
  const purchase = r.purchase as Values;
  const header = say('sim_header', movementParams(purchase));
  if (r.status === 'missing_bank_balance') {
    // docs/finance.md: ask for the balance, confirm SET_BANK_BALANCE, then run this simulation again.
    const followUp: FollowUp = {
      intent: 'SET_BANK_BALANCE',
      entities: {},
      messageKey: 'sim_need_bank_balance',
      then: { intent: 'SIMULATE_PURCHASE', entities: purchase as Record<string, string | number> },
    };
    return { text: header, followUp };
  }
  const bank = r.bank as SimulationBank;
  const lines = [
    header,
    say(bank.source === 'stated' ? 'sim_bank_stated' : 'sim_bank_after', {
      before: money(bank.balance_mxn_cents),
      after: money(bank.after_mxn_cents),
    }),
  ];
  const budget = r.budget as { before: BudgetStatus; after: BudgetStatus } | null;
  const counts = r.counts_in_budget === true;
  if (purchase.category_type === 'fixed') lines.push(say('sim_fixed'));
  else if (!budget) lines.push(say('sim_budget_none'));
  else if (counts) {
    const common = {
      month: budget.after.month,
      spent: money(budget.before.spent_mxn_cents),
      cap: money(budget.after.cap_mxn_cents),
      after: money(budget.after.spent_mxn_cents),
    };
    lines.push(
      budget.after.over_mxn_cents > 0
        ? say('sim_budget_over', { ...common, over: money(budget.after.over_mxn_cents) })
        : say('sim_budget_after', { ...common, left: money(budget.after.left_mxn_cents) }),
    );
  }
  if (bank.short_mxn_cents > 0) lines.push(say('sim_verdict_short', { short: money(bank.short_mxn_cents) }));
  else if (counts && budget && budget.after.over_mxn_cents > 0) lines.push(say('sim_verdict_over_budget'));
  else lines.push(say('sim_verdict_ok'));
  return { text: lines.join('\n') };
}
