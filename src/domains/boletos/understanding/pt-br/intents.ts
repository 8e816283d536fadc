import type { Mentions } from './mentions';
import { isSendVerb, isSpeechWord } from '../../../../nlu/pt-br/message-content';
import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';

/**
 * Intent classification for the boletos domain, with a confidence that means something.
 *
 * How confidence is computed. Each intent collects evidence from what the message contains:
 *
 * | evidence                                                        | weight      |
 * |-----------------------------------------------------------------|-------------|
 * | a verb or phrase that asks for the intent on its own            | 0.55        |
 * |   ("cancela", "status", "foi pago?", "lista", "manda")          |             |
 * | a generic verb ("faz", "ver", "quais") next to the intent's     | 0.55        |
 * |   object                                                        |             |
 * | the object ("boleto", "mensagem", "boletos")                    | 0.30 – 0.35 |
 * | values that fit (an amount to create, a boleto number to        | 0.05 – 0.25 |
 * |   cancel, a text to send; see the rules below)                  |             |
 *
 * The sum, capped at 0.98, is the intent's score. The best score is then lowered by the
 * strongest rival, counting only the rival's own evidence — what points to it and not to the
 * best intent too (the object "boleto" and a contact name back CREATE, CANCEL and CHECK alike,
 * so they do not make them rivals): confidence = best × (1 − ½ (rival / best)²).
 * So "cria um boleto de 150 pro João pra sexta" scores 0.98, "cria um boleto" 0.85, "boleto
 * de 350 reais pro Igor vencendo segunda" (no verb) 0.75, "cancela o 45" 0.8, a bare
 * "cancela" 0.55 and a lone "boleto" 0.3; two verbs that disagree ("cancela e cria outro
 * boleto") give about 0.6. Below 0.35 the intent is UNKNOWN, and its confidence stays that
 * low value (empty text: 0). The pipeline asks for clarification below 0.7, which is where one
 * verb without its object, or an object with no verb and few values, ends.
 *
 * Three adjustments keep the rules honest:
 * - an intent whose verb follows "não" is halved ("não cancela o boleto 45" must not pass);
 * - a question about the product ("como eu crio um boleto?", "o que é um boleto?") halves
 *   the action intents when the message carries no values: it asks for help, not for action
 *   (with values, "tem como gerar um boleto de 100 pra Bia?" is a polite request);
 * - a request outside the domain ("paga", "transfere", "pix", "saldo") scales the action
 *   intents by 0.4: Iris cannot pay a boleto, so "paga o boleto 123" is UNKNOWN, not CANCEL.
 * Greetings and thanks count only when no action intent reaches 0.5 ("oi, cria um boleto" is
 * a creation, not a greeting).
 */

export const INTENTS = [
  'CREATE_BOLETO',
  'CANCEL_BOLETO',
  'CHECK_STATUS',
  'SEND_MESSAGE',
  'LIST_BOLETOS',
  'GENERAL_QUESTION',
  'UNKNOWN',
] as const;
export type Intent = (typeof INTENTS)[number];

type ActionIntent = Exclude<Intent, 'GENERAL_QUESTION' | 'UNKNOWN'>;

const VERB = 0.55;
const OBJECT = 0.3;
const CAP = 0.98;
const UNKNOWN_BELOW = 0.35;
const NEGATED = 0.5;
const PRODUCT_QUESTION = 0.5;
const OUT_OF_DOMAIN = 0.4;
const SOCIAL_ONLY_BELOW = 0.5;

