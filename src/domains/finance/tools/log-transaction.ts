import { z } from 'zod';
import type { Db } from '../../types';
import { budgetStatus, ownerOf } from '../figures';
import { defineWriteTool } from '../../define-tool';
import { WRITERS, category, categoryType, cents, description, isoDate, isoOf } from './schemas';
import { isUniqueViolation } from '../../unique-violation';

const input = z
  .object({
    transaction_type: z.enum(['expense', 'income']),
    amount_mxn_cents: cents,
    category: category.optional(),
    category_type: categoryType.optional(),
    description: description.optional(),
    date_iso: isoDate,
  })
  .refine((v) => v.transaction_type === 'income' || (v.category && v.category_type), {
    message: 'an expense needs its category and category type',
  });

type Row = {
  kind: 'expense' | 'income';
  amountCents: number;
  category: string | null;
  categoryType: 'fixed' | 'variable' | null;
  description: string | null;
  occurredOn: Date;
};

function view(row: Row) {
  return {
    transaction_type: row.kind,
    amount_mxn_cents: row.amountCents,
    category: row.category,
    category_type: row.categoryType,
    description: row.description,
    date_iso: isoOf(row.occurredOn),
  };
}

/**
 * Logs one expense or income (a write: proposed, confirmed, then run once). Exactly once: the
 * confirmation nonce is unique on the row, so a second run of the same confirmation finds the
 * first one's row instead of inserting again. After a variable expense the result carries the
 * month's budget state, summed by the database in the same transaction.
 */
export const logTransaction = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'log_transaction',
  description:
    'Registra un gasto o un ingreso del usuario en MXN. Un gasto requiere monto, categoría y tipo (fijo o variable).',
  parameters: z.object({
    transaction_type: z
      .enum(['expense', 'income'])
      .optional()
      .describe('expense (gasto) o income (ingreso); gasto si la persona no lo dice'),
    amount_mxn_cents: z
      .number()
      .int()
      .describe('Monto en centavos de MXN, exactamente como lo dijo la persona'),
    category: category.optional().describe('Categoría del gasto; solo si la persona la dice o la implica'),
    category_type: categoryType.optional().describe('fixed (fijo) o variable'),
    description: z.string().optional().describe('Qué fue, en palabras de la persona (corto)'),
    date_iso: isoDate.optional().describe('Fecha del movimiento (YYYY-MM-DD); hoy si no se dice'),
  }),
  input,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const owner = ownerOf(ctx);
    const row = await insertOnce(ctx.db, ctx.nonce, owner, params);
    const budget =
      row.kind === 'expense' && row.categoryType === 'variable'
        ? await budgetStatus(ctx.db, owner, isoOf(row.occurredOn).slice(0, 7))
        : null;
    return { ...view(row), budget };
  },
});

async function insertOnce(
  db: Db,
  nonce: string,
  owner: { tenantId: string; userId: string },
  params: z.infer<typeof input>,
): Promise<Row> {
  const mine = async () => {
    const row = await db.financeTransaction.findUnique({ where: { createdByNonce: nonce } });
    if (row && (row.tenantId !== owner.tenantId || row.userId !== owner.userId))
      throw new Error(`nonce ${nonce} belongs to another owner`);
    return row;
  };
  const existing = await mine();
  if (existing) return existing;
  try {
    return await db.financeTransaction.create({
      data: {
        ...owner,
        kind: params.transaction_type,
        amountCents: params.amount_mxn_cents,
        category: params.category ?? null,
        categoryType: params.transaction_type === 'expense' ? (params.category_type ?? null) : null,
        description: params.description ?? null,
        occurredOn: new Date(`${params.date_iso}T00:00:00Z`),
        createdByNonce: nonce,
      },
    });
  } catch (error) {
    const again = isUniqueViolation(error) ? await mine() : null;
    if (!again) throw error;
    return again;
  }
}
