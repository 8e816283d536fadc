import { FINANCE_PROMPTS } from './prompts';
import type { DomainPack } from '../types';
import { FINANCE_INTENTS } from './intents';
import { describeProposal, render, say } from './render';
import { financeTools } from './tools';
import { financeAsksForWrite, financeIntentModel, financeUnderstander } from './understanding';
import { validateFinance } from './validate';

/**
 * The personal finance pack (es-MX, MXN): the Cristi agent (docs/finance.md) on the shared gated pipeline.
 * Writes (log a movement, budget, debt, bank balance) are proposed with every value stated and
 * run once after an allowlisted "sí"; reads (queries, simulations) run at once. Every figure
 * comes from a tool reading PostgreSQL for this tenant and user.
 */
export const financePack: DomainPack = {
  id: 'finance',
  locale: 'es-MX',
  intents: FINANCE_INTENTS,
  tools: financeTools,
  understander: financeUnderstander,
  currency: 'MXN',
  entities: [
    'amount_mxn_cents',
    'date_iso',
    'category',
    'category_type',
    'description',
    'month',
    'debt_name',
    'balance_mxn_cents',
    'minimum_payment_mxn_cents',
    'due_day',
  ],
  intentModel: financeIntentModel,
  prompts: FINANCE_PROMPTS,
  asksForWrite: financeAsksForWrite,
  fieldLabel: (field) => say(`field_${field}`),
  validate: validateFinance,
  // Nothing of a finance proposal can stop holding while it waits: its date was already allowed
  // (never a future one, and time only moves on), and a debt is written by name as an upsert.
  recheck: () => undefined,
  say,
  describeProposal: (tool, params) => describeProposal(tool, params),
  render: (tool, result) => render(tool, result),
  answer: () => say('help'),
};
