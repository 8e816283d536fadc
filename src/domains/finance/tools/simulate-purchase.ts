import { defineReadTool } from '../../define-tool';
import { z } from 'zod';
import { bankBalance, budgetCap, budgetFigures, ownerOf, variableSpent } from '../figures';
import { balanceCents, category, categoryType, cents, description, isoDate } from './schemas';

const input = z.object({
  amount_mxn_cents: cents,
  date_iso: isoDate,
  category: category.optional(),
  category_type: categoryType.optional(),
  description: description.optional(),
  /** A balance the person stated in the same message: used for this simulation, never saved. */
  stated_balance_mxn_cents: balanceCents.optional(),
});

/**
 * SIMULATE_PURCHASE (read, writes nothing): what a purchase would do to the bank balance (the
 * only cash counted: docs/finance.md) and, for a variable purchase, to the month's variable budget.
 * Every figure of the reply is computed here. Without a bank balance the result says so
 * (`missing_bank_balance`) and echoes the purchase, so the reply can ask for the balance and run
 * this same simulation again once it is saved.
 */
export const simulatePurchase = defineReadTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'simulate_purchase',
  description:
    'Simula una compra: cómo queda el saldo en banco (el único efectivo que cuenta) y el presupuesto variable del mes. No guarda nada.',
  parameters: z.object({
    amount_mxn_cents: z.number().int().describe('Precio en centavos de MXN, como lo dijo la persona'),
    date_iso: isoDate.optional().describe('Fecha de la compra (YYYY-MM-DD); hoy si no se dice'),
    category: category.optional().describe('Categoría de la compra'),
    category_type: categoryType.optional().describe('fixed (fijo) o variable'),
    description: z.string().optional().describe('Qué se compraría (corto)'),
    balance_mxn_cents: z
      .number()
      .int()
      .optional()
      .describe('Saldo en banco, solo si la persona lo dice ahora'),
  }),
  input,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const amount = params.amount_mxn_cents;
    const purchase = {
      amount_mxn_cents: amount,
      date_iso: params.date_iso,
      ...(params.category ? { category: params.category } : {}),
      ...(params.category_type ? { category_type: params.category_type } : {}),
      ...(params.description ? { description: params.description } : {}),
    };
    const stated = params.stated_balance_mxn_cents;
    const balance = stated ?? (await bankBalance(ctx.db, owner));
    if (balance === undefined) return { status: 'missing_bank_balance', purchase };

    const month = params.date_iso.slice(0, 7);
    const cap = await budgetCap(ctx.db, owner);
    const counts = params.category_type === 'variable';
    let budget = null;
    if (cap !== undefined) {
      const spent = await variableSpent(ctx.db, owner, month);
      budget = { before: budgetFigures(month, cap, spent), after: budgetFigures(month, cap, spent + amount) };
    }
    return {
      status: 'ok',
      purchase,
      bank: {
        source: stated === undefined ? 'stored' : 'stated',
        balance_mxn_cents: balance,
        after_mxn_cents: balance - amount,
        short_mxn_cents: Math.max(0, amount - balance),
      },
      counts_in_budget: counts,
      budget,
    };
  },
});
