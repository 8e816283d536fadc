import type { SpeechActRules } from '../../../../nlu/intent-model/write-evidence';
import { PT_BR_SPEECH_ACTS } from '../../../../nlu/pt-br/speech-act';

/** Verbs of the condominium's writes: booking and cancelling a space. */
const BOOKING_VERBS =
  'reserva|reservar|reserve|agenda|agendar|agende|marca|marcar|marque|bloqueia|bloquear|cancela|cancelar|cancele|desmarca|desmarcar|desmarque';
/** The síndico's: fining a unit, publishing a notice. */
const SINDICO_VERBS = 'multa|multar|multe|advertir|penalizar|publica|publicar|publique|avisa|avisar|avise';
const ACTION = `(?:${BOOKING_VERBS})`;
const SINDICO_ACTION = `(?:${SINDICO_VERBS})`;
/** Any write verb, for what declines one ("não precisa multar o 101"). */
const ANY_ACTION = `(?:${BOOKING_VERBS}|${SINDICO_VERBS})`;

/**
 * pt-BR speech acts for the condominium's writes (see `intent-model/write-evidence.ts`): the
 * language's question forms are the boletos pack's; what asks for a booking or a cancellation,
 * what imagines or declines one, and what Iris cannot do for a resident are the pack's own.
 */
export const CONDOMINIO_SPEECH_ACTS: SpeechActRules = {
  question: PT_BR_SPEECH_ACTS.question,
  // "pode publicar…" asked of Iris, not "morador pode publicar aviso?" (a rules question).
  politeRequest: new RegExp(
    `\\b(?:pode|podes|poderia|consegue|conseguiria|tem como|me ajuda a|vc pode|voce pode|vc consegue|voce consegue)\\s+(?:me\\s+|\\w+\\s+)?${ACTION}\\b|\\bme\\s+(?:reserva|agenda|marca|cancela|desmarca)\\b|` +
      `(?:^(?:(?:oi|ola|iris|sindica|sindico)\\W+){0,2}|\\b(?:vc|voce)\\s+)(?:pode|poderia|consegue|conseguiria)\\s+${SINDICO_ACTION}\\b`,
  ),
  // "se eu reservar e chover…", "e se eu cancelar?", "quem sabe eu reservo", "um dia quero
  // reservar": imagined, not asked for; nor a plan for later ("vou reservar semana que vem"),
  // nor what was done ("reservei o salão ontem", "o 303 tomou multa", "já mandei o aviso"), nor
  // what someone else said they will do ("a síndica disse que vai mandar aviso").
  hypothetical:
    /^e se\b|\be se\b[^.!?]*\?|\b(?:se eu (?:reservar|cancelar|desmarcar|agendar|marcar)|caso eu|quem sabe|talvez|um dia (?:eu )?(?:quero|queria|vou)|o que acontece se|estou pensando em|to pensando em|tava pensando em|(?:eu )?ia (?:reservar|cancelar|agendar|marcar)|(?:so|somente|apenas) se)\b|^(?:\w+\W+)?se\s+(?!puder\b|possivel\b|der\b|for possivel\b)(?:\w+\s+){0,6}\w+(?:ar|er|ir)\b|^(?!.*\b(?:reserva|reserve|agenda|agende|marca|marque|cancela|cancele|desmarca|desmarque)\b)(?:\S+\s+){0,4}?(?:eu\s+)?vou\s+(?:reservar|agendar|marcar|cancelar|desmarcar)\b|^(?!.*\?)(?!.*\b(?:reserva|reserve|reservar|agenda|agende|cancela|cancele|cancelar|desmarca|desmarque)\b).*\b(?:reservei|reservou|agendei|agendou|cancelei|cancelou|desmarquei|desmarcou)\b|\b(?:multei|multou|multaram|foi multad[oa]|foram multad[oa]s|(?:tomou|levou|recebeu|tomaram|levaram) (?:uma |a )?(?:multa|advertencia)|publiquei|publicou|mandei|mandou|avisei|avisou|foi publicado|ja saiu)\b|\b(?:disse|falou|avisou|contou) que (?:vai|ia|vao) (?:mandar|publicar|avisar|multar)\b/,
  // Iris books spaces; it does not pay the condominium fee, open gates or call the doorman.
  outOfReach:
    /\b(?:liga|ligue|ligar|telefona|telefone) (?:pr[oa] |para (?:a |o )?)(?:portaria|porteiro|zelador|administracao|administradora|sindic[oa])\b|\b(?:paga|pague|pagar) (?:o |a )?(?:condominio|taxa condominial|boleto do condominio)\b|\b(?:abre|abra|abrir|libera|liberar) (?:o |a )?(?:portao|porta|garagem|cancela)\b|\b(?:faz|faca|fazer|manda|mandar) (?:um )?pix\b|\btransfere\b/,
  negated: new RegExp(
    `(?:\\.\\s?|,)\\s*(?:esquece|esqueca|desconsidera|deixa pra la|deixa quieto)|` +
      `\\b(?:nao|n|nem)\\s+(?:precisa\\s+|quero\\s+|vou\\s+)?${ANY_ACTION}\\b(?!.*\\b(?:so|somente|apenas|mas|agora|entao)\\s+(?:me\\s+)?${ANY_ACTION}\\b)`,
  ),
  declined: new RegExp(
    `\\b(?:nao|n|nem)\\s+(?:precisa\\s+(?:de\\s+)?|quero\\s+|vou\\s+)?${ANY_ACTION}\\b[^,.;!?]*`,
    'g',
  ),
  evidence: {
    CREATE_RESERVATION:
      /\b(?:reserv|agend|marc|bloque|quero|queria|preciso|gostaria|separ|pega|book|garant|aluga|alugar)\w*|\bxespaco\b.*\bxdata\b.*\bxhora\b/,
    CANCEL_RESERVATION: /\b(?:cancel|desmarc|desist|libera|remov|apag|exclu|esquece|desconsidera|tira)\w*/,
    PUBLISH_NOTICE: /\b(?:public|avis|comunic|inform|recado|mand|envi|xtexto)\w*/,
    APPLY_PENALTY: /\b(?:multa|multar|multe|aplic|lanc|penalid|penaliz|advert|xinfracao)\w*/,
  },
  unambiguous: {
    // "reserva" after an article or a possessive is the booking, not the verb ("cancela minha reserva").
    CREATE_RESERVATION:
      /(?<!\b(?:minha|minhas|a|as|da|das|na|nas|uma|essa|esta|sua|nossa|tua|duas|tres)\s)\breserv(?:a|e|ar)\b|\bagend[ae]r?\b/,
    CANCEL_RESERVATION: /\b(?:cancel[ae]r?|desmarc[ae]r?)\b/,
    PUBLISH_NOTICE: /\b(?:public[ae]r?|comunicado)\b/,
    APPLY_PENALTY: /\b(?:multar|multe|aplica[r]? (?:a |uma )?multa|penalidade|advertencia)\b/,
  },
};
