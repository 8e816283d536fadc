import type { Span } from '../../../../nlu/es-mx/spans';
import type { Intent } from './intents';

/**
 * A long message often tells a story around its request ("el año pasado en diciembre se me fue
 * como 9 mil en regalos… ¿me dices cuánto llevo gastado este mes en ropa?"): the story's
 * amounts, days and categories are not the request's. `Focus` reads each kind of value from the
 * request's sentence first.
 */
export interface Focus {
  /** The values in the request's sentence, or all of them when it holds none of this kind. */
  prefer<T extends Span>(mentions: readonly T[]): readonly T[];
  /** Only the values in the request's sentence: for optional values a story must not set. */
  only<T extends Span>(mentions: readonly T[]): readonly T[];
}

/** The words that ask for each write; a read is asked as a question. */
const WRITE_VERBS: Partial<Record<Intent, RegExp>> = {
  LOG_TRANSACTION: /\b(?:apunt|anot|registr|regitr|agreg|pon[lm]?[eo]|ponlo|ponla|guard|sum|carg|mete)\w*/,
  SET_BUDGET: /\b(?:pon|fij|defin|establec|limit|presupuest|tope)\w*/,
  MANAGE_DEBT: /\b(?:actualiz|apunt|anot|registr|marc|agreg|cambi|pon)\w*/,
  SET_BANK_BALANCE: /\b(?:actualiz|pon|registr|saldo)\w*/,
};
const READS: ReadonlySet<Intent> = new Set(['QUERY_DATA', 'SIMULATE_PURCHASE']);

/** Sentences of the folded text: a mark ends one, an ellipsis ("…", "...") does not. */
const SENTENCES = /(?:[^.!?…]|\.{2,}|…)*(?:[.!?]+|$)/g;

const EVERYTHING: Focus = { prefer: (mentions) => mentions, only: (mentions) => mentions };

/**
 * What the writer says they will record themselves later is not asked now: "los 3 mil del
 * intercambio ya los gasté pero eso lo anoto luego".
 */
const PUT_OFF =
  /\b(?:(?:eso |esos |esa |esas )?(?:lo|la|los|las) (?:anoto|apunto|registro|pongo) (?:luego|despues|al rato|mas tarde|otro dia)|(?:luego|despues|al rato) (?:lo|la|los|las) (?:anoto|apunto|registro|pongo))\b/;

/** A focus on the values `keep` accepts: preferred (all of them when it accepts none), or only. */
function focusWhere(keep: (mention: Span) => boolean): Focus {
  const only = <T extends Span>(mentions: readonly T[]) => mentions.filter(keep);
  return {
    prefer: (mentions) => {
      const kept = only(mentions);
      return kept.length > 0 ? kept : mentions;
    },
    only,
  };
}

const within = (span: Span) => (m: Span) => m.start >= span.start && m.end <= span.end;

/** Every value but those of the sentences put off (all of them when nothing else is left). */
function withoutPutOff(putOff: readonly Span[]): Focus {
  if (putOff.length === 0) return EVERYTHING;
  return focusWhere((m) => !putOff.some((span) => within(span)(m)));
}

export function focusOn(intent: Intent, folded: string): Focus {
  const sentences: Span[] = [];
  for (const match of folded.matchAll(SENTENCES)) {
    if (match[0].trim() !== '') sentences.push({ start: match.index, end: match.index + match[0].length });
  }
  if (sentences.length < 2) return EVERYTHING;
  const verbs = WRITE_VERBS[intent];
  const text = (sentence: Span) => folded.slice(sentence.start, sentence.end);
  const deferred = (sentence: Span) => PUT_OFF.test(text(sentence));
  const asks = (sentence: Span) =>
    !deferred(sentence) &&
    (verbs ? verbs.test(text(sentence)) : READS.has(intent) && /[?¿]/.test(text(sentence)));
  const last = [...sentences].reverse().find(asks);
  if (!last) return withoutPutOff(sentences.filter(deferred));
  // Questions asked one after another are one request ("¿ayer anoté algo del súper? ¿cuánto fue?").
  let first = sentences.indexOf(last);
  while (READS.has(intent) && first > 0 && asks(sentences[first - 1]!)) first--;
  return focusWhere(within({ start: sentences[first]!.start, end: last.end }));
}
