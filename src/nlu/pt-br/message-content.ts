import { nameAfterCue } from './contact-name';
import { TAKING_BACK } from './speech-act';
import { originalSlice } from './prepared-text';
import type { Scan } from './scan';
import { endsSentence } from './sentences';

/**
 * The text to send, for SEND_MESSAGE: "manda pro João dizendo que o boleto vence amanhã" ->
 * "o boleto vence amanhã". It is what follows, after a send verb (or with a speech word alone):
 * a colon ("manda pro joão: bom dia"), a quotation ("manda "pago" pra Bia"), a speech word
 * ("dizendo", "falando", "perguntando"; a "que" or colon right after it is dropped), a "que"
 * right after the recipient's name ("avisa o Pedro que ...") or, reminding, a "de" there
 * ("lembra a Vera de pagar o boleto").
 *
 * Its tokens are taken before any other extractor runs: the dates and amounts inside a message
 * belong to the message ("avisa a Juliana que o boleto de 300 reais vence dia 10" creates no
 * amount and no due date).
 */

export interface ContentMention {
  text: string;
  from: number;
  to: number;
}

const SEND_VERBS = new Set(
  `manda mandar mande envia enviar envie avisa avisar avise fala falar diz diga dizer lembra lembrar
lembre escreve escrever escreva notifica notificar notifique responde responder send encaminha
encaminhar encaminhe informa informar informe comunica comunicar comunique`.split(/\s+/),
);
/** "que" as people type it: "avisa a Rita q eu mandei". */
const QUE = new Set(['que', 'q', 'qe', 'ki']);
/** Speech words; for those marked true a following "que" is not part of the content. */
const SPEECH = new Map([
  ['dizendo', true],
  ['falando', true],
  ['avisando', true],
  ['informando', true],
  ['lembrando', true],
  ['escrevendo', true],
  ['contando', true],
  ['perguntando', false],
  ['pedindo', false],
]);
const QUOTES: Record<string, string> = { '"': '"', '“': '”', '‘': '’', "'": "'", '«': '»' };
/** "com a mensagem ...", "com o texto ..." */
const CONTENT_NOUNS = new Set(['mensagem', 'texto', 'recado']);

/** "msg pra Dani: amanhã passo aí": the noun alone, right before the recipient, is the order. */
const MESSAGE_NOUNS = new Set(['msg', 'mensagem', 'recado', 'zap']);
const TO = new Set(['pra', 'pro', 'para', 'p']);

/** True for a send verb addressed to a third party (not "me fala", which asks the bot). */
export function isSendVerb(scan: Scan, i: number): boolean {
  if (i === 0 && MESSAGE_NOUNS.has(scan.word(i)) && TO.has(scan.word(i + 1))) return true;
  if (!SEND_VERBS.has(scan.word(i)) || scan.word(i - 1) === 'me') return false;
  // "lembra da Helena que…" asks to remember her; "lembra a Vera de pagar" reminds Vera.
  return !(REMIND.has(scan.word(i)) && REMEMBER_OF.has(scan.word(i + 1)));
}

const REMEMBER_OF = new Set(['da', 'do', 'das', 'dos', 'de', 'que', 'q']);

/**
 * A speech word that starts the text to send on its own ("dizendo que o boleto vence amanhã"),
 * unless it tells what someone else said: in "a Vanessa ligou dizendo que não vai mais" the
 * words after "dizendo" are a story, not a message.
 */
function reportedSpeech(scan: Scan, i: number): boolean {
  if (!SPEECH.has(scan.word(i))) return false;
  // What someone keeps saying is a story too: "o Anderson vive dizendo que…", "ela tá falando que…".
  if (PROGRESSIVE.has(scan.word(i - 1))) return false;
  // The past verb may stand a few words back: "me ligou ontem dizendo que…", "mandou mensagem
  // pra mim dizendo que…". A send verb on the way means an order ("manda pra ela dizendo que").
  for (let back = i - 1; back >= Math.max(0, i - 4); back--) {
    const word = scan.word(back);
    if (SEND_VERBS.has(word)) return true;
    if (PAST_TENSE.test(word) || IRREGULAR_PAST.has(word)) return false;
  }
  return true;
}

