import { foldAccents } from '../../../../core/text';
import type { EntityConflict } from '../../../../core/understanding';
import { EntityCollector } from '../../../../nlu/pt-br/entity-collector';
import { timeOf } from '../../clock';
import type { CondoMentions } from './mentions';

export type Intent =
  | 'CHECK_AVAILABILITY'
  | 'CREATE_RESERVATION'
  | 'LIST_RESERVATIONS'
  | 'CANCEL_RESERVATION'
  | 'PUBLISH_NOTICE'
  | 'CHECK_OCCUPANCY'
  | 'APPLY_PENALTY'
  | 'GENERAL_QUESTION'
  | 'UNKNOWN';

export const INTENTS: readonly Intent[] = [
  'CHECK_AVAILABILITY',
  'CREATE_RESERVATION',
  'LIST_RESERVATIONS',
  'CANCEL_RESERVATION',
  'PUBLISH_NOTICE',
  'CHECK_OCCUPANCY',
  'APPLY_PENALTY',
  'GENERAL_QUESTION',
  'UNKNOWN',
];

const FIELDS: Record<Intent, ReadonlySet<string>> = {
  CHECK_AVAILABILITY: new Set(['space', 'date', 'start_time', 'end_time']),
  CREATE_RESERVATION: new Set(['space', 'date', 'start_time', 'end_time', 'guests', 'suppliers']),
  LIST_RESERVATIONS: new Set(['space']),
  CANCEL_RESERVATION: new Set(['space', 'date']),
  PUBLISH_NOTICE: new Set(['message_content']),
  CHECK_OCCUPANCY: new Set(['space', 'date']),
  APPLY_PENALTY: new Set(['unit', 'infraction']),
  GENERAL_QUESTION: new Set(),
  UNKNOWN: new Set(),
};

/**
 * The intent's entities from what the message mentions. A booking is ahead: of the days said,
 * one already gone is dropped when another is not ("fizemos ontem… reserva pro sábado").
 * Two spaces or two days are asked about, never guessed between; the number of guests said
 * last stands.
 */
export function resolveEntities(
  intent: Intent,
  mentions: CondoMentions,
): { entities: Record<string, string | number>; conflicts: EntityConflict[] } {
  const out = new EntityCollector();
  const wants = FIELDS[intent];
  if (wants.has('space')) {
    // "a churrasq tá livre? quero fazer um churras": a short form of a longer name said too is the same space.
    const folded = mentions.spaces.map((space) => foldAccents(space.text.toLowerCase()));
    mentions.spaces.forEach((space, i) => {
      const key = folded[i]!;
      if (folded.some((other) => other !== key && other.startsWith(key))) return;
      out.add('space', space.text, key);
    });
  }
  if (wants.has('date')) {
    const dated = mentions.dates.filter((date) => date.iso !== undefined);
    const ahead = dated.filter((date) => !date.past);
    for (const date of ahead.length > 0 ? ahead : dated) out.add('date', date.iso as string);
  }
  if (wants.has('start_time') && mentions.window.start !== undefined)
    out.add('start_time', timeOf(mentions.window.start));
  if (wants.has('end_time') && mentions.window.end !== undefined)
    out.add('end_time', timeOf(mentions.window.end));
  if (wants.has('message_content') && mentions.notice) out.add('message_content', mentions.notice.text);
  if (wants.has('unit') && mentions.penalty.unit) out.add('unit', mentions.penalty.unit.text);
  if (wants.has('infraction') && mentions.penalty.infraction)
    out.add('infraction', mentions.penalty.infraction.text);
  // Every service said is asked for, once, in one request ("buffet, DJ").
  const services = [...new Set(mentions.suppliers.map((s) => s.service))];
  if (wants.has('suppliers') && services.length > 0) out.add('suppliers', services.join(', '));
  const guests = mentions.guests.at(-1);
  if (wants.has('guests') && guests) out.add('guests', guests.count);
  return out.result();
}
