import { normalizeForMatch } from '../../core/text';
import { civilDate, daysInMonth, epochDay, isoDate } from '../../nlu/civil-date';
import type { RecalledValue, RememberedValues, Scope } from '../types';

/**
 * The due date a person's memory gives a new boleto when the message names none (seed 003
 * §5.1): "eu prefiro vencimento no dia 10" (the next 10th after today) or "eu sempre dou 5 dias
 * de prazo" (five days from today). Only these two shapes are read; any other memory gives
 * nothing, and the pipeline asks for the date as before. The value is shown in the proposal with
 * the memory's words, so a "sim" confirms it knowingly.
 */
const DAY_OF_MONTH = [
  /\bvenc\w*\b[^.;!?]*?\bdia\s+(\d{1,2}|primeiro)\b/,
  /\bdia\s+(\d{1,2}|primeiro)\b[^.;!?]*?\bvenc\w*/,
];
const DAYS_AHEAD = [
  /\b(\d{1,2})\s+dias?\s+(?:de\s+)?prazo\b/,
  /\bprazo\s+de\s+(\d{1,2})\s+dias?\b/,
  /\bvenc\w*\s+(?:em|com|daqui a)\s+(\d{1,2})\s+dias?\b/,
];

function dayNumber(word: string): number {
  return word === 'primeiro' ? 1 : Number(word);
}

/** The first day after `today` that is day `dom` of its month; a short month gives its last day. */
function nextDayOfMonth(today: string, dom: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const inMonth = (year: number, month: number) => Math.min(dom, daysInMonth(year, month));
  if (d < inMonth(y, m)) return isoDate(epochDay(y, m, inMonth(y, m)));
  const next = civilDate(epochDay(y, m + 1, 1));
  return isoDate(epochDay(next.year, next.month, inMonth(next.year, next.month)));
}

function addDays(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return isoDate(epochDay(y, m, d + days));
}

/** The due date a memory's words give, if they give one. */
export function rememberedDueDate(description: string, today: string): string | undefined {
  const text = normalizeForMatch(description);
  for (const pattern of DAY_OF_MONTH) {
    const dom = pattern.exec(text)?.[1];
    if (dom !== undefined && dayNumber(dom) >= 1 && dayNumber(dom) <= 31)
      return nextDayOfMonth(today, dayNumber(dom));
  }
  for (const pattern of DAYS_AHEAD) {
    const days = pattern.exec(text)?.[1];
    if (days !== undefined && Number(days) >= 1 && Number(days) <= 60) return addDays(today, Number(days));
  }
  return undefined;
}

export const boletosRemembered: RememberedValues = {
  fields: (intent) => (intent === 'CREATE_BOLETO' ? ['due_date'] : []),
  recall(intent, missing, memories, scope: Scope): RecalledValue | undefined {
    if (intent !== 'CREATE_BOLETO' || !missing.includes('due_date')) return undefined;
    for (const memory of memories) {
      const due = rememberedDueDate(memory.description, scope.today);
      if (due !== undefined) return { field: 'due_date', value: due, memory };
    }
    return undefined;
  },
};