const PAST_TENSE = /^[a-z]{2,}(?:ou|eu|iu)$/;
/** "o rapaz da elétrica veio aqui dizendo que pagou": irregular past verbs start a story too. */
const IRREGULAR_PAST = new Set('veio vieram disse disseram fez fizeram esteve teve trouxe'.split(' '));
/** Verbs that make the speech word after them an ongoing story, not an order. */
const PROGRESSIVE = new Set(
  'vive vivia fica ficava anda andava esta estava ta tava estao tao estavam continua vem vinha'.split(' '),
);

export function isSpeechWord(word: string): boolean {
  return SPEECH.has(word);
}

export function extractContent(scan: Scan): ContentMention | undefined {
  let mention = contentFrom(scan, 0);
  // "avisa a Kátia que o boleto venceu... não pera, fala pra ela que o boleto vence amanhã": the
  // writer corrected the text; the one to send is the last.
  for (let corrections = 0; mention !== undefined && corrections < 3; corrections++) {
    const resent = correctedSend(scan, mention);
    if (resent === undefined) break;
    mention = contentFrom(scan, resent) ?? mention;
  }
  return mention;
}

/** Words that open a correction after a pause ("…, não pera", "… ops", "… erro meu"). */
const CORRECTION = new Set(['nao', 'n', 'pera', 'perai', 'ops', 'opa', 'erro', 'quer', 'digo']);

/** A send verb inside `mention`, after a pause and a correction word, or undefined. */
function correctedSend(scan: Scan, mention: ContentMention): number | undefined {
  for (let i = mention.from + 1; i < mention.to; i++) {
    if (!PAUSE.has(scan.word(i - 1)) || !CORRECTION.has(scan.word(i))) continue;
    for (let verb = i + 1; verb < mention.to; verb++) if (isSendVerb(scan, verb)) return verb;
  }
  return undefined;
}

function contentFrom(scan: Scan, start: number): ContentMention | undefined {
  const { tokens } = scan;
  let verb = start;
  while (verb < tokens.length && !isSendVerb(scan, verb) && !reportedSpeech(scan, verb)) verb++;
  if (verb === tokens.length) return undefined;

  for (let i = SPEECH.has(scan.word(verb)) ? verb : verb + 1; i < tokens.length; i++) {
    const word = scan.word(i);
    const closing = QUOTES[word];
    if (closing !== undefined) {
      const end = findToken(scan, closing, i + 1);
      if (end > i + 1) return take(scan, i + 1, end, i, end + 1);
    }
    if (word === ':') return quotedAfterColon(scan, i) ?? takeRest(scan, i + 1, i);
    const dropQue = SPEECH.get(word);
    const verbatim =
      dropQue !== undefined || isSendVerb(scan, i - 1)
        ? verbatimFrom(scan, i + (dropQue !== undefined ? 1 : 0))
        : undefined;
    if (verbatim !== undefined) return takeRest(scan, verbatim, i, { verbatim: true });
    if (dropQue !== undefined) {
      // "lembrando ela que…", "avisando eles que…": the one told, as a pronoun, is not said to them.
      const told = dropQue && PRONOUNS.has(scan.word(i + 1)) && QUE.has(scan.word(i + 2)) ? 1 : 0;
      const next = scan.word(i + 1 + told);
      const start = next === ':' || (dropQue && QUE.has(next)) ? i + 2 + told : i + 1 + told;
      return takeRest(scan, start, i, { indirect: next !== ':' });
    }
    if (word === 'com' && ARTICLE.has(scan.word(i + 1)) && CONTENT_NOUNS.has(scan.word(i + 2))) {
      return takeRest(scan, i + 3, i);
    }
    // "avisa o Pedro que ...", "lembra a Vera de pagar ...", "manda pra Débora assim oi Débora…"
    if (
      (QUE.has(word) || (word === 'de' && REMIND.has(scan.word(verb))) || word === 'assim') &&
      followsRecipient(scan, verb, i)
    ) {
      // "assim ó: oi Wellington…": the spoken "ó" (folded to "o") points at the text.
      const pointer = word === 'assim' && scan.word(i + 1) === 'o' ? 1 : 0;
      const colon = scan.word(i + 1 + pointer) === ':';
      // After "assim:" the text is the writer's word for word (see VERBATIM_MARKERS).
      const verbatim = colon && word === 'assim';
      return takeRest(scan, colon ? i + 2 + pointer : i + 1 + pointer, i, { indirect: !colon, verbatim });
    }
  }
  return undefined;
}

