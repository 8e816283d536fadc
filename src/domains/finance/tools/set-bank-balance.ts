import { z } from 'zod';
import { ownerOf } from '../figures';
import { WRITERS, balanceCents } from './schemas';
import { defineWriteTool } from '../../define-tool';

const input = z.object({ balance_mxn_cents: balanceCents });

/**
 * SET_BANK_BALANCE (write): what the person has in the bank, the only cash a simulation counts
 * (docs/finance.md). An upsert on (tenant, user): idempotent by nature.
 */
export const setBankBalance = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'set_bank_balance',
  description:
    'Guarda el saldo actual en banco del usuario (MXN). Es el único efectivo disponible que se considera.',
  parameters: z.object({
    balance_mxn_cents: z
      .number()
      .int()
      .describe('Saldo en banco en centavos de MXN, como lo dijo la persona'),
  }),
  input,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const row = await ctx.db.bankBalance.upsert({
      where: { tenantId_userId: owner },
      create: { ...owner, balanceCents: params.balance_mxn_cents },
      update: { balanceCents: params.balance_mxn_cents },
    });
    return { balance_mxn_cents: row.balanceCents };
  },
});
