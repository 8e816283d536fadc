import { logTransaction } from './log-transaction';
import { manageDebt } from './manage-debt';
import { queryData } from './query-data';
import { setBankBalance } from './set-bank-balance';
import { setBudget } from './set-budget';
import { simulatePurchase } from './simulate-purchase';

/** The finance pack's tools (docs/specification.md#tools ToolDefinitions); writes require confirmation. */
export const financeTools = [
  logTransaction,
  queryData,
  setBudget,
  manageDebt,
  simulatePurchase,
  setBankBalance,
];