const p = tokenPattern;
const CUES = {
  object: p('boleto|cobranca|fatura'),
  objects: p('boletos|cobrancas|faturas'),
  create: p('cri(?:a|ar|e|o)|ger(?:a|ar|e)|emit(?:a|e|ir)|cobr(?:a|ar|e|o)'),
  createPhrase: p(
    '(?:quero|queria|preciso(?: de)?|gostaria de) (?:um|uma|1) (?:novo |nova )?(?:boleto|cobranca)|novo boleto|nova cobranca',
  ),
  createGeneric: p('faz|fazer|faca|faco|mont(?:a|ar|e)|lanc(?:a|ar|e)|registr(?:a|ar|e)|cadastr(?:a|ar|e)'),
  cancel: p(
    'cancel(?:a|ar|e|o)|cancelamento|anul(?:a|ar|e)|exclu(?:i|ir|a)|apag(?:a|ar|ue)|delet(?:a|ar|e)|remov(?:a|e|er)|desfaz|desfazer',
  ),
  status: p(
    'status|situacao|(?:foi|ta|esta|ja) (?:pago|paga|quitado)|pagou|pagaram|quitou|venceu|(?:ja )?caiu|' +
      '(?:esta|ta|segue|continua) (?:em aberto|aberto|pendente|vencido|atrasado)',
  ),
  check: p('consult(?:a|ar|e)|verific(?:a|ar|ue)|chec(?:a|ar)|ver|veja|olha|como (?:esta|ta|anda)'),
  sendObject: p('mensagem|mensagens|msg|recado|whats|whatsapp|zap|sms|lembrete|aviso'),
  list: p('lista|listar|liste|listagem|relatorio'),
  listGeneric: p(
    'mostra|mostrar|mostre|ver|veja|exibe|exibir|quais|quantos|quantas|tem|tenho|todos|todas|meus|minhas',
  ),
  greeting: p(
    '^(?:oi+|ola|opa|eai|e ai|salve|hey|hello|hi|bom dia|boa tarde|boa noite|tudo bem|tudo bom|beleza)',
  ),
  thanks: p('obrigad[oa]|brigad[oa]|valeu|vlw|agradeco'),
  help: p('ajuda|ajude|ajudar|help|socorro|menu|comandos|opcoes|duvida|duvidas|instrucoes|tutorial'),
  productQuestion: p(
    'o que (?:voce|vc|tu) (?:faz|sabe fazer|pode fazer)|o que (?:eu )?(?:posso|consigo) fazer|' +
      'o que (?:da|e possivel) (?:pra|para) fazer|(?:voce|vc|tu) (?:consegue|sabe)|tem como|e possivel|' +
      'quanto (?:custa|sai|cobra)|qual (?:e )?a (?:taxa|tarifa)|' +
      'como (?:isso |isto |voce |vc |tu )?funciona|quem (?:e|eh) (?:voce|vc|tu)|' +
      'o que (?:e|eh) (?:um |uma |o |a )?(?:boleto|cobranca)|(?:pra|para) que serve|' +
      'como (?:eu |que eu |e que eu )?(?:faco|fazer|posso|consigo|crio|gero|emito|cancelo|consulto|vejo|mando|envio|uso)',
  ),
  outOfDomain: p(
    '(?<!(?:^| )(?:a|pra|para|de) )(?:paga|pagar|pague)|transfer(?:e|ir|a)|pix|deposit(?:a|ar|e)|empresta|emprestar|' +
      'compra|comprar|saque|sacar|saldo|investe|investir|piada|musica|previsao',
  ),
};

export interface IntentResult {
  intent: Intent;
  confidence: number;
}

