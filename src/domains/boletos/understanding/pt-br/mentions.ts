import { extractMarkedIds, type IdMention } from './boleto-ids';
import type { EpochDay } from '../../../../nlu/civil-date';
import { extractNames, type NameMention } from '../../../../nlu/pt-br/contact-name';
import { extractDates, type DateMention } from '../../../../nlu/pt-br/dates';
import { extractContent, type ContentMention } from '../../../../nlu/pt-br/message-content';
import {
  extractMoney,
  type AmountMention,
  type BareNumber,
  type RefusedAmount,
} from '../../../../nlu/pt-br/money';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { extractStatus, type BoletoStatus } from './status-filter';
import { listWindow, type DueWindow } from './list-window';
import { claimTimes } from '../../../../nlu/pt-br/times';

/**
 * Everything the message mentions, before knowing what the user wants. The order is the
 * point: each extractor takes its tokens, so later ones cannot read them again.
 */
export interface Mentions {
  content: ContentMention | undefined;
  dates: DateMention[];
  /** The dates a due word introduces ("vence sexta", "vencimento pra segunda", "até o dia 10"). */
  dueDates: DateMention[];
  /** The dates that may filter a list: not one of a clause about something else. */
  listDates: DateMention[];
  /** A stretch of due dates a list may ask about ("essa semana", "até sexta", "em dezembro"). */
  listWindow: DueWindow | undefined;
  ids: IdMention[];
  amounts: AmountMention[];
  /** Unmarked numbers: amounts or boleto numbers depending on the intent. */
  bare: BareNumber[];
  /** The unmarked numbers said right after a boleto word ("o boleto 347"). */
  boletoNumbers: BareNumber[];
  /** Amounts that can never be proposed ("menos 250"): where the request's amount may have been said. */
  refusedAmounts: RefusedAmount[];
  names: NameMention[];
  status: BoletoStatus | undefined;
}

export function readMentions(scan: Scan, today: EpochDay, options: { content: boolean }): Mentions {
  const content = options.content ? extractContent(scan) : undefined;
  const dates = extractDates(scan, today);
  const dueDates = dates.filter((date) => introducedAsDue(scan, date.from));
  claimTimes(scan);
  const ids = extractMarkedIds(scan);
  const money = extractMoney(scan);
  // The person introducing themselves ("aqui é a Carla do pet shop") is never the customer.
  const names = extractNames(scan).filter((name) => !introducedAsSpeaker(scan, name.from));
  const status = extractStatus(scan);
  const owned = withoutOwed(scan, { amounts: money.amounts, bare: money.bare });
  return {
    content,
    dates: withoutDenied(scan, dates),
    dueDates: withoutDenied(scan, dueDates),
    listDates: dates.filter((date) => mayFilterList(scan, date)),
    listWindow: listWindow(scan, dates, today),
    ids,
    ...owned,
    boletoNumbers: owned.bare.filter((value) => saidAsBoletoNumber(scan, value.from)),
    refusedAmounts: money.refused,
    names: withoutDenied(scan, names),
    status,
  };
}

/** Words of a request for a list of boletos. */
const LIST_WORDS =
  /^(?:boletos?|cobrancas?|lista|listar|mostra|mostrar|mostre|quais|qual|vencid[oa]s?|pag[oa]s|abertos?|pendentes?|atrasad[oa]s?|relacao|tem|vence\w*)$/;
/** A verb of something else going on: an infinitive, a past tense, a going-to. */
const OTHER_VERB = /^(?:[a-z]{2,}(?:ar|er|ir|ou|eu|iu)|vem|vai|vou|vamos|foi|teve|fez|veio)$/;
const CLAUSE_ENDS = new Set([',', '.', ';', ':', '!', '?']);
const HABIT_WORDS = new Set(['sempre', 'costumo', 'geralmente', 'normalmente', 'prefiro', 'gosto']);
/** "…na terça, então me diz quais vencem nesse dia": the list points back to the day said. */
const SAME_DAY = /\b(?:nesse|neste|naquele|no mesmo|nesse mesmo) dia\b/;

/**
 * Whether a date may filter a list: not when its clause tells of something else and asks for
 * no list ("lista os boletos pagos da Doce Mel, … antes de mandar o próximo pedido na terça"),
 * unless the list points back to it ("nesse dia"). "e amanhã?" and "me mostra os de amanhã" may.
 */
function mayFilterList(scan: Scan, date: DateMention): boolean {
  if (SAME_DAY.test(scan.text.joined)) return true;
  let from = date.from;
  while (from > 0 && !CLAUSE_ENDS.has(scan.word(from - 1))) from--;
  let to = date.to;
  while (to < scan.tokens.length && !CLAUSE_ENDS.has(scan.word(to))) to++;
  // "lista meus boletos, ah e eu sempre uso vencimento no dia 10": a habit told, not a filter.
  for (let i = from; i < to; i++) if (HABIT_WORDS.has(scan.word(i))) return false;
  let otherVerb = false;
  for (let i = from; i < to; i++) {
    if (i >= date.from && i < date.to) continue;
    if (LIST_WORDS.test(scan.word(i))) return true;
    if (OTHER_VERB.test(scan.word(i))) otherVerb = true;
  }
  return !otherVerb;
}

