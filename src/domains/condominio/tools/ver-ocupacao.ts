import { z } from 'zod';
import { defineReadTool } from '../../define-tool';
import { dateOf, isoOf, nowIn, timeOf } from '../clock';
import { takingTime } from '../spaces';
import { suppliersOf } from '../suppliers';
import { id, isoDate } from './schemas';

const input = z.object({ space_id: id.optional(), date: isoDate.optional() });

/** How far ahead the síndico's occupancy summary looks when no day is asked about. */
export const OCCUPANCY_DAYS = 30;

/**
 * The síndico's view of the shared spaces (seed 003: occupancy): for a day, every booking with
 * its unit; otherwise, for the next 30 days from today, each space's bookings, hours booked and
 * the share of its opening hours they take. Held bookings count (they take the window); holds
 * that ran out and cancelled bookings do not. Every number is counted here, from the rows.
 */
export const verOcupacao = defineReadTool<z.infer<typeof input>, Record<string, unknown>>({
  name: 'ver_ocupacao',
  description:
    'Mostra ao síndico a ocupação dos espaços: as reservas de um dia ou o resumo dos próximos 30 dias.',
  parameters: z.object({
    space: z.string().optional().describe('O espaço, se o síndico disse um'),
    date: isoDate.optional().describe('Um dia (AAAA-MM-DD), se dito'),
  }),
  input,
  allowedRoles: ['owner'],
  async execute(params, ctx) {
    const spaces = await ctx.db.condoSpace.findMany({
      where: { tenantId: ctx.tenant.id, ...(params.space_id ? { id: params.space_id } : {}) },
      orderBy: { name: 'asc' },
    });
    const { today } = nowIn(ctx.now, ctx.tenant.timeZone);
    const from = params.date ?? today;
    const to = params.date ?? addDaysIso(today, OCCUPANCY_DAYS - 1);
    const rows = await ctx.db.condoReservation.findMany({
      where: {
        tenantId: ctx.tenant.id,
        spaceId: { in: spaces.map((s) => s.id) },
        date: { gte: dateOf(from), lte: dateOf(to) },
        ...takingTime(ctx.now),
      },
      include: { unit: { select: { label: true } } },
      orderBy: [{ date: 'asc' }, { startMinute: 'asc' }],
    });
    if (params.date) {
      const suppliers = await suppliersOf(ctx.db, rows);
      return {
        date: params.date,
        bookings: rows.map((r) => ({
          space_name: spaces.find((s) => s.id === r.spaceId)?.name ?? '',
          unit_label: r.unit.label,
          start_time: timeOf(r.startMinute),
          end_time: timeOf(r.endMinute),
          held: r.status === 'HELD',
          // What the administration is asked to authorise for it.
          services: suppliers.get(r.id) ?? [],
        })),
      };
    }
    return {
      from,
      to,
      days: OCCUPANCY_DAYS,
      spaces: spaces.map((space) => {
        const mine = rows.filter((r) => r.spaceId === space.id);
        const minutes = mine.reduce((sum, r) => sum + (r.endMinute - r.startMinute), 0);
        const open = (space.closesAt - space.opensAt) * OCCUPANCY_DAYS;
        return {
          space_name: space.name,
          bookings: mine.length,
          hours: Math.round(minutes / 6) / 10,
          percent: open > 0 ? Math.round((minutes / open) * 100) : 0,
        };
      }),
    };
  },
});

function addDaysIso(iso: string, days: number): string {
  return isoOf(new Date(dateOf(iso).getTime() + days * 86_400_000));
}
