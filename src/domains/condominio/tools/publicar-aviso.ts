import { z } from 'zod';
import { defineWriteTool } from '../../define-tool';
import { FEATURES } from '../features';

const input = z.object({ text: z.string().min(1).max(1000) });

/**
 * The síndico's notice to every resident (seed 003: `publicar_aviso`): confirmed, then kept with
 * one delivery per resident, which the notice deliverer sends to the chat each last wrote from.
 * Irreversible once published: it has no compensating action. At most two a minute.
 */
export const publicarAviso = defineWriteTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'publicar_aviso',
  description: 'Publica um aviso do síndico para todos os moradores do condomínio.',
  parameters: z.object({
    message_content: z.string().min(1).describe('O texto do aviso, como o síndico escreveu'),
  }),
  input,
  featureFlag: FEATURES.notices,
  allowedRoles: ['owner'],
  rateLimitPerMinute: 2,
  async execute(params, ctx) {
    const existing = await ctx.db.condoNotice.findUnique({ where: { nonce: ctx.nonce } });
    const notice =
      existing ??
      (await ctx.db.condoNotice.create({
        data: { tenantId: ctx.tenant.id, text: params.text, publishedById: ctx.user.id, nonce: ctx.nonce },
      }));
    if (!existing) {
      const residents = await ctx.db.condoResident.findMany({
        where: { tenantId: ctx.tenant.id, userId: { not: ctx.user.id } },
        select: { userId: true },
      });
      await ctx.db.condoNoticeDelivery.createMany({
        data: residents.map((r) => ({ noticeId: notice.id, userId: r.userId })),
        skipDuplicates: true,
      });
    }
    const recipients = await ctx.db.condoNoticeDelivery.count({ where: { noticeId: notice.id } });
    return { text: notice.text, recipients };
  },
});