const TAKEN_BACK = new Set(TAKING_BACK);
const PAUSE = new Set([',', '.', '...', '…', ';']);

/** Words that open a change of mind before its negation ("pensando bem, não manda"). */
const SECOND_THOUGHTS = ['pensando bem', 'na verdade', 'ops', 'opa', 'ah', 'melhor'];

/**
 * "esquece", "desconsidera", "deixa" with nothing after it in its clause ("deixa pra lá"), or
 * the sending itself negated, after second thoughts or not ("pensando bem não manda nada",
 * "não precisa avisar"): the text to send ends before it.
 */
function takesBack(scan: Scan, i: number): boolean {
  if (TAKEN_BACK.has(scan.word(i))) return true;
  if (scan.word(i) === 'deixa') {
    const after = scan.word(i + 1);
    return (
      after === '' || PAUSE.has(after) || after === 'quieto' || (after === 'pra' && scan.word(i + 2) === 'la')
    );
  }
  let at = i;
  for (const opener of SECOND_THOUGHTS) {
    const words = opener.split(' ');
    if (words.every((w, k) => scan.word(i + k) === w)) {
      at = i + words.length;
      break;
    }
  }
  while (PAUSE.has(scan.word(at))) at++;
  if (scan.word(at) !== 'nao' && scan.word(at) !== 'n') return false;
  const verb = scan.word(at + 1) === 'precisa' ? at + 2 : at + 1;
  return SEND_VERBS.has(scan.word(verb)) || REMIND.has(scan.word(verb));
}

/**
 * "Manda pra Dona Lurdes: 'Seu pedido está pronto.' Ela tá ansiosa": a quotation right after
 * the colon is the whole text; what follows its closing mark is told to Iris.
 */
function quotedAfterColon(scan: Scan, colon: number): ContentMention | undefined {
  const closing = QUOTES[scan.word(colon + 1)];
  if (closing === undefined) return undefined;
  const end = findToken(scan, closing, colon + 2);
  return end > colon + 2 ? take(scan, colon + 2, end, colon, end + 1) : undefined;
}

/**
 * A last sentence that only thanks or agrees the way one does with Iris ("…, vou gerar outro.
 * valeu", "…não atrasar. Grato") is not part of the text to send; an "Obrigado!" closing a
 * note to a customer is ("…vence dia 30. Obrigado!").
 */
const SIGN_OFF = new Set('valeu vlw grato grata obg obgd beleza blz ok okay ta bom tmj'.split(' '));

const CLAUSE_END = /^[.,;!?…]$/;
/** A thanks after a comma may be the message's own ("já paguei, obrigado"); after a full stop it is Iris'. */
const SENTENCE_END = /^[.!?…]$/;

function withoutSignOff(scan: Scan, from: number, to: number, indirect: boolean): number {
  let end = to;
  while (end > from && (CLAUSE_END.test(scan.word(end - 1)) || isPictograph(scan.word(end - 1)))) end--;
  const casual = casualSignOff(scan, from, end, indirect);
  if (casual !== undefined) return casual;
  let start = end;
  while (start > from && SIGN_OFF.has(scan.word(start - 1))) start--;
  return start < end && start - 1 > from && SENTENCE_END.test(scan.word(start - 1)) ? start - 1 : to;
}

/** Words a casual closing to Iris is made of; it needs one of the first kind. */
const CASUAL_SIGN_OFF = new Set('valeu vlw blz beleza tmj obg obgd brigadao ok okay'.split(' '));
const IN_SIGN_OFF = new Set([
  ...CASUAL_SIGN_OFF,
  ...SIGN_OFF,
  ...'obrigado obrigada brigado brigada mesmo so isso entao ta bom'.split(' '),
]);

/**
 * A closing said to Iris the casual way, after a comma or with "tá" ("…que o pagamento caiu,
 * valeu", "…vence sexta, blz", "…tá bom? obrigada", "…caiu tá valeu", "…gerado. só isso, obg"):
 * the text ends before it. "já paguei, obrigado" keeps its thanks (the customer's: no casual
 * word). After a colon the text is the writer's own, commas included ("…: o boleto vence amanhã,
 * ok?"); only a new sentence ends it there. Returns where the text ends, or undefined.
 */
