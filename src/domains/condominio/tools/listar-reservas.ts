import { z } from 'zod';
import { defineReadTool } from '../../define-tool';
import { dateOf, isoOf, nowIn, timeOf } from '../clock';
import { takingTime } from '../spaces';
import { suppliersOf } from '../suppliers';
import { id } from './schemas';

const input = z.object({ unit_id: id, unit_label: z.string(), space_id: id.optional() });

/** The unit's bookings from today on, in order (at most 20). */
export const listarReservas = defineReadTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'listar_reservas',
  description: 'Lista as próximas reservas da unidade da pessoa (de um espaço, se dito).',
  parameters: z.object({
    space: z.string().optional().describe('O espaço, se a pessoa disse um'),
  }),
  input,
  async execute(params, ctx) {
    const { today } = nowIn(ctx.now, ctx.tenant.timeZone);
    const rows = await ctx.db.condoReservation.findMany({
      where: {
        tenantId: ctx.tenant.id,
        unitId: params.unit_id,
        ...takingTime(ctx.now),
        date: { gte: dateOf(today) },
        ...(params.space_id ? { spaceId: params.space_id } : {}),
      },
      include: { space: { select: { name: true } } },
      orderBy: [{ date: 'asc' }, { startMinute: 'asc' }],
      take: 20,
    });
    const suppliers = await suppliersOf(ctx.db, rows);
    return {
      unit_label: params.unit_label,
      ...(params.space_id ? { space_name: rows[0]?.space.name ?? null } : {}),
      reservations: rows.map((r) => ({
        space_name: r.space.name,
        date: isoOf(r.date),
        start_time: timeOf(r.startMinute),
        end_time: timeOf(r.endMinute),
        guests: r.guests,
        // Still waiting for its fee step: the list says so.
        held: r.status === 'HELD',
        services: suppliers.get(r.id) ?? [],
      })),
    };
  },
});
