import type { Scan } from '../../../../nlu/pt-br/scan';
import { endsSentence } from '../../../../nlu/pt-br/sentences';
import type { Intent } from './intents';

/** Where in a message the request itself is said: from its verb to the end of its sentence. */
export interface RequestSpan {
  /** The request's sentence. */
  sentence: { from: number; to: number };
  /** From the request's verb (or the sentence start, for a question) to the sentence's end. */
  fromVerb: { from: number; to: number };
}

/** Verbs that put a write into words; a read is asked as a question or with one of its verbs. */
const VERBS: Record<Intent, ReadonlySet<string>> = {
  CREATE_BOLETO: new Set([
    'gera',
    'gerar',
    'gere',
    'cria',
    'criar',
    'crie',
    'emite',
    'emitir',
    'emita',
    'faz',
    'fazer',
    'faca',
  ]),
  CANCEL_BOLETO: new Set(['cancela', 'cancelar', 'cancele', 'cancelem']),
  SEND_MESSAGE: new Set([
    'manda',
    'mandar',
    'mande',
    'envia',
    'enviar',
    'envie',
    'avisa',
    'avisar',
    'avise',
    'lembra',
    'lembrar',
    'lembre',
    'encaminhe',
    'informe',
    'comunique',
    'comunicar',
  ]),
  CHECK_STATUS: new Set(['ve', 'ver', 'verifica', 'confere', 'consulta', 'checa', 'confirma']),
  LIST_BOLETOS: new Set(['mostra', 'mostrar', 'lista', 'listar', 'manda', 'diz']),
  GENERAL_QUESTION: new Set(),
  UNKNOWN: new Set(),
};

/**
 * A long message often tells a story before (or after) its request ("a Cida pagou os 380 do
 * mês passado; gera um boleto de 450 pra ela"): the story's names and amounts are not the
 * request's. The request is, for a read, the last question about boletos, else the last
 * sentence that holds one of the intent's verbs. Undefined when the message is one sentence
 * (nothing to tell apart) or no sentence says the request.
 */
export function requestSpan(intent: Intent, scan: Scan): RequestSpan | undefined {
  const sentences = sentencesOf(scan);
  if (sentences.length < 2) return undefined;
  // A read is asked as a question about boletos ("Quais boletos vencem na sexta?"), which
  // says the request better than a verb in the story ("…antes quero ver a lista."); a
  // greeting's question ("tudo certo por aí?") is not the request.
  if (intent === 'CHECK_STATUS' || intent === 'LIST_BOLETOS') {
    const question = [...sentences]
      .reverse()
      .find((sentence) => scan.word(sentence.to - 1) === '?' && aboutBoletos(scan, sentence));
    if (question) return { sentence: question, fromVerb: question };
  }
  const verbs = VERBS[intent];
  for (let s = sentences.length - 1; s >= 0; s--) {
    const sentence = sentences[s]!;
    for (let i = sentence.from; i < sentence.to; i++) {
      if (verbs.has(scan.word(i))) return { sentence, fromVerb: { from: i, to: sentence.to } };
    }
    // "Boleto 390 Valdir pra quarta.": a sentence that opens on the object is the order itself.
    if (intent === 'CREATE_BOLETO' && scan.word(sentence.from) === 'boleto')
      return { sentence, fromVerb: sentence };
  }
  return undefined;
}

/** Words a question about boletos uses: the boleto itself, its number, its due date or payment. */
const BOLETO_WORDS =
  /^(?:boletos?|cobrancas?|venc\w*|pag\w*|caiu|compens\w*|aberto|abertos|cancel\w*|atras\w*|pendentes?)$/;

function aboutBoletos(scan: Scan, sentence: { from: number; to: number }): boolean {
  for (let i = sentence.from; i < sentence.to; i++) {
    if (BOLETO_WORDS.test(scan.word(i)) || scan.tokens[i]?.kind === 'number') return true;
  }
  return false;
}

function sentencesOf(scan: Scan): Array<{ from: number; to: number }> {
  const sentences: Array<{ from: number; to: number }> = [];
  let from = 0;
  scan.tokens.forEach((_token, i) => {
    if (endsSentence(scan, i)) {
      if (i + 1 > from) sentences.push({ from, to: i + 1 });
      from = i + 1;
    }
  });
  if (from < scan.tokens.length) sentences.push({ from, to: scan.tokens.length });
  return sentences.filter((sentence) => sentence.to - sentence.from > 1);
}

/**
 * The mentions a field should be read from: those in the request from its verb on, else those
 * in the request's sentence, else all of them (the request refers back: "gera pra ela") —
 * unless `onlyRequest`, for a value the story must not set.
 */
export function focused<T extends { from: number; to: number }>(
  mentions: readonly T[],
  span: RequestSpan | undefined,
  options: { onlyRequest?: boolean } = {},
): readonly T[] {
  if (!span) return mentions;
  const within = (range: { from: number; to: number }) =>
    mentions.filter((m) => m.from >= range.from && m.to <= range.to);
  const fromVerb = within(span.fromVerb);
  if (fromVerb.length > 0) return fromVerb;
  const sentence = within(span.sentence);
  return sentence.length > 0 || options.onlyRequest === true ? sentence : mentions;
}
