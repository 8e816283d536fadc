import type { PatchContext, Understanding } from '../../../../core/understanding';
import { todayIn } from '../../../../nlu/civil-date';
import { EntityCollector } from '../../../../nlu/pt-br/entity-collector';
import { prepare } from '../../../../nlu/pt-br/prepared-text';
import { Scan } from '../../../../nlu/pt-br/scan';
import { foldAccents } from '../../../../core/text';
import { timeOf } from '../../clock';
import { readMentions } from './mentions';
import { NO_SUPPLIERS } from '../../suppliers';

/** "sem fornecedores", "sem eles", "nenhum", "não", "pode ser sem": the booking without suppliers. */
const NONE =
  /^(?:(?:pode ser |entao |ok,? |ta,? )?sem(?: (?:eles|fornecedor(?:es)?|nada|nenhum))?|nenhum|nao|nao precisa)[.!]?$/;

/**
 * Reads a reply to a question for the fields that were asked, and only those. The question
 * gives bare values their meaning: "18 às 23" is a window when a time was asked, "12" the
 * 12th when only a day was asked, "30" thirty people when only the guests were asked, and a
 * short reply that names no known kind of space is the space's name when a space was asked
 * ("o de cima") — Gate 3 then looks for it among the condominium's spaces.
 */
export function readPatch(text: string, ctx: PatchContext): Pick<Understanding, 'entities' | 'conflicts'> {
  const expected = new Set(ctx.expected);
  const today = todayIn(ctx.now, ctx.timeZone);
  const asksTime = expected.has('start_time') || expected.has('end_time');
  // A reply that opens on a number, to a question about the time: "18 às 23" is "das 18 às 23".
  const reply = asksTime && /^\s*\d/.test(text) ? `das ${text}` : text;
  const onlyDay = expected.size === 1 && expected.has('date') && /^\s*\d{1,2}\s*$/.test(text);
  const onlyGuests = expected.size === 1 && expected.has('guests') && /^\s*\d{1,4}\s*$/.test(text);
  const scan = new Scan(
    prepare(onlyDay ? `dia ${text.trim()}` : onlyGuests ? `${text.trim()} pessoas` : reply),
  );
  const mentions = readMentions(scan, today);
  const out = new EntityCollector();
  if (expected.has('space')) {
    for (const space of mentions.spaces) out.add('space', space.text, foldAccents(space.text.toLowerCase()));
    const words = text.trim().split(/\s+/);
    if (mentions.spaces.length === 0 && words.length <= 4 && text.trim() !== '')
      out.add('space', text.trim());
  }
  if (expected.has('date'))
    for (const date of mentions.dates) if (date.iso !== undefined) out.add('date', date.iso);
  if (asksTime) {
    if (mentions.window.start !== undefined) out.add('start_time', timeOf(mentions.window.start));
    if (mentions.window.end !== undefined) out.add('end_time', timeOf(mentions.window.end));
  }
  if (expected.has('guests')) for (const guests of mentions.guests) out.add('guests', guests.count);
  // Asked for a penalty's unit or infraction, a short reply is it ("apto 101", "o 204", "lixo");
  // a reply that reads as a whole penalty gives what it names.
  if (expected.has('unit')) {
    const unit = mentions.penalty.unit?.text ?? /(?:bloco\s+\S+\s*,?\s*)?\d{1,4}[a-z]?\b/i.exec(text)?.[0];
    if (unit) out.add('unit', unit.replace(/,/g, '').replace(/\s+/g, ' ').trim());
  }
  if (expected.has('infraction') && text.trim() !== '') {
    const words = text.trim().split(/\s+/);
    const infraction = mentions.penalty.infraction?.text ?? (words.length <= 6 ? text.trim() : undefined);
    if (infraction) out.add('infraction', infraction);
  }
  // Asked for the suppliers, the services the reply names, or none ("sem fornecedores", "nenhum").
  if (expected.has('suppliers')) {
    if (mentions.suppliers.length > 0)
      out.add('suppliers', [...new Set(mentions.suppliers.map((s) => s.service))].join(', '));
    else if (NONE.test(foldAccents(text.trim().toLowerCase()))) out.add('suppliers', NO_SUPPLIERS);
  }
  // Asked for a notice's text, the whole reply is the text.
  if (expected.has('message_content') && text.trim() !== '')
    out.add('message_content', mentions.notice?.text ?? text.trim());
  const { entities, conflicts } = out.result();
  return conflicts.length > 0 ? { entities, conflicts } : { entities };
}
