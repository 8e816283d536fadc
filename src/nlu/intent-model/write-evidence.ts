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
 * - is not hypothetical ("e se eu cancelar…", "si compro…") nor negated ("não cancela…"), and
 * - does not also ask, unmistakably, for another write ("cancela o 45 e cria outro de 150").
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
  | { pass: false; reason: 'no_evidence' | 'question' | 'hypothetical' | 'negated' | 'two_writes' };

/** Below Gate 2's threshold, on purpose: the pipeline asks what the person wants. */
export const CAPPED_CONFIDENCE = 0.55;

export function checkWrite(intent: string, folded: string, rules: SpeechActRules): WriteCheck {
  const evidence = rules.evidence[intent];
  if (evidence !== undefined && !evidence.test(folded)) return { pass: false, reason: 'no_evidence' };
  if (rules.hypothetical.test(folded)) return { pass: false, reason: 'hypothetical' };
  if (rules.negated.test(folded)) return { pass: false, reason: 'negated' };
  if (rules.question.test(folded) && !rules.politeRequest.test(folded))
    return { pass: false, reason: 'question' };
  const asked = Object.entries(rules.unambiguous).filter(([, words]) => words.test(folded));
  if (asked.some(([other]) => other !== intent)) return { pass: false, reason: 'two_writes' };
  return { pass: true };
}
