import { isoDate, validDay, type EpochDay } from '../../../../nlu/civil-date';
import type { DateMention } from '../../../../nlu/pt-br/dates';
import { originalSlice } from '../../../../nlu/pt-br/prepared-text';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { foldAccents } from '../../../../core/text';

/** A day and a month said without a year: "dia 24/12", "24 de dezembro", "o dia 5/1". */
const BARE_DAY_MONTH = /^(?:(?:n?o )?dia )?\d{1,2}(?: ?[/.-] ?\d{1,2}| de [a-z]+)$/;

/**
 * The shared reader takes a day and month said with a past verb for the last one ("quem
 * reservou o salão dia 24/12?" in November: last December), right for money already paid. In a
 * condominium the days asked about are bookings, mostly ahead: such a day is the nearest of its
 * two occurrences, the last one or the next one (in January, "quem reservou dia 24/12" is still
 * three weeks ago).
 */
export function nearestBareDayMonth(dates: DateMention[], scan: Scan, today: EpochDay): void {
  for (const date of dates) {
    if (!date.iso || !(date.past || date.toldAsDone)) continue;
    const said = foldAccents(originalSlice(scan.text, date.from, date.to).toLowerCase().trim());
    if (!BARE_DAY_MONTH.test(said)) continue;
    const [year, month, day] = date.iso.split('-').map(Number) as [number, number, number];
    const last = validDay(year, month, day);
    const next = validDay(year + 1, month, day);
    if (last === undefined || next === undefined || last >= today) continue;
    if (next - today < today - last) {
      date.iso = isoDate(next);
      delete date.past;
      delete date.toldAsDone;
    }
  }
}
