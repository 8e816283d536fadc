import { formatDate, formatMoney } from '../../core/format';
import { formatDigitableLine } from '../boleto-issuing/febraban';
import type { FeeBoleto } from './fee';
import type { Rendered } from '../types';
import { dayText, say } from './say';

/**
 * The condominium pack's replies: the confirmation prompts (every value that will be written)
 * and the sentences for tool results. Every number shown is a field of the result or of the
 * proposal's params, only formatted here.
 */
type Values = Record<string, unknown>;

const money = (cents: unknown) => formatMoney(Number(cents), 'pt-BR');
const guestsPart = (v: Values) => (v.guests != null ? say('part_guests', { guests: Number(v.guests) }) : '');
const feePart = (v: Values) =>
  Number(v.fee_cents) > 0
    ? say('part_fee', { fee: money(v.fee_cents), unit: String(v.unit_label) })
    : say('part_no_fee');
const window = (start: unknown, end: unknown) => say('window', { start: String(start), end: String(end) });
const windows = (list: unknown) =>
  (list as Array<{ start_time: string; end_time: string }>)
    .map((w) => window(w.start_time, w.end_time))
    .join('; ');

/** "buffet", "buffet e DJ", "buffet, DJ e decoração". */
export function servicesText(list: unknown): string {
  const services = (Array.isArray(list) ? list : [list]).map(String);
  return services.length <= 1
    ? (services[0] ?? '')
    : say('services_and', { first: services.slice(0, -1).join(', '), last: services.at(-1)! });
}

/** " (fornecedores: buffet e DJ)" after a booking, when the administration was asked for any. */
const suppliersPart = (services: unknown) =>
  Array.isArray(services) && services.length > 0
    ? say('part_suppliers', { services: servicesText(services) })
    : '';

/** When a booking is, as its sentences name it: space, day and window. */
const when = (v: Values) => ({
  space: String(v.space_name),
  date: dayText(String(v.date)),
  start: String(v.start_time),
  end: String(v.end_time),
});

/** A booking as its sentences name it: space, unit, day and window. */
const booking = (v: Values) => ({ ...when(v), unit: String(v.unit_label) });

export function describeProposal(tool: string, params: Values): string {
  if (tool === 'criar_reserva')
    return say('propose_reservation', {
      ...booking(params),
      guests: guestsPart(params),
      fee: feePart(params),
    });
  if (tool === 'publicar_aviso')
    return say('propose_notice', { recipients: Number(params.recipients), text: String(params.text) });
  if (tool === 'registrar_convidados')
    return say('propose_guests', { ...booking(params), guests: Number(params.guests) });
  if (tool === 'solicitar_fornecedor')
    return say('propose_supplier', { ...when(params), services: servicesText(params.services) });
  if (tool === 'cobrar_taxa_reserva')
    return say('propose_fee', { ...booking(params), fee: money(params.fee_cents) });
  if (tool === 'aplicar_penalidade')
    return say('propose_penalty', {
      unit: String(params.unit_label),
      infraction: String(params.infraction),
      rule: String(params.rule),
      amount: money(params.amount_cents),
      due: formatDate(String(params.due_date), 'pt-BR'),
    });
  if (tool === 'cancelar_reserva')
    return say('propose_cancel', {
      ...booking(params),
      fee: feeOnCancel(params, { cancel: 'part_fee_will_cancel', keep: 'part_fee_will_stay' }),
    });
  return '';
}

export function render(tool: string, result: Values): Rendered {
  const day = () => dayText(String(result.date));
  switch (tool) {
    case 'criar_reserva':
      if (result.held === true)
        return {
          text: say('reserved_held', {
            ...when(result),
            guests: guestsPart(result),
            until: String(result.held_until),
          }),
        };
      return {
        text: say('reserved', {
          ...when(result),
          guests: guestsPart(result),
          fee: feePart(result),
          boleto: feeBoletoPart(result.fee_boleto as FeeBoleto | null | undefined),
        }),
      };
    case 'cobrar_taxa_reserva':
      return {
        text: say('fee_charged', {
          ...when(result),
          guests: guestsPart(result),
          boleto: feeBoletoPart(result.fee_boleto as FeeBoleto | null | undefined),
        }),
      };
    case 'cancelar_reserva':
      return {
        text: say('cancelled', {
          ...when(result),
          fee: feeOnCancel(result, { cancel: 'part_fee_cancelled', keep: 'part_fee_stays' }),
        }),
      };
    case 'publicar_aviso':
      return { text: say('notice_published', { recipients: Number(result.recipients) }) };
    case 'registrar_convidados':
      return {
        text: say('guests_registered', {
          guests: Number(result.guests),
          space: String(result.space_name),
          date: day(),
        }),
      };
    case 'solicitar_fornecedor':
      return {
        text: say('supplier_requested', {
          services: servicesText(result.services),
          space: String(result.space_name),
          date: day(),
        }),
      };
    case 'cancelar_solicitacao':
      return {
        text: say('supplier_request_cancelled', {
          services: servicesText(result.services),
          space: String(result.space_name),
          date: day(),
        }),
      };
    case 'remover_convidados':
      return { text: say('guests_removed', { space: String(result.space_name), date: day() }) };
    case 'verificar_disponibilidade':
      return { text: availability(result) };
    case 'listar_reservas':
      return { text: list(result) };
    case 'aplicar_penalidade':
      return {
        text: say('penalty_applied', {
          unit: String(result.unit_label),
          infraction: String(result.infraction),
          rule: String(result.rule),
          amount: money(result.amount_cents),
          boleto: boletoPart(result.boleto as FeeBoleto | null, 'part_penalty_boleto'),
        }),
      };
    case 'ver_ocupacao':
      return { text: occupancy(result) };
    default:
      return { text: '' };
  }
}

