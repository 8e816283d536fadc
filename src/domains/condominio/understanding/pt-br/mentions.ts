import type { EpochDay } from '../../../../nlu/civil-date';
import { extractDates, type DateMention } from '../../../../nlu/pt-br/dates';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { readTimeWindow, type TimeWindow } from '../../../../nlu/pt-br/time-window';
import { extractGuests, type GuestsMention } from './guests';
import { extractNoticeText, type NoticeText } from './notice-text';
import { extractSpaces, type SpaceMention } from './spaces';

/**
 * Everything a resident's message mentions, read once in a fixed order: a notice's text first
 * (sent as written), then days ("dia 12" is a day, not 12 people), the time window, the spaces
 * and the number of guests.
 */
export interface CondoMentions {
  /** The text of a notice to the residents, when the message carries one. */
  notice?: NoticeText;
  dates: DateMention[];
  window: TimeWindow;
  spaces: SpaceMention[];
  guests: GuestsMention[];
}

export function readMentions(scan: Scan, today: EpochDay): CondoMentions {
  // First: a notice's words are sent as written, never read as the request's day or space.
  const notice = extractNoticeText(scan);
  const dates = extractDates(scan, today);
  const window = readTimeWindow(scan);
  const spaces = extractSpaces(scan);
  const guests = extractGuests(scan);
  return { ...(notice ? { notice } : {}), dates, window, spaces, guests };
}
