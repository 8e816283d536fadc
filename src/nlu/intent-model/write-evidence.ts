/**
 * "A write needs positive evidence": the checks an understander applies on top of its intent
 * model before a write intent may pass Gate 2. A model is a good reader but has no notion of
 * what a wrong answer costs; these rules do, and they only ever lower a confidence.
 *
 * A write keeps its probability only when the message
 * - has a word that asks for that write (`evidence`: a verb of creating, cancelling, sending,
 *   logging…), and
 * - is not a question, unless it is a polite request ("consegue gerar um boleto…?",
 *   "¿me puedes anotar…?"), and
 * - does not ask Iris to move money ("faz um pix de 50 pro Gustavo", "transfiérele 2 mil…"), and
 * - is not hypothetical ("e se eu cancelar…", "si compro…") nor negated ("não cancela…"), and
 * - does not also ask, unmistakably, for another write ("cancela o 45 e cria outro de 150").
 *
 * In a message of several sentences, the question, condition and negation checks read the
 * message from the request on (see `fromRequestOn`): a story or a greeting before it is not.
 *
 * The text checked is the one the model reads: canonical words with the values masked, so a
 * typo is already corrected and a message quoted for sending is not read as a request.
 * Otherwise its confidence is capped below the threshold: the pipeline asks, never proposes.
 */
export interface SpeechActRules {
  /** A question: question mark or question word. */
  question: RegExp;
  /** A request phrased as a question ("pode gerar…?"): still a command. */
  politeRequest: RegExp;
  /** "e se…", "si compro…": imagined, not asked for. */
  hypothetical: RegExp;
  /** The write's verb right after a negation. */
  negated: RegExp;
  /**
   * A write declined in passing, to its clause's end, with the global flag ("não precisa
   * mandar mensagem nenhuma, só gera o boleto", "sei que vc n emite nota fiscal, então só gera"):
   * it is neither another write asked for nor something beyond reach asked for.
   */
  declined?: RegExp;
  /**
   * Asking Iris to move money (a transfer, a pix, paying a bill for the person): no write of a
   * pack does that, so no write may be proposed for it ("transfiérele 2 mil a mi hermano de lo
   * que le debo" is not a debt to record).
   */
  outOfReach: RegExp;
  /**
   * A sentence after the request that is about another customer's thing ("o do Mauro só se ele
   * fechar o pedido", "o aviso pro Diego eu mando depois"): its conditions and plans are its own,
   * so it is left out of the checks on the request.
   */
  aside?: RegExp;
  /** Per write intent, the words that ask for it. */
  evidence: Readonly<Record<string, RegExp>>;
  /**
   * Per write intent, the words that can only ask for it ("cancela", "cria"): two different
   * writes asked in one message ("cancela o 45 e cria outro") are not guessed between.
   */
  unambiguous: Readonly<Record<string, RegExp>>;
}

export type WriteCheck =
  | { pass: true }
  | {
      pass: false;
      reason: 'no_evidence' | 'out_of_reach' | 'question' | 'hypothetical' | 'negated' | 'two_writes';
    };

/** Below Gate 2's threshold, on purpose: the pipeline asks what the person wants. */
export const CAPPED_CONFIDENCE = 0.55;

export function checkWrite(intent: string, folded: string, rules: SpeechActRules): WriteCheck {
  const evidence = rules.evidence[intent];
  if (evidence !== undefined && !evidence.test(folded)) return { pass: false, reason: 'no_evidence' };
  const request = evidence === undefined ? folded : fromRequestOn(folded, evidence, rules.aside);
  const affirmed = (text: string) => (rules.declined ? text.replace(rules.declined, ' ') : text);
  if (rules.outOfReach.test(affirmed(request))) return { pass: false, reason: 'out_of_reach' };
  if (rules.hypothetical.test(affirmed(request))) return { pass: false, reason: 'hypothetical' };
  // A negation counts unless the write is asked for in its own unmistakable words after the
  // last write declined ("não precisa gerar boleto, manda msg pro Pedro…"; never "avisa o Pedro…
  // na verdade não avisa não").
  if (rules.negated.test(request) && !askedAfterDeclined(intent, request, rules))
    return { pass: false, reason: 'negated' };
  // A request asked as a question is one ("consegue gerar um de 200 pro Caio?") when it is the
  // only question: followed by another ("dá pra gerar boleto de 5 mil? tem valor máximo?") the
  // person is asking about it, not for it.
  if (rules.question.test(request) && !(rules.politeRequest.test(request) && questionsIn(request) <= 1))
    return { pass: false, reason: 'question' };
  const asked = Object.entries(rules.unambiguous).filter(([, words]) => words.test(affirmed(folded)));
  if (asked.some(([other]) => other !== intent)) return { pass: false, reason: 'two_writes' };
  return { pass: true };
}

function questionsIn(text: string): number {
  return (text.match(SENTENCES) ?? []).filter((sentence) => /\?\s*$/.test(sentence.trim())).length;
}

function askedAfterDeclined(intent: string, request: string, rules: SpeechActRules): boolean {
  const words = rules.unambiguous[intent];
  if (rules.declined === undefined || words === undefined) return false;
  let end = -1;
  for (const match of request.matchAll(rules.declined)) end = match.index + match[0].length;
  return end >= 0 && words.test(request.slice(end));
}

/**
 * Where one sentence ends: its mark stays with it ("…vencido?" is a question). An ellipsis is a
 * pause, not an end ("gera de 2 mil pra Bianca... mas só se ela confirmar"), also as the model
 * reads it, one token a dot (". . .").
 */
const SENTENCES = /(?:[^.!?¿¡]|(?:\.\s?){2,})*(?:[.!?]+|$)/g;

/**
 * The part of the message that asks for the write: from the first sentence with the write's
 * words to the end. A story told before the request ("…não faz sentido manter o boleto dela
 * aberto. Cancela o boleto da Marcia") or a greeting ("opa, blz? faz um boleto de 260…") has
 * negations, conditions and questions of its own, which are not about the write; whatever comes
 * with or after the request still is ("gasté 800 en ropa. ¿Cuánto llevo?", "gera um de 2 mil
 * pra Bianca. Mas só se ela confirmar"). A message of one sentence is checked whole.
 */
function fromRequestOn(folded: string, evidence: RegExp, aside?: RegExp): string {
  const sentences = (folded.match(SENTENCES) ?? []).map((sentence) => sentence.trim()).filter(Boolean);
  const first = sentences.findIndex((sentence) => evidence.test(sentence));
  const from = first < 0 ? sentences : sentences.slice(first);
  const kept = aside ? from.filter((sentence, i) => i === 0 || !aside.test(sentence)) : from;
  return first <= 0 && kept.length === from.length ? folded : kept.join(' ');
}
