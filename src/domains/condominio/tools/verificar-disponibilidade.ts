import { z } from 'zod';
import { defineReadTool } from '../../define-tool';
import { dateOf, minutesOf, timeOf } from '../clock';
import { freeWindows, overlaps, takenOn } from '../spaces';
import { clockTime, id, isoDate } from './schemas';

const input = z.object({
  space_id: id,
  date: isoDate,
  start_time: clockTime.optional(),
  end_time: clockTime.optional(),
});

/**
 * Whether a space is free on a day (no confirmation: it writes nothing). With a window, whether
 * that window is free; always the day's free windows within the space's hours.
 */
export const verificarDisponibilidade = defineReadTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'verificar_disponibilidade',
  description:
    'Mostra se um espaço do condomínio está livre num dia (e num horário) e os horários livres do dia.',
  parameters: z.object({
    space: z.string().describe('O espaço, como a pessoa o chamou (salão de festas, churrasqueira, quadra)'),
    date: isoDate.describe('O dia (AAAA-MM-DD)'),
    start_time: clockTime.optional().describe('Início do horário perguntado (HH:MM), se dito'),
    end_time: clockTime.optional().describe('Fim do horário perguntado (HH:MM), se dito'),
  }),
  input,
  async execute(params, ctx) {
    const space = await ctx.db.condoSpace.findFirstOrThrow({
      where: { id: params.space_id, tenantId: ctx.tenant.id },
    });
    const taken = await takenOn(ctx.db, space.id, dateOf(params.date), ctx.now);
    const free = freeWindows(space, taken);
    const start = minutesOf(params.start_time);
    const end = minutesOf(params.end_time) ?? (start !== undefined ? start + 60 : undefined);
    const asked =
      start !== undefined && end !== undefined
        ? {
            start_time: timeOf(start),
            end_time: timeOf(end),
            free:
              start >= space.opensAt &&
              end <= space.closesAt &&
              !taken.some((t) => overlaps(t, { start, end })),
          }
        : undefined;
    return {
      space_name: space.name,
      date: params.date,
      opens: timeOf(space.opensAt),
      closes: timeOf(space.closesAt),
      free_windows: free.map((w) => ({ start_time: timeOf(w.start), end_time: timeOf(w.end) })),
      ...(asked ? { asked } : {}),
    };
  },
});
