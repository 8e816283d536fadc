import type { SpeechActRules } from '../intent-model/write-evidence';

/**
 * pt-BR speech acts for the write check (see `intent-model/write-evidence.ts`), on text folded
 * to lower case without accents.
 */
const ACTION =
  '(?:gera|gerar|gere|cria|criar|crie|emite|emitir|emita|faz|fazer|faca|manda|mandar|envia|enviar|cancela|cancelar|' +
  'anula|anular|avisa|avisar|cobra|cobrar|lanca|lancar|registra|registrar|exclui|excluir|apaga|apagar|monta|montar)';

/**
 * Words that take the whole request back after a pause ("manda um lembrete pro Caio…
 * esquece"); "deixa" does too, when nothing follows it in its clause. The message-content reader
 * ends the text to send before them, so the write check below sees them.
 */
export const TAKING_BACK = ['esquece', 'esqueca', 'desconsidera'];

export const PT_BR_SPEECH_ACTS: SpeechActRules = {
  question: new RegExp(
    '\\?|^(?:e )?(?:qual|quais|quanto|quantos|quantas|como|quando|onde|sera|oq|o que|por que|pq|ja|quem|sabe se|sera que)\\b|' +
      '\\b(?:ja (?:foi|caiu|pagou|pagaram|compensou|venceu)|foi (?:pago|paga|cancelado|cancelada)|caiu|compensou)\\b',
  ),
  politeRequest: new RegExp(
    `\\b(?:pode|podes|poderia|consegue|conseguiria|da pra|da para|tem como|rola|me ajuda a|vc pode|voce pode|vc consegue|voce consegue)\\s+(?:me\\s+|\\w+\\s+)?${ACTION}\\b|` +
      `\\bme\\s+(?:faz|gera|emite|manda|cancela|envia|cria)\\b`,
  ),
  // Also a message that opens on a condition about what someone will do ("se a Luana não pagar
  // até sexta, cancela"): an order for later, under a condition Iris cannot watch, is asked back.
  // "se puder" / "se possível" / "se der" are politeness, not a condition. A condition put
  // after the request ("gera um de 2 mil pra Bianca, mas só se ela confirmar o pedido") is one,
  // and so is a wish waiting on an event ("assim que a Mercearia pagar o 77 eu queria gerar outro").
  // A wish is not an order either: "um dia quero mandar msg automática pra todo cliente", nor
  // what will have to be done ("semana que vem vou ter que gerar um boleto pra Tereza", "vou
  // precisar gerar um de 700 pro Otavio"), what
  // was about to be ("eu ia mandar um boleto pro Thiago mas ele pediu pra esperar"), a message
  // meant for a later day ("queria mandar uma mensagem de parabéns pra Adélia semana que vem":
  // Iris sends now or not at all), what the
  // writer will do themselves ("amanhã eu gero um boleto pra Juliana"), nor what was done,
  // with no request for it ("minha sócia gerou um boleto de 450 pra Juliana ontem"; asked
  // about — "já cancelou o da Bia?" — it is a question, below), nor a wish put off ("queria
  // mandar um recado pro Fábio, mas depois eu vejo isso": the putting off ends the clause; "cancela
  // o da Bianca, depois eu vejo com ela o valor certo" is a request and a note), nor a message received, quoted ("recebi
  // uma mensagem do Cláudio: 'pode me mandar o boleto de novo?'") unless a send verb is outside it,
  // nor what the writer says they will do, with no order beside it ("vou gerar um boleto pro Tiago
  // amanhã"), nor a note to self ("lembrar de cobrar a Carla amanhã", "não esquecer de gerar o da Bia"),
  // nor what the writer is thinking of doing ("tô pensando em gerar um pra clínica… depois te
  // falo"), nor a reminder asked of Iris ("me lembra sexta de cobrar a Ana": Iris keeps no
  // reminders), nor a request put off after it is said ("quero gerar um de 2 mil pro Paulo, mas
  // só semana que vem eu te peço", "… mas ainda não", "… mas espera eu falar com o gerente"). What the writer will do themselves stops counting when an order follows it ("esse
  // eu cobro depois, então gera um boleto pra Rosângela…").
  hypothetical:
    /^(?!.*\b(?:manda|mande|envia|envie|avisa|avise|responde|responda)\b)(?:\S+\s+){0,3}(?:recebi|recebemos)\s+(?:uma\s+|a\s+)?(?:mensagem|msg|recado)\b|^e se\b|\be se\b[^.!?]*\?|\b(?:caso eu|um dia (?:eu )?(?:quero|queria|vou|gostaria|pretendo)|algum dia|quem sabe|queria tanto|seria (?:bom|otimo|um sonho)|imagina se|se eu (?:cancelar|gerar|criar|emitir|mandar)|o que acontece se|posso (?:cancelar|gerar|criar|emitir)|(?:so|somente|apenas) se|desde que|vou (?:ter (?:que|q)|precisar(?: de)?) (?:gerar|criar|emitir|cancelar|mandar|fazer|cobrar|avisar)|(?:eu )?ia (?:mandar|gerar|criar|emitir|cancelar|fazer|cobrar)|queria (?:mandar|enviar) (?:uma |um )?(?:mensagem|msg|recado)\b(?:(?!\b(?:dizendo|falando|que|avisando)\b)[^?:])*\b(?:semana que vem|mes que vem|no aniversario|mais tarde)|(?<!\b(?:gera|gere|cria|crie|emite|emita|faz|faca|cancela|cancele|manda|mande|avisa|avise)\b.*)\beu (?:mesmo |mesma )?(?:gero|crio|emito|faco|refaco|cancelo|mando|envio|aviso|cobro)\b(?![^.?!]*\b(?:gera|gere|cria|crie|emite|emita|faz|faca|cancela|cancele|manda|mande|avisa|avise)\b)|(?:to|tou|estou|tava|estava|ando)\s+pensando\s+em\s+(?:gerar|criar|emitir|cancelar|mandar|fazer|cobrar|avisar)\b|caso (?:ele|ela|eles|elas|o cliente|a cliente) |talvez|depois (?:eu )?(?:vejo|resolvo|penso|te falo|te aviso|te confirmo|te digo)(?:\s+(?:isso|isto|ai|direito|melhor|com calma))?(?=\s*(?:[,.;!?]|$))|queria (?:mandar|gerar|criar|emitir|cancelar|avisar|fazer|cobrar)\b[^?]*\bmas (?:depois|ele|ela|eles|elas|o cliente|a cliente|ainda|nao|n|acho|sei la))\b|(?:^|[,.;]\s*)caso\s|^(?:\w+\W+)?(?:assim que|logo que|depois que|quando)\s+(?!puder\b|possivel\b|der\b|tiver\b)(?:\S+\s+){0,8}?\S+(?:ar|er|ir)\b[^?]*\b(?:queria|quero|vou|gostaria|preciso)\b|^(?:\w+\W+)?se\s+(?!puder\b|possivel\b|der\b|for possivel\b)(?:\w+\s+){0,6}\w+(?:ar|er|ir)\b|^(?!.*\?)(?!.*\b(?:gera|gere|gerar|cria|crie|criar|emite|emita|emitir|faz|faca|fazer|cancel|cancela|cancele|cancelar|manda|mande|mandar|envia|envie|enviar|avisa|avise|avisar)\b).*\b(?:gerou|gerei|geramos|geraram|criou|criei|emitiu|emiti|emitimos|cancelou|cancelei|cancelaram|mandou|mandei|enviou|enviei|avisou|avisei|avisaram)\b|^(?!.*\b(?:gera|gere|cria|crie|emite|emita|faz|faca|cancela|cancele|manda|mande|envia|envie|avisa|avise|fala|fale|diz|diga)\b)(?:\S+\s+){0,4}?(?:eu\s+)?vou\s+(?:gerar|criar|emitir|cancelar|fazer|cobrar)\b|^(?:\S+\s+)?(?:lembrar|anotar|nao esquecer|nao posso esquecer)\s+(?:de\s+)?(?:gerar|criar|emitir|cancelar|cobrar|mandar|avisar|fazer|enviar)\b|\bme\s+lembr[ae]\s+(?:\S+\s+){0,3}?de\s+(?:gerar|criar|emitir|cancelar|cobrar|mandar|avisar|fazer|enviar)\b|\bmas\s+(?:(?:ainda\s+nao|nao\s+agora)(?=\s*(?:[,.;!?]|$))|(?:so\s+)?(?:semana que vem|amanha|depois|mais tarde|mes que vem|xdata)\s+(?:eu\s+)?(?:te\s+)?(?:peco|falo|aviso|confirmo|digo|mando)|espera(?:r)?\s+(?:eu|a gente)\b)|\bsegura\s+ai\b/,
  // Iris issues boletos; it never moves money: "faz um pix de 50 pro Gustavo", "transfere 300",
  // nor takes a transfer back ("cancela o pix que mandei pro Rafa"). Nor does it issue invoices ("manda a NF do mês passado pra Elétrica Silva"), nor change a
  // boleto once issued ("coloca juros de 2% no boleto do Rogério", "parcela em 3x o da
  // Fernanda", "muda o vencimento do 312").
  outOfReach:
    /\b(?:(?:faz|faca|fazer|gera|gerar|cria|criar|manda|mandar|envia|enviar|devolve|devolver)\s+(?:um |o |uns )?pix|transfere|transfira|transferir|paga pra mim|paga por mim)\b|\b(?:cancela|cancele|cancelar|estorna|estorne|estornar|desfaz|desfazer)\s+(?:o |a |aquele |aquela |esse |essa |um |uma )?(?:pix|transferencia|ted)\b|\b(?:faz|faca|fazer|gera|gerar|emite|emitir|manda|mandar|envia|enviar|cancela|cancelar)\s+(?:a |as |uma )?(?:nf|nfe|nfs|nfse|notinha|nota fiscal|notas fiscais)\b|\b(?:coloca|coloque|colocar|poe|ponha|bota|bote|botar|aplica|aplique|aplicar|adiciona|adicione|acrescenta|acrescente|dar|concede|conceda|tira|tire|tirar)\s+(?:um |uma |o |a |os )?(?:\S+\s*%\s*(?:de\s+)?|\S+ por cento (?:de\s+)?)?(?:juros|multa|desconto)\b|\b(?:da|de)\s+(?:\S+\s*%|\S+ por cento)\s+(?:de\s+)?(?:juros|multa|desconto)\b|\b(?:muda|mude|mudar|altera|altere|alterar|prorroga|prorrogue|prorrogar|adia|adie|adiar)\s+(?:a data|o vencimento|o valor|o prazo)\b|(?<!\b(?:quer|queria|pediu pra|pediu para|prefere|vai)\s)\bparcel(?:a|e|ar)\s+(?:em\s+\d|o |a |os |as )/,
  // Taken back after a pause ("manda um lembrete pro Caio... esquece, deixa"), or the write's
  // verb negated — unless another request follows it ("não precisa cobrar hoje, só gera o boleto").
  negated: new RegExp(
    `(?:\\.\\s?|,)\\s*(?:${TAKING_BACK.join('|')}|deixa pra la|deixa quieto|deixa(?=\\s*(?:[,.;!]|$)))|` +
      `\\b(?:nao|n|nem)\\s+(?:precisa\\s+|quero\\s+|vou\\s+)?${ACTION}\\b(?!.*\\b(?:so|somente|apenas|mas|primeiro|agora|entao)\\s+(?:me\\s+)?${ACTION}\\b)|` +
      // "cancela não! o do Wagner é pra manter": the verb, then the no.
      `\\b${ACTION}\\s+nao\\s*(?:[!.,;]|$)`,
  ),
  // Also a write put off for later by the writer ("cancela o 903, depois eu gero outro").
  declined: new RegExp(
    `\\b(?:nao|n|nem)\\s+(?:precisa\\s+(?:de\\s+)?|quero\\s+|vou\\s+)?${ACTION}\\b[^,.;!?]*|` +
      `\\b(?:depois|amanha|mais tarde)\\s+(?:eu\\s+)?(?:te\\s+peco\\s+(?:pra|para)|gero|crio|emito|faco|mando|envio|cancelo|refaco)\\b[^,.;!?]*|` +
      // What the writer was about to do, taken back: "esquece o que eu ia fazer, só cancela…",
      // "eu ia criar um novo pro Matheus mas esquece isso, cancela…".
      `\\besquece\\s+(?:o que|o q|aquilo que|aquilo q)\\s+(?:eu\\s+)?(?:ia\\s+\\S+|falei)\\b|` +
      `\\b(?:eu\\s+)?ia\\s+(?:mandar|gerar|criar|emitir|cancelar|fazer|cobrar)\\b[^.?!]*?\\bmas\\s+esquece(?:\\s+(?:isso|isto))?\\b`,
    'g',
  ),
  // "… pra Cristiane vencendo dia 10. o do Mauro só se ele fechar o pedido": another customer's.
  aside:
    /^(?:(?:e|ah|mas)\W+)*(?:(?:o|a|os|as)\s+(?:do|da|dos|das|de)\s+\S+|(?:o|a)\s+(?:aviso|cobranca|boleto|mensagem|recado|lembrete)\s+(?:pro|pra|para|do|da)\s)/,
  evidence: {
    CREATE_BOLETO:
      /\b(?:cri|ger|emit|cobr|fa[zc]|mont|lanc|registr|cadastr|prepar|quero|queria|preciso|gostaria|novo|nova|manda|envia|bot[ae]|poe|coloca)\w*|\b(?:boleto|cobranca)\b.*(?:\d|xvalor)|(?:\d|xvalor).*\b(?:boleto|cobranca)\b/,
    CANCEL_BOLETO: /\b(?:cancel|anul|exclu|apag|delet|remov|desfaz|estorn|esquece|desconsidera)\w*/,
    // "mensagens" and "msgs" are messages already exchanged ("ela nem respondeu minhas
    // mensagens"), not one to send.
    SEND_MESSAGE:
      /\b(?:mand|envi|avis|fal|lembr|diz|dig|escrev|notific|recado|toque|alo|whats|zap|xtexto)\w*|\b(?:mensagem|msg)\b/,
  },
  unambiguous: {
    CREATE_BOLETO: /\b(?:cri[ae]r?|ger[ae]r?|emit[ae]|emitir|novo boleto|nova cobranca)\b/,
    CANCEL_BOLETO: /\b(?:cancel[ae]r?|anul[ae]r?|exclu[ia]r?|apag[ae]r?|delet[ae]r?)\b/,
    SEND_MESSAGE: /\b(?:avis[ae]r?|recado|mensagem|msg)\b/,
  },
};
