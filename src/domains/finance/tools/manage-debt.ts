import { z } from 'zod';
import { ownerOf } from '../figures';
import { WRITERS, balanceCents, cents } from './schemas';
import { defineWriteTool } from '../../define-tool';

const input = z
  .object({
    debt_name: z.string().min(1).max(60),
    name_key: z.string().min(1),
    /** What Gate 3 found when it proposed (for the prompt); the write itself is an upsert. */
    existing: z.boolean(),
    balance_mxn_cents: balanceCents.optional(),
    minimum_payment_mxn_cents: cents.optional(),
    due_day: z.number().int().min(1).max(31).optional(),
  })
  .refine(
    (v) =>
      v.balance_mxn_cents !== undefined ||
      v.minimum_payment_mxn_cents !== undefined ||
      v.due_day !== undefined,
    { message: 'at least one field to change' },
  );

/**
 * MANAGE_DEBT (write): creates a debt or changes the fields that were said, keyed by the name's
 * key per user. Only the given fields change; writing the same values again changes nothing,
 * so a repeated run of one confirmation is harmless.
 */
export const manageDebt = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'manage_debt',
  description:
    'Registra o actualiza una deuda del usuario (tarjeta, préstamo): saldo, pago mínimo y día de pago, en MXN.',
  parameters: z.object({
    debt_name: z.string().min(1).describe('Nombre de la deuda, como lo dijo la persona ("tarjeta Banamex")'),
    balance_mxn_cents: z.number().int().optional().describe('Saldo de la deuda en centavos de MXN'),
    minimum_payment_mxn_cents: z.number().int().optional().describe('Pago mínimo en centavos de MXN'),
    due_day: z.number().int().optional().describe('Día del mes en que vence el pago (1-31)'),
  }),
  input,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const changes = {
      ...(params.balance_mxn_cents !== undefined ? { balanceCents: params.balance_mxn_cents } : {}),
      ...(params.minimum_payment_mxn_cents !== undefined
        ? { minimumPaymentCents: params.minimum_payment_mxn_cents }
        : {}),
      ...(params.due_day !== undefined ? { dueDay: params.due_day } : {}),
    };
    const where = { tenantId_userId_nameKey: { ...owner, nameKey: params.name_key } };
    const before = await ctx.db.debt.findUnique({ where });
    const row = await ctx.db.debt.upsert({
      where,
      create: { ...owner, name: params.debt_name, nameKey: params.name_key, ...changes },
      update: changes,
    });
    return {
      debt_name: row.name,
      created: before === null,
      balance_mxn_cents: row.balanceCents,
      minimum_payment_mxn_cents: row.minimumPaymentCents,
      due_day: row.dueDay,
    };
  },
});
