import type { Intent } from './intents';
import type { BareNumber } from '../../../../nlu/pt-br/money';
import type { IdMention } from './boleto-ids';
import type { Mentions } from './mentions';
import { focused, type RequestSpan } from './request-span';
import { EntityCollector, type Resolved } from '../../../../nlu/pt-br/entity-collector';

/**
 * Turns mentions into the entities of an intent. The names are the contract with the pipeline:
 * contact_name, amount_cents, due_date, boleto_id, message_content (and `status`, `due_from`
 * and `due_until`, internal to LIST_BOLETOS: a stretch of due dates, see list-window.ts).
 *
 * Unmarked numbers are read by intent: creating, "boleto 150" is the amount; cancelling or
 * checking, "o 45" is the boleto number; otherwise they are dropped. A field with two
 * different values is left out and reported in `conflicts`. GENERAL_QUESTION and UNKNOWN carry
 * no entities: a date in "qual a previsão do tempo amanhã?" is not a due date.
 */
export type Entities = Record<string, string | number>;

/**
 * The fields each intent reads. A value the words hold for another purpose is not an entity
 * of this intent: in "cancela o boleto que venceu ontem" the date describes the boleto and is
 * not a due date for Gate 3 to refuse as past.
 */
const FIELDS: Record<Intent, ReadonlySet<string>> = {
  CREATE_BOLETO: new Set(['contact_name', 'amount_cents', 'due_date']),
  CANCEL_BOLETO: new Set(['contact_name', 'boleto_id']),
  CHECK_STATUS: new Set(['contact_name', 'boleto_id']),
  SEND_MESSAGE: new Set(['contact_name', 'message_content']),
  LIST_BOLETOS: new Set(['contact_name', 'due_date', 'due_from', 'due_until', 'status']),
  GENERAL_QUESTION: new Set(),
  UNKNOWN: new Set(),
};

/**
 * The boleto numbers of the request; a number in the story around it is one only when said
 * as a boleto's ("o boleto 347"), not a figure told in passing ("coloquei 350 em vez de 530").
 */
function idsOf(mentions: Mentions, span: RequestSpan | undefined): ReadonlyArray<IdMention | BareNumber> {
  const ids = focused([...mentions.ids, ...mentions.bare], span);
  if (span === undefined || ids.some((id) => id.from >= span.sentence.from && id.to <= span.sentence.to))
    return ids;
  const saidAsIds: ReadonlyArray<IdMention | BareNumber> = [...mentions.ids, ...mentions.boletoNumbers];
  return ids.filter((id) => saidAsIds.includes(id));
}

export function resolveEntities(intent: Intent, mentions: Mentions, span?: RequestSpan): Resolved {
  const out = new EntityCollector();
  const wants = FIELDS[intent];
  if (wants.size === 0) return out.result();

  // In a story, the request's own sentence holds its values (see request-span.ts). A list's
  // filters are optional: only the request sets them, never a story around it ("quais
  // boletos já foram pagos? quero fechar o caixa da distribuidora" lists them all).
  const onlyRequest = intent === 'LIST_BOLETOS';
  const ids = wants.has('boleto_id') ? idsOf(mentions, span) : [];
  // A request naming its boleto by number needs no one from the story ("o seu Antonio veio
  // reclamar… o boleto 1203 tá pago?" is about 1203, not about Antonio).
  // Nor does it need a person merely told about in its sentence ("cancela o boleto 872, o Sérgio
  // do escritório emitiu errado"): with a number, only a name cued as the boleto's or its
  // recipient's is kept.
  const cued = ids.length > 0 ? mentions.names.filter((name) => name.rank < 3) : mentions.names;
  const names = focused(cued, span, { onlyRequest: onlyRequest || ids.length > 0 });
  // A request that only refers back ("gera pra ela") to a story with several people: every
  // name is a candidate, so the person is asked which one instead of the likeliest being taken.
  const referredBack = span !== undefined && names === mentions.names;
  const bestRank = Math.min(...names.map((name) => name.rank));
  for (const name of names) if (referredBack || name.rank === bestRank) out.addName(name.text);

  let amounts = wants.has('amount_cents') ? focused([...mentions.amounts, ...mentions.bare], span) : [];
  // "lembra daquele boleto 312 do Rogério? … manda outro boleto pra ele de 680": a number said
  // as a boleto's names that boleto; it is the amount only when no other is said ("cria
  // boleto 150 pro João").
  const boletoNumbers = new Set<object>(mentions.boletoNumbers);
  const notNumbers = amounts.filter((amount) => !boletoNumbers.has(amount));
  if (notNumbers.length > 0) amounts = notNumbers;
  // "…pagou o 212 com R$ 250 a mais. Então faz um boleto pra ela de menos 250": a refused amount
  // in the request leaves the amount out (Gate 3 asks), never one from the story.
  const refused = new Set<object>(mentions.refusedAmounts);
  if (focused([...amounts, ...mentions.refusedAmounts], span).some((said) => refused.has(said))) amounts = [];
  if (wants.has('amount_cents'))
    for (const amount of mentions.amounts)
      if (amounts.includes(amount)) out.add('amount_cents', amount.cents);
  if (wants.has('boleto_id'))
    for (const id of mentions.ids) if (ids.includes(id)) out.add('boleto_id', id.value);
  for (const bare of mentions.bare) {
    if (amounts.includes(bare) && bare.cents !== undefined) out.add('amount_cents', bare.cents);
    if (ids.includes(bare) && bare.id !== undefined) out.add('boleto_id', bare.id);
  }

  const window = wants.has('due_until') ? mentions.listWindow : undefined;
  if (window) {
    if (window.from !== undefined) out.add('due_from', window.from);
    out.add('due_until', window.until);
  } else if (wants.has('due_date')) {
    // A story around the request may hold other days ("ontem fechei o serviço ... vence sexta"):
    // when a due word introduces some of the dates, those are the due date.
    const dated = mentions.dates.filter((date) => date.iso !== undefined);
    const due = mentions.dueDates.filter(
      (date) => date.iso !== undefined && (intent !== 'LIST_BOLETOS' || mentions.listDates.includes(date)),
    );
    // A list filters by due date: without a due word, a day told of something done ("a Vera
    // pagou um hj, me lista os outros boletos dela") says when it happened, not what to list.
    // Nor does a day said in another clause ("…antes de mandar o próximo pedido na terça").
    const told =
      intent === 'LIST_BOLETOS'
        ? dated.filter((date) => !date.toldAsDone && mentions.listDates.includes(date))
        : dated;
    // "o boleto da Juliana venceu sexta passada, gera outro pra sexta que vem": a due word of the
    // old boleto's day gone by does not make it the new one's.
    const oldDueOnly =
      intent === 'CREATE_BOLETO' && due.every((date) => date.past) && told.some((d) => !d.past);
    let candidates = focused(due.length > 0 && !oldDueOnly ? due : told, span, { onlyRequest });
    // A new boleto falls due ahead: a day already gone ("entreguei ontem … gera pra próxima
    // quarta") is the story's when another day is said. Alone it stays, and Gate 3 refuses it.
    if (intent === 'CREATE_BOLETO' && candidates.some((date) => !date.past))
      candidates = candidates.filter((date) => !date.past);
    for (const date of candidates) out.add('due_date', date.iso as string);
  }

  if (wants.has('message_content') && mentions.content !== undefined)
    out.add('message_content', mentions.content.text);
  if (wants.has('status') && mentions.status !== undefined) out.add('status', mentions.status);
  return out.result();
}