/** The fee's boleto, issued with the booking: its number, amount, due day and line. */
const feeBoletoPart = (boleto: FeeBoleto | null | undefined): string => boletoPart(boleto, 'part_fee_boleto');

/** A boleto charged to the unit (a fee, a fine): its number, amount, due day and line. */
function boletoPart(
  boleto: FeeBoleto | null | undefined,
  key: 'part_fee_boleto' | 'part_penalty_boleto',
): string {
  if (!boleto) return '';
  const amount = money(boleto.amount_cents);
  const line = say(key, {
    number: boleto.number,
    fee: amount,
    amount,
    due: formatDate(boleto.due_date, 'pt-BR'),
    line: formatDigitableLine(boleto.digitable_line),
  });
  return boleto.registered ? line : `${line}${say('part_fee_boleto_demo')}`;
}

/** What a cancellation does (or did) to the fee: cancelled in time, still due, already paid. */
function feeOnCancel(v: Values, keys: { cancel: string; keep: string }): string {
  const params = { number: Number(v.fee_number), hours: Number(v.free_cancel_hours) };
  if (v.fee_outcome === 'cancel') return say(keys.cancel, params);
  if (v.fee_outcome === 'keep') return say(keys.keep, params);
  if (v.fee_outcome === 'paid') return say('part_fee_was_paid');
  return '';
}

function availability(r: Values): string {
  const free = r.free_windows as unknown[];
  const asked = r.asked as { start_time: string; end_time: string; free: boolean } | undefined;
  const base = { space: String(r.space_name), date: dayText(String(r.date)) };
  if (asked)
    return asked.free
      ? say('availability_free', { ...base, window: window(asked.start_time, asked.end_time) })
      : say('availability_taken', {
          ...base,
          window: window(asked.start_time, asked.end_time),
          windows: free.length > 0 ? windows(free) : '—',
        });
  if (free.length === 0) return say('availability_day_full', base);
  return say('availability_day', {
    ...base,
    opens: String(r.opens),
    closes: String(r.closes),
    windows: windows(free),
  });
}

function list(r: Values): string {
  const rows = r.reservations as Array<Values>;
  const filter = r.space_name ? say('filter_space', { space: String(r.space_name) }) : '';
  if (rows.length === 0) return say('list_empty', { filter });
  const lines = rows.map((row) =>
    say(row.held === true ? 'list_line_held' : 'list_line', {
      line: say('reservation_line', {
        space: String(row.space_name),
        date: dayText(String(row.date)),
        start: String(row.start_time),
        end: String(row.end_time),
      }),
      suppliers: suppliersPart(row.services),
    }),
  );
  return [say('list_header', { unit: String(r.unit_label) }), ...lines].join('\n');
}

function occupancy(r: Values): string {
  if (r.date !== undefined) {
    const date = dayText(String(r.date));
    const rows = r.bookings as Array<Values>;
    if (rows.length === 0) return say('occupancy_day_empty', { date });
    const lines = rows.map((row) =>
      say('occupancy_day_line', {
        space: String(row.space_name),
        start: String(row.start_time),
        end: String(row.end_time),
        unit: String(row.unit_label),
        held: row.held === true ? say('part_held') : '',
        suppliers: suppliersPart(row.services),
      }),
    );
    return [say('occupancy_day_header', { date }), ...lines].join('\n');
  }
  const lines = (r.spaces as Array<Values>).map((space) =>
    say('occupancy_line', {
      space: String(space.space_name),
      bookings:
        Number(space.bookings) === 1
          ? say('bookings_one')
          : say('bookings_many', { count: Number(space.bookings) }),
      hours: formatHours(Number(space.hours)),
      percent: Number(space.percent),
    }),
  );
  return [
    say('occupancy_header', {
      from: formatDate(String(r.from), 'pt-BR'),
      to: formatDate(String(r.to), 'pt-BR'),
      days: Number(r.days),
    }),
    ...lines,
  ].join('\n');
}

/** "12,5" (pt-BR decimal comma), "4". */
const formatHours = (hours: number): string => String(hours).replace('.', ',');