export function classify(scan: Scan, mentions: Mentions): IntentResult {
  if (scan.tokens.length === 0) return { intent: 'UNKNOWN', confidence: 0 };
  const cue = (pattern: RegExp): number[] => scan.cuePositions(pattern);
  /** The verb evidence of the given cue positions; negated when every one follows "não". */
  const verb = (...groups: number[][]): { weight: number; negated: boolean } => {
    const positions = groups.flat();
    if (positions.length === 0) return { weight: 0, negated: false };
    const negated = positions.every((i) => scan.word(i - 1) === 'nao' || scan.word(i - 2) === 'nao');
    return { weight: VERB, negated };
  };

  const object = cue(CUES.object).length > 0;
  const objects = cue(CUES.objects).length > 0;
  const anyObject = object || objects;
  const amount = mentions.amounts.length > 0;
  const date = mentions.dates.some((d) => d.iso !== undefined);
  const recipient = mentions.names.some((n) => n.rank === 1);
  const name = mentions.names.length > 0;
  const number = mentions.ids.length > 0 || mentions.bare.some((b) => b.id !== undefined);
  const status = mentions.status !== undefined;
  const sendVerbs: number[] = [];
  for (let i = 0; i < scan.tokens.length; i++) {
    if (!scan.isMasked(i) && (isSendVerb(scan, i) || isSpeechWord(scan.word(i)))) sendVerbs.push(i);
  }

  const create = verb(cue(CUES.create), cue(CUES.createPhrase), anyObject ? cue(CUES.createGeneric) : []);
  const cancel = verb(cue(CUES.cancel));
  const check = verb(cue(CUES.status), object || number ? cue(CUES.check) : []);
  const send = verb(sendVerbs);
  const list = verb(cue(CUES.list), objects || status ? cue(CUES.listGeneric) : []);
  // `own` evidence points to this intent only; `shared` (the object "boleto", a name) also
  // supports its neighbours, so it raises an intent's score but does not lower a rival's.
  const objectEvidence = anyObject ? OBJECT : 0;
  const evidence: Record<ActionIntent, Evidence> = {
    CREATE_BOLETO: {
      own: create.weight + (amount ? 0.25 : 0) + (date ? 0.1 : 0),
      shared: objectEvidence + (recipient ? 0.1 : 0),
      negated: create.negated,
    },
    CANCEL_BOLETO: {
      own: cancel.weight + (number ? 0.25 : 0),
      shared: objectEvidence + (name ? 0.05 : 0),
      negated: cancel.negated,
    },
    CHECK_STATUS: {
      own: check.weight + (number ? 0.25 : 0),
      shared: (object ? OBJECT : 0) + (name ? 0.05 : 0),
      negated: check.negated,
    },
    SEND_MESSAGE: {
      own:
        send.weight +
        (cue(CUES.sendObject).length > 0 ? OBJECT : 0) +
        (mentions.content !== undefined ? 0.25 : 0),
      shared: recipient ? 0.1 : 0,
      negated: send.negated,
    },
    LIST_BOLETOS: {
      own: list.weight + (objects ? 0.35 : object && status ? 0.15 : 0) + (status ? 0.15 : 0),
      shared: 0,
      negated: list.negated,
    },
  };

  const asksAboutProduct = cue(CUES.productQuestion).length > 0;
  const productQuestion = asksAboutProduct && !(amount || date || number || name);
  const scale =
    (productQuestion ? PRODUCT_QUESTION : 1) * (cue(CUES.outOfDomain).length > 0 ? OUT_OF_DOMAIN : 1);
  const candidates: Array<{ intent: Intent; score: number; own: number }> = [];
  for (const [intent, { own, shared, negated }] of Object.entries(evidence) as Array<
    [ActionIntent, Evidence]
  >) {
    const factor = scale * (negated ? NEGATED : 1);
    candidates.push({
      intent,
      score: Math.min(CAP, (own + shared) * factor),
      own: Math.min(CAP, own * factor),
    });
  }
  const bestAction = Math.max(...candidates.map((c) => c.score));
  const social =
    bestAction < SOCIAL_ONLY_BELOW && (cue(CUES.greeting).length > 0 || cue(CUES.thanks).length > 0);
  const general = Math.max(
    productQuestion ? 0.9 : 0,
    cue(CUES.help).length > 0 ? 0.85 : 0,
    social ? 0.85 : 0,
  );
  candidates.push({ intent: 'GENERAL_QUESTION', score: general, own: general });

  candidates.sort((a, b) => b.score - a.score);
  const [best, ...rest] = candidates;
  if (best === undefined || best.score === 0) return { intent: 'UNKNOWN', confidence: 0 };
  const rival = Math.max(0, ...rest.map((c) => c.own));
  const confidence = round(best.score * (1 - 0.5 * Math.min(1, rival / best.score) ** 2));
  return confidence < UNKNOWN_BELOW ? { intent: 'UNKNOWN', confidence } : { intent: best.intent, confidence };
}

interface Evidence {
  own: number;
  shared: number;
  /** Its verb follows "não". */
  negated: boolean;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