function casualSignOff(scan: Scan, from: number, end: number, indirect: boolean): number | undefined {
  let start = end;
  while (start > from + 1 && (IN_SIGN_OFF.has(scan.word(start - 1)) || CLAUSE_END.test(scan.word(start - 1))))
    start--;
  if (start < end && CLAUSE_END.test(scan.word(start)) && !CLAUSE_END.test(scan.word(start - 1))) {
    let casual = false;
    for (let i = start; i < end; i++) casual ||= CASUAL_SIGN_OFF.has(scan.word(i));
    for (let i = start; i + 1 < end; i++) casual ||= scan.word(i) === 'ta' && scan.word(i + 1) === 'bom';
    const separated = indirect || SENTENCE_END.test(scan.word(start));
    return casual && separated && start > from ? start : undefined;
  }
  // "…caiu tá valeu": spoken, with no comma.
  const spoken = scan.word(start) === 'ta' && /^(?:valeu|vlw)$/.test(scan.word(start + 1));
  return indirect && spoken && start > from + 1 ? start : undefined;
}

/**
 * Told indirectly ("avisa a Sônia que o horário mudou pra 14h. Ela não lê meus áudios kkk"),
 * the text to send is one sentence: what follows its end is said to Iris. After a colon or in
 * quotes it may run on for several ("manda pra ela: Lembrete. Obrigado!").
 */
function endOfFirstSentence(scan: Scan, from: number): number {
  for (let i = from + 1; i < scan.tokens.length - 1; i++) if (endsSentence(scan, i)) return i;
  return scan.tokens.length;
}

/**
 * "dizendo exatamente isso: …", "fala assim ó: …", "manda isso aqui: …": the writer marks the
 * text as theirs word for word, so nothing in it is read as said to Iris — a closing
 * "desconsidera" or "deixa pra lá" is the customer's to read. Returns where the text starts.
 */
const VERBATIM_MARKERS = [
  ['exatamente', 'isso'],
  ['exatamente', 'assim'],
  ['isso', 'aqui'],
  ['assim', 'o'],
  ['assim'],
  ['isso'],
  ['o', 'seguinte'],
];
function verbatimFrom(scan: Scan, at: number): number | undefined {
  for (const marker of VERBATIM_MARKERS) {
    if (!marker.every((word, k) => scan.word(at + k) === word)) continue;
    if (scan.word(at + marker.length) === ':') return at + marker.length + 1;
  }
  return undefined;
}

function takeRest(
  scan: Scan,
  from: number,
  claimFrom: number,
  options: { indirect?: boolean; verbatim?: boolean } = {},
): ContentMention | undefined {
  if (options.verbatim === true) return take(scan, from, scan.tokens.length, claimFrom, scan.tokens.length);
  const sentenceEnd = options.indirect === true ? endOfFirstSentence(scan, from) : scan.tokens.length;
  let to = withoutSignOff(scan, from, sentenceEnd, options.indirect === true);
  // "avisa a Patrícia que o boleto já tá no email dela 🙏": told indirectly, a closing emoji is
  // the writer's gesture to Iris; after a colon it belongs to the text ("…disponível 😊").
  if (options.indirect === true) while (to > from + 1 && isPictograph(scan.word(to - 1))) to--;
  // "consegue avisar a Carla que o boleto vence na sexta?", "…, agora vc consegue avisar ela
  // que…?": the question mark asks Iris.
  if (scan.word(to - 1) === '?' && askedPolitely(scan, claimFrom)) to--;
  const end = to;
  for (let i = from + 1; i < end && to === end; i++) {
    if (!PAUSE.has(scan.word(i))) continue;
    let next = i + 1;
    while (PAUSE.has(scan.word(next))) next++;
    if (takesBack(scan, next)) to = i;
  }
  return take(scan, from, to, claimFrom, to);
}

/** Words of a request put as a question ("consegue avisar…?", "daria pra mandar…?"). */
const POLITE_OPENERS = new Set('consegue conseguiria pode poderia podia daria vc voce da tem'.split(' '));