const DUE_WORDS = new Set([
  'vence',
  'vencem',
  'venceu',
  'venceram',
  'vencimento',
  'vencendo',
  'vcto',
  'venc',
  'vencer',
  'ate',
  'prazo',
]);
const LINKS = new Set(['pra', 'para', 'pro', 'no', 'na', 'dia', 'o', 'em', 'de', 'com', ':']);

/** A due word within the three tokens before the date, only prepositions between. */
function introducedAsDue(scan: Scan, from: number): boolean {
  for (let i = from - 1; i >= Math.max(0, from - 3); i--) {
    if (DUE_WORDS.has(scan.word(i))) return true;
    if (!LINKS.has(scan.word(i))) return false;
  }
  return false;
}

const ARTICLES = new Set(['a', 'o']);
const IS = new Set(['e', 'eh']);

/**
 * "aqui é a Carla", "sou o Marcelo", "meu nome é Edson", "é a Rosângela da padaria": the
 * writer's own name, said to introduce themselves.
 */
function introducedAsSpeaker(scan: Scan, from: number): boolean {
  let i = from - 1;
  const article = ARTICLES.has(scan.word(i));
  if (article) i--;
  const word = scan.word(i);
  if (word === 'sou') return true;
  if (!IS.has(word)) return false;
  const before = scan.word(i - 1);
  if (before === 'aqui' || before === 'nome') return true;
  // "então é a Rosângela da padaria": "é" + article + name + where they work. Typed without its
  // accent at the start, "e a Padaria Pão Quente, já pagou?" is "and": the person is then
  // said with where they work ("e a Rosangela da padaria").
  const token = scan.tokens[i];
  const accented = token !== undefined && scan.text.original.slice(token.start, token.end) !== 'e';
  const opens = i === 0 || before === 'entao' || before === 'oi' || before === 'ola';
  return article && opens && (accented || saysWhereFrom(scan, from));
}

/** After the name: "da padaria", "do pet shop", "aqui da loja". */
function saysWhereFrom(scan: Scan, from: number): boolean {
  let i = from + 1;
  while (scan.tokens[i]?.capitalized === true) i++;
  const next = scan.word(i);
  return next === 'da' || next === 'do' || next === 'aqui';
}

const DENIAL_LINKS = new Set(['o', 'a', 'os', 'as', 'do', 'da', 'dos', 'das', 'de', 'dia', 'pro', 'pra']);

/**
 * "cancela o da Patrícia, não o do Paulo", "os que vencem dia 10, não os do dia 5": a value
 * named only to be ruled out. Dropped when another of its kind remains.
 */
function withoutDenied<T extends { from: number }>(scan: Scan, mentions: readonly T[]): T[] {
  const kept = mentions.filter((mention) => !deniedBefore(scan, mention.from));
  return kept.length > 0 ? kept : [...mentions];
}

function deniedBefore(scan: Scan, from: number): boolean {
  for (let i = from - 1; i >= Math.max(0, from - 4); i--) {
    const word = scan.word(i);
    if (word === 'nao' || word === 'n') return i < from - 1; // "não o do Paulo", never "não Paulo"
    if (!DENIAL_LINKS.has(word)) return false;
  }
  return false;
}

const BOLETO_WORDS = new Set(['boleto', 'boletos', 'cobranca', 'fatura']);
const IS_OR_COLON = new Set(['e', 'eh', ':']);
const REFERRING = new Set(['o', 'do', 'no']);

/** "o boleto 347", "o número do boleto é 1187", "quer dizer, o 521": a number said as a boleto's. */
function saidAsBoletoNumber(scan: Scan, from: number): boolean {
  const before = IS_OR_COLON.has(scan.word(from - 1)) ? from - 2 : from - 1;
  return BOLETO_WORDS.has(scan.word(before)) || REFERRING.has(scan.word(from - 1));
}

const OWED = new Set(['deve', 'devia', 'devendo', 'deviam', 'devem']);

/**
 * "a Juliana me deve 600 mas vou cobrar só 450": what someone owes is told, what is charged is
 * asked; the owed amount is dropped when another amount remains.
 */
function withoutOwed(
  scan: Scan,
  money: { amounts: AmountMention[]; bare: BareNumber[] },
): { amounts: AmountMention[]; bare: BareNumber[] } {
  const owed = (value: { from: number }) =>
    OWED.has(scan.word(value.from - 1)) ||
    (scan.word(value.from - 1) === 'me' && OWED.has(scan.word(value.from - 2)));
  const amounts = money.amounts.filter((amount) => !owed(amount));
  const bare = money.bare.filter((value) => !owed(value));
  const dropped = amounts.length + bare.length < money.amounts.length + money.bare.length;
  return dropped && amounts.length + bare.length > 0 ? { amounts, bare } : money;
}
