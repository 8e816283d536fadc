import type { EpochDay } from '../../../../nlu/civil-date';
import { extractDates, type DateMention } from '../../../../nlu/pt-br/dates';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { readTimeWindow, type TimeWindow } from '../../../../nlu/pt-br/time-window';
import { extractGuests, type GuestsMention } from './guests';
import { nearestBareDayMonth } from './nearest-day';
import { extractNoticeText, type NoticeText } from './notice-text';
import { extractPenalty, type PenaltyMentions } from './penalty';
import { extractSpaces, type SpaceMention } from './spaces';
import { extractSuppliers, type SupplierMention } from './suppliers';

/**
 * Everything a resident's message mentions, read once in a fixed order: a notice's text first
 * (sent as written), a penalty's unit and infraction, then days ("dia 12" is a day, not 12 people), the time window,
 * the outside services hired (a "churrasqueiro" is no space), the spaces and the number of guests.
 */
export interface CondoMentions {
  /** The text of a notice to the residents, when the message carries one. */
  notice?: NoticeText;
  dates: DateMention[];
  window: TimeWindow;
  spaces: SpaceMention[];
  /** Outside services for the booking ("com buffet e DJ"). */
  suppliers: SupplierMention[];
  guests: GuestsMention[];
  /** The unit and the infraction a síndico's penalty names. */
  penalty: PenaltyMentions;
}

export function readMentions(scan: Scan, today: EpochDay): CondoMentions {
  // First: a notice's words are sent as written, never read as the request's day or space.
  const notice = extractNoticeText(scan);
  // A penalty's unit number is never a day or a number of guests.
  const penalty = extractPenalty(scan);
  const dates = extractDates(scan, today);
  nearestBareDayMonth(dates, scan, today);
  const window = readTimeWindow(scan);
  const suppliers = extractSuppliers(scan);
  const spaces = extractSpaces(scan);
  const guests = extractGuests(scan);
  return { ...(notice ? { notice } : {}), dates, window, spaces, suppliers, guests, penalty };
}
