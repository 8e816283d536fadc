import { z } from 'zod';
import { derivedUuid } from '../../../core/derived-id';
import { issueBoleto } from '../../boleto-issuing/charges';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';
import type { Db } from '../../types';
import { boletoViewOf, payerOf } from '../fee';
import { id, isoDate } from './schemas';

const input = z.object({
  unit_id: id,
  infraction_id: id,
  amount_cents: z.number().int().positive(),
  due_date: isoDate,
});

/**
 * The síndico's fine to a unit (seed 003: `aplicar_penalidade`), as the regulations set it: the
 * infraction's amount (data, never said in the chat) charged to the unit as a boleto, through the
 * same issuing as every boleto. Confirmed, then run once (the nonce is unique on the row, the
 * boleto's reference derives from it). Irreversible: no compensating action; a fine applied by
 * mistake is the administration's to cancel by hand.
 */
export const aplicarPenalidade = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'aplicar_penalidade',
  description: 'Aplica a uma unidade a multa prevista no regimento para uma infração (só o síndico).',
  parameters: z.object({
    unit: z.string().describe('A unidade, como o síndico disse (apto 101, bloco B 12)'),
    infraction: z.string().describe('A infração, como o síndico disse (barulho, lixo no corredor)'),
  }),
  input,
  featureFlag: FEATURES.penalties,
  allowedRoles: ['owner'],
  async execute(params, ctx) {
    const done = await ctx.db.condoPenalty.findUnique({ where: { nonce: ctx.nonce } });
    if (done) return penaltyView(ctx.db, done.id);
    const unit = await ctx.db.condoUnit.findFirstOrThrow({
      where: { id: params.unit_id, tenantId: ctx.tenant.id },
    });
    const infraction = await ctx.db.condoInfraction.findFirstOrThrow({
      where: { id: params.infraction_id, tenantId: ctx.tenant.id },
    });
    const { boleto } = await issueBoleto(ctx, await payerOf(ctx, unit), {
      amountCents: params.amount_cents,
      dueDate: params.due_date,
      reference: derivedUuid(ctx.nonce, 'penalty'),
      description: `${ctx.tenant.name}: multa, ${infraction.name}`,
    });
    const penalty = await ctx.db.condoPenalty.create({
      data: {
        tenantId: ctx.tenant.id,
        unitId: unit.id,
        infractionId: infraction.id,
        amountCents: params.amount_cents,
        boletoId: boleto.id,
        appliedById: ctx.user.id,
        nonce: ctx.nonce,
      },
    });
    return penaltyView(ctx.db, penalty.id);
  },
});

/** A fine as the reply shows it: unit, infraction, rule, amount and its boleto. */
async function penaltyView(db: Db, penaltyId: string) {
  const penalty = await db.condoPenalty.findUniqueOrThrow({ where: { id: penaltyId } });
  const unit = await db.condoUnit.findUniqueOrThrow({ where: { id: penalty.unitId } });
  const infraction = await db.condoInfraction.findUniqueOrThrow({ where: { id: penalty.infractionId } });
  return {
    unit_label: unit.label,
    infraction: infraction.name,
    rule: infraction.rule,
    amount_cents: penalty.amountCents,
    boleto: await boletoViewOf(db, penalty.boletoId),
  };
}
