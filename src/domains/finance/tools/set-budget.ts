import { z } from 'zod';
import { budgetStatus, ownerOf } from '../figures';
import { WRITERS, cents } from './schemas';
import { defineWriteTool } from '../../define-tool';

const input = z.object({ amount_mxn_cents: cents });

/**
 * SET_BUDGET (write): the person's monthly cap on variable spending. An upsert on
 * (tenant, user) writes the same value however many times the confirmation runs, so it is
 * idempotent by nature. The result adds the current month's state against the new cap.
 */
export const setBudget = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'set_budget',
  description:
    'Fija el presupuesto mensual de gastos variables del usuario (un tope en MXN para todas las categorías variables).',
  parameters: z.object({
    amount_mxn_cents: z.number().int().describe('Tope mensual en centavos de MXN, como lo dijo la persona'),
  }),
  input,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const row = await ctx.db.budget.upsert({
      where: { tenantId_userId: owner },
      create: { ...owner, variableCapCents: params.amount_mxn_cents },
      update: { variableCapCents: params.amount_mxn_cents },
    });
    return {
      cap_mxn_cents: row.variableCapCents,
      budget: await budgetStatus(ctx.db, owner, ctx.today.slice(0, 7)),
    };
  },
});
