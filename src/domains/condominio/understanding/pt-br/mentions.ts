import type { EpochDay } from '../../../../nlu/civil-date';
import { extractDates, type DateMention } from '../../../../nlu/pt-br/dates';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { readTimeWindow, type TimeWindow } from '../../../../nlu/pt-br/time-window';
import { extractGuests, type GuestsMention } from './guests';
import { extractSpaces, type SpaceMention } from './spaces';

/**
 * Everything a resident's message mentions, read once in a fixed order: days first ("dia 12"
 * is a day, not 12 people), then the time window, then the spaces and the number of guests.
 */
export interface CondoMentions {
  dates: DateMention[];
  window: TimeWindow;
  spaces: SpaceMention[];
  guests: GuestsMention[];
}

export function readMentions(scan: Scan, today: EpochDay): CondoMentions {
  const dates = extractDates(scan, today);
  const window = readTimeWindow(scan);
  const spaces = extractSpaces(scan);
  const guests = extractGuests(scan);
  return { dates, window, spaces, guests };
}
