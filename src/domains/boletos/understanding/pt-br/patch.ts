import type { PatchContext, Understanding } from '../../../../core/understanding';
import { todayIn } from '../../../../nlu/civil-date';
import { readBareName } from '../../../../nlu/pt-br/contact-name';
import { EntityCollector } from '../../../../nlu/pt-br/entity-collector';
import { readMentions } from './mentions';
import { prepare } from '../../../../nlu/pt-br/prepared-text';
import { Scan } from '../../../../nlu/pt-br/scan';

/**
 * Reads a reply to a clarification question for the fields that were asked, and only those.
 *
 * Because the question gives the reply its meaning, bare values are accepted here that a
 * fresh message would not carry: "150" is R$ 150 when an amount was asked and boleto 150 when
 * a boleto number was asked (when both were asked a bare number is ambiguous and read as
 * neither); "João Silva" is a name when a contact was asked; "15" is "dia 15" when only a date
 * was asked; the whole reply is the text when a message text was asked. A reply that is a
 * complete new request is still read only for the expected fields: the pipeline decides.
 */
export function readPatch(text: string, ctx: PatchContext): Pick<Understanding, 'entities' | 'conflicts'> {
  const expected = new Set(ctx.expected);
  const prepared = prepare(text);
  const scan = new Scan(prepared);
  const today = todayIn(ctx.now, ctx.timeZone);
  const mentions = readMentions(scan, today, { content: expected.has('message_content') });
  const out = new EntityCollector();

  const wantsAmount = expected.has('amount_cents');
  const wantsId = expected.has('boleto_id');
  if (wantsAmount) for (const amount of mentions.amounts) out.add('amount_cents', amount.cents);
  if (wantsId) for (const id of mentions.ids) out.add('boleto_id', id.value);
  for (const bare of mentions.bare) {
    if (wantsAmount && !wantsId && bare.cents !== undefined) out.add('amount_cents', bare.cents);
    if (wantsId && !wantsAmount && bare.id !== undefined) out.add('boleto_id', bare.id);
  }

  if (expected.has('due_date')) {
    for (const date of mentions.dates) if (date.iso !== undefined) out.add('due_date', date.iso);
    const onlyBareDay = mentions.dates.length === 0 && !wantsAmount && !wantsId && mentions.bare.length === 1;
    const day = mentions.bare[0]?.id;
    if (onlyBareDay && day !== undefined) {
      // Re-read the reply as "dia N", so the day gets the same rules as in a full message.
      const asDay = readMentions(new Scan(prepare(`dia ${day}`)), today, { content: false }).dates[0]?.iso;
      if (asDay !== undefined) out.add('due_date', asDay);
    }
  }

  if (expected.has('contact_name')) {
    const bestRank = mentions.names[0]?.rank;
    for (const name of mentions.names) if (name.rank === bestRank) out.addName(name.text);
    const bare = mentions.names.length === 0 ? readBareName(scan) : undefined;
    if (bare !== undefined) out.addName(bare);
  }

  if (expected.has('message_content')) {
    const whole = prepared.original.trim();
    const content = mentions.content?.text ?? whole;
    if (content !== '') out.add('message_content', content);
  }

  const { entities, conflicts } = out.result();
  return conflicts.length > 0 ? { entities, conflicts } : { entities };
}