/** A polite word opens the message or the sentence of the request, before its text starts. */
function askedPolitely(scan: Scan, before: number): boolean {
  if (POLITE_OPENERS.has(scan.word(0))) return true;
  for (let i = before - 1; i >= 0 && !endsSentence(scan, i); i--) {
    if (POLITE_MODALS.has(scan.word(i))) return true;
    if ((scan.word(i) === 'da' || scan.word(i) === 'tem') && ABLE.has(scan.word(i + 1))) return true;
  }
  return false;
}

const POLITE_MODALS = new Set('consegue conseguiria pode poderia podia daria'.split(' '));
/** "dá pra", "tem como": "da" and "tem" alone are a preposition and a verb. */
const ABLE = new Set(['pra', 'para', 'como']);
const ARTICLE = new Set(['o', 'a']);
/** "lembra a Carla q o boleto vence dia 15 pfv": the please is for Iris, not for Carla. */
const TRAILING_PLEASE = /(?<=\S)[\s,]+(?:pfv|pf|pls|plis|please|porfa)[.!]*$/i;
const REMIND = new Set(['lembra', 'lembrar', 'lembre']);
/**
 * "…que o boleto já tá no email dela viu / tá / visse / , ok?": a spoken tag asking Iris to take
 * note.
 */
const TRAILING_TAG =
  /(?<=\S)(?<!\b(?:já|ja|não|nao|que|ainda|só|so))(?:\s+(?:viu|visse|tá|né|ne)|,\s*(?:visse|ok\?|né|ne))[.!?]*$/i;

function findToken(scan: Scan, text: string, from: number): number {
  for (let i = from; i < scan.tokens.length; i++) if (scan.word(i) === text) return i;
  return -1;
}

/**
 * A name cued between the verb and token `que` ends right before it, or only fillers and emoji
 * stand between them ("avisa a dona Sônia tipo que…", "lembra a Tati 🙏 que…").
 */
function followsRecipient(scan: Scan, verb: number, que: number): boolean {
  let end = que;
  // "tipo é que…": the spoken "é" after a filler is one too.
  const spokenFiller = (at: number) =>
    isFiller(scan.word(at)) ||
    (scan.word(at) === 'e' && isFiller(scan.word(at - 1)) && scan.word(at - 1) !== ')');
  while (end > verb + 1 && spokenFiller(end - 1) && scan.word(end - 1) !== ')') end--;
  // "avisa o Beto (não a Marlene, ela não sabe de nada) que…": an aside in parentheses.
  if (scan.word(end - 1) === ')') {
    let open = end - 2;
    while (open > verb && scan.word(open) !== '(') open--;
    if (open > verb) end = open;
  }
  for (let cue = verb + 1; cue < end; cue++) {
    if (nameAfterCue(scan, cue)?.to === end) return true;
  }
  // "…manda uma mensagem pro Gustavo, fala pra ele que…", "avisa ele que…": the person named
  // before, as a pronoun.
  return PRONOUNS.has(scan.word(end - 1)) && (TO.has(scan.word(end - 2)) || end - 2 === verb);
}

const PRONOUNS = new Set(['ele', 'ela', 'eles', 'elas']);

const isPictograph = (word: string): boolean => /^\p{Extended_Pictographic}+$/u.test(word);

/** Spoken fillers ("tipo", "né", "aí") and tokens with no letter or digit (emoji). */
const FILLERS = new Set(['tipo', 'ne', 'ai', 'assim', 'entao', 'viu', 'tambem', 'tb', 'tbm']);
function isFiller(word: string): boolean {
  return word !== '' && (FILLERS.has(word) || !/[\p{L}\p{N}]/u.test(word));
}

/** Claims [claimFrom, claimTo) and returns the original text of [from, to), unquoted. */
function take(
  scan: Scan,
  from: number,
  to: number,
  claimFrom: number,
  claimTo: number,
): ContentMention | undefined {
  const text = unquote(
    originalSlice(scan.text, from, to).trim().replace(TRAILING_PLEASE, '').replace(TRAILING_TAG, ''),
  );
  if (text === '') return undefined;
  scan.mask(claimFrom, claimTo);
  return { text, from, to };
}

function unquote(text: string): string {
  const first = text[0] ?? '';
  const closing = QUOTES[first];
  if (closing !== undefined && text.length > 1 && text.endsWith(closing)) return text.slice(1, -1).trim();
  return text;
}
