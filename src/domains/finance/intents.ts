import type { IntentSpec } from '../types';

/**
 * The finance intents (docs/finance.md), the entities each one always needs, and the tool it calls. `required` is
 * the unconditional part (what a follow-up draft asks for); the conditional rules (an expense
 * needs its category, a simulation needs one when a budget exists, a debt needs a field to
 * change) live in `validate.ts`.
 */
export const FINANCE_INTENTS: Readonly<Record<string, IntentSpec>> = {
  LOG_TRANSACTION: { name: 'LOG_TRANSACTION', required: ['amount_mxn_cents'], tool: 'log_transaction' },
  QUERY_DATA: { name: 'QUERY_DATA', required: [], tool: 'query_data' },
  SET_BUDGET: { name: 'SET_BUDGET', required: ['amount_mxn_cents'], tool: 'set_budget' },
  MANAGE_DEBT: { name: 'MANAGE_DEBT', required: ['debt_name'], tool: 'manage_debt' },
  SIMULATE_PURCHASE: {
    name: 'SIMULATE_PURCHASE',
    required: ['amount_mxn_cents'],
    tool: 'simulate_purchase',
  },
  SET_BANK_BALANCE: {
    name: 'SET_BANK_BALANCE',
    required: ['balance_mxn_cents'],
    tool: 'set_bank_balance',
  },
  GENERAL_QUESTION: { name: 'GENERAL_QUESTION', required: [] },
};
