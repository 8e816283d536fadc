import { ALL_TITLES, PROFESSIONAL_TITLES } from '../titles';
import { STREET_WORDS } from './places';
import { withoutCorrected } from '../amount-guards';
import { originalSlice } from './prepared-text';
import type { Scan } from './scan';

/**
 * The contact a request is about, as the user wrote it: "pro João" -> "João", "para a Maria
 * Souza" -> "Maria Souza", "do João Silva" -> "João Silva", "avisa o Pedro" -> "Pedro".
 *
 * A name is found after a cue word and runs while its words look like a name: not a known
 * Portuguese function word, verb, date, number or money word (`NOT_A_NAME`), written in the
 * same style as its first word (in "pro João rapidinho" the lower-case word is not part of the
 * name; in an all-lower-case "pro joão silva" it is), joined by "da/de/do/dos/das".
 * Cues are ranked: a recipient ("pro", "pra", "para", "ao") beats an owner ("do", "da",
 * "de"), which beats a bare article ("o João já pagou?"; after an article a lower-case word
 * must close a clause: "avisa o joão que ...", not "o sistema vai parar"). Different names found with the
 * best-ranked cue are a conflict, never a choice.
 */

export interface NameMention {
  text: string;
  from: number;
  to: number;
  /** 1 recipient cue, 2 owner cue, 3 article: lower is stronger. */
  rank: number;
}

const RECIPIENT_CUES = new Set(['pro', 'pra', 'para', 'pros', 'pras', 'ao', 'aos']);
const OWNER_CUES = new Set(['do', 'da', 'dos', 'das', 'de']);
const ARTICLE_CUES = new Set(['o', 'a', 'com']);
const ARTICLES = new Set(['o', 'a', 'os', 'as']);
/** Verbs whose object is the person ("cobrar o seu Zé", "avisa a Ana"): their article is a recipient cue. */
const PERSON_VERBS = new Set(
  'cobrar cobra cobre cobrando avisar avisa avise avisando lembrar lembra lembre lembrando'.split(' '),
);
const CONNECTORS = new Set(['da', 'de', 'do', 'dos', 'das']);
const HERE = new Set(['aqui', 'la', 'ali', 'daqui']);
const PLACES = new Set([...STREET_WORDS, 'bairro']);
/** Trades and places that follow a person's name to say who they are: "o Rodrigo da oficina". */
const TRADES = new Set(
  `padaria oficina salao loja academia escola farmacia mercado mercadinho mercearia acougue papelaria
   costura distribuidora lanchonete restaurante bar feira obra reforma marcenaria confeitaria
   limpeza lava van borracharia clinica consultorio escritorio igreja condominio banca quitanda
   sorveteria pizzaria transportadora construtora fabrica`.split(/\s+/),
);
const TITLES = new Set(ALL_TITLES);
/** Titles that are part of how a name is written (kept in the name's text). */
const PROFESSIONAL = new Set(PROFESSIONAL_TITLES);
/** Roles said before a name and not part of it: "pro cliente João Batista" -> "João Batista". */
const ROLES = new Set(
  'cliente fornecedor inquilino inquilina aluno aluna paciente funcionario funcionaria vizinho vizinha amigo amiga irmao irma primo prima tio tia'.split(
    ' ',
  ),
);
const OBJECTS = new Set(['boleto', 'cobranca', 'fatura']);
/** "Gera pra ele: Marcos Vinícius, 2 mil": the person is spelled out after the colon. */
const BEFORE_LISTED_NAME = new Set(['ele', 'ela', 'gera', 'cria', 'emite', 'faz']);
const MAX_WORDS = 6;
/** "o cliente novo Tiago", "a aluna antiga Bia": said between the role and the name. */
const ROLE_AGE = new Set(['novo', 'nova', 'antigo', 'antiga']);

/**
 * Words that never start or continue a name (folded forms, before typo correction), including
 * what a boleto is for ("pro joão referente ao aluguel" names joão, not "joão referente"),
 * documents ("manda a NF pra…") and texting ("o rafa kkk", "a dona rosa pfv vlw").
 */
const NOT_A_NAME = new Set(
  `
a o as os um uma uns umas de do da dos das no na nos nas em pro pra pros pras para por pelo pela
com sem ao aos e ou que se me te lhe ele ela eles elas dele dela deles delas eu voce vc voces tu nos mim ti meu minha
meus minhas teu tua seu sua seus suas isso isto esse essa este esta aquele aquela aquilo ja mais
tambem agora logo aqui ai la ali ne tipo entao hum ahn eh ah oh bem muito pouco todo toda todos
todas tudo nada algum alguma nenhum outro outra mesmo mesma ultimo ultima primeiro primeira
segundo segunda anterior favor urgente rapido hoje amanha
ontem depois dia dias semana mes meses ano anos fim final inicio comeco vez vezes hora horas
segunda terca quarta quinta sexta sabado domingo feira proxima proximo que vem passada passado
janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro
boleto boletos bolto boelto cobranca cobrancas fatura conta contas valor valores reais real
centavos conto contos pila pilas pau paus dinheiro pix mensagem mensagens msg recado texto
whats whatsapp zap email numero id codigo vencimento vencendo vence vencer venceu vencido pago
paga pagou pagamento pagar pendente pendentes atrasado atrasados cancelado cancelados status
situacao mil cem cento sim nao ok obrigado obrigada valeu oi ola bom boa tarde noite
cria criar crie gera gerar gere emite emitir emita faz fazer faca manda mandar mande envia
enviar envie avisa avisar avise fala falar diz diga dizer dizendo falando avisando perguntando
lembra lembrar lembre escreve escrever cancela cancelar cancele lista listar mostra mostrar
quero preciso pode poderia consegue queria gostaria novo nova cliente contato pessoa ele ela
referente ref relativo relativa aluguel mensalidade condominio consulta servico servicos conserto produto
produtos compra venda pedido parcela taxa luz agua internet escola curso aula aulas frete reforma material
matricula honorarios multa juros acordo divida emprestimo rua avenida travessa bairro praca estrada
receber cobrar ver saber conferir checar olhar verificar confirmar acompanhar
pessoal galera gente povo turma clientes quem certinho direitinho foi ta esta daqui cara rapaz moco moca
fechamento relatorio deus natal pascoa carnaval reveillon feriado trabalho almoco jantar
mae pai filho filha esposa marido
vencem venceram pagaram pagam deve devem estao tao foram
nf nfe nfs nfse nota notas fiscal fiscais notinha cpf cnpj pdf urgencia
kk kkk kkkk kkkkk rs rsrs pfv pf vlw blz tb tbm pls plz obg obgd
`.split(/\s+/),
);

/**
 * Ordinary words that companies put in their names ("Mercadinho Bom Preço", "Farmácia Vida
 * Nova", "Escola de Idiomas Falar Bem", "Lucas Ferreira Dias"): written with a capital inside
 * a capitalized name they belong to it. `NAME_OPENERS` may also start one ("Escola Bright").
 * A word in capitals only says nothing (the whole message may be shouted).
 */
const NAME_OPENERS = new Set(
  'escola curso material produtos servicos reforma luz agua condominio'.split(' '),
);
const CAPITALIZED_IN_NAMES = new Set([
  ...NAME_OPENERS,
  ...'bom boa bons boas novo nova novos novas dia dias real bem mais todo toda primeiro primeira fim final conta valor mil cem rapido rapida'.split(
    ' ',
  ),
]);

const COMPANY_SUFFIXES = new Set(['ME', 'EPP', 'MEI', 'EIRELI']);

const VERB_ENDING = /(?:ei|ou|aram|eram|iram|ava|avam)$/;

/** A word that can be part of a name, or false; `inName`: it would continue a capitalized one. */
function isNameWord(scan: Scan, i: number, inName = false): boolean {
  const token = scan.tokens[i];
  if (token === undefined || token.kind !== 'word' || !scan.isFree(i) || token.folded.length < 2)
    return false;
  if (!NOT_A_NAME.has(token.folded) && !NOT_A_NAME.has(token.text)) return true;
  const written = scan.text.original.slice(token.start, token.end);
  // "Mercadinho São Jorge ME": a company's legal suffix ends its name ("me" is otherwise a pronoun).
  if (inName && COMPANY_SUFFIXES.has(written)) return true;
  const titleCase = token.capitalized && written !== written.toUpperCase();
  return titleCase && (inName ? CAPITALIZED_IN_NAMES : NAME_OPENERS).has(token.folded);
}

/**
 * The name starting at token `start`. A courtesy title is part of the mention's tokens but not
 * of its text (`first` is where the name itself starts): "dona Cida" is Cida, and the contact
 * lookup tries the titled form when the name alone finds no one. After a preposition a role may
 * come first and is skipped ("pro cliente João"); after a bare article it may not ("o cliente
 * desistiu" names nobody).
 */
export function readName(
  scan: Scan,
  start: number,
  options: { afterRole: boolean } = { afterRole: false },
): { from: number; first: number; to: number } | undefined {
  if (options.afterRole && ROLES.has(scan.word(start))) {
    start++;
    // "pro cliente novo Tiago Moraes": a word of how long they have been one.
    if (ROLE_AGE.has(scan.word(start))) start++;
  }
  let first = start;
  if (TITLES.has(scan.word(start))) {
    first = scan.word(start + 1) === '.' ? start + 2 : start + 1;
  }
  if (!isNameWord(scan, first) && glued(scan, first) === 0) return undefined;
  const read = readFrom(scan, start, first);
  // A professional title is written as part of the name ("Dra. Camila Rezende", "Prof. Ricardo");
  // a courtesy one is not ("dona Cida" is Cida). The contact lookup finds either form.
  return PROFESSIONAL.has(scan.word(start)) ? { ...read, first: start } : read;
}

function readFrom(scan: Scan, start: number, first: number): { from: number; first: number; to: number } {
  const capitalized = scan.tokens[first]?.capitalized ?? false;
  // In an all-lower-case voice note a verb may follow the name ("do seu osvaldo terminei o
  // serviço"): a past or imperfect ending never continues a lower-case name.
  const sameStyle = (i: number): boolean =>
    isNameWord(scan, i, capitalized) &&
    (scan.tokens[i]?.capitalized ?? false) === capitalized &&
    (capitalized || !VERB_ENDING.test(scan.word(i)));
  let end = first + Math.max(1, glued(scan, first));
  while (end - start < MAX_WORDS) {
    if (sameStyle(end)) end++;
    // "Papelaria Arco-Íris", "Doceria Mel-e-Canela", "Pão d'Ouro", "Ferragens O'Neil": a hyphen
    // or an apostrophe with no space around it keeps the words on both sides in one name.
    else if (HYPHEN_OR_APOSTROPHE.has(scan.word(end)) && touching(scan, end - 1) && touching(scan, end))
      end += glued(scan, end + 1) || 2;
    else if (glued(scan, end) > 0) end += glued(scan, end);
    // "da casa da dona Cleide": a title after the connector starts another name; "o joão da
    // padaria": a trade or a place after it says who the person is, it is not their name.
    // "pro joao da encomenda de bolo": in lower case, a connector followed by another a word
    // later opens a description ("da festa de aniversário"), not a surname ("joão da silva",
    // "celia da silva do condominio", where the trade says who she is).
    else if (
      CONNECTORS.has(scan.word(end)) &&
      (capitalized || !describes(scan, end)) &&
      !TITLES.has(scan.word(end + 1)) &&
      scan.word(end + 1) !== scan.word(first) && // "do Robson do Robson": said twice, one name
      !TRADES.has(scan.word(end + 1)) &&
      sameStyle(end + 1)
    )
      end += 2;
    // "Lanchonete Sabor & Cia"; a business may put "em" in its name ("Academia Corpo em Forma").
    else if (scan.word(end) === '&' && sameStyle(end + 1)) end += 2;
    else if (scan.word(end) === 'em' && capitalized && TRADES.has(scan.word(first)) && sameStyle(end + 1))
      end += 2;
    else break;
  }
  return { from: start, first, to: end };
}

const HYPHEN_OR_APOSTROPHE = new Set(['-', "'", '’']);

/** Token `i` ends where token `i + 1` starts: no space between them. */
function touching(scan: Scan, i: number): boolean {
  const here = scan.tokens[i];
  const next = scan.tokens[i + 1];
  return here !== undefined && next !== undefined && here.end === next.start && scan.isFree(i + 1);
}

/**
 * How many tokens an elided word takes from `i` ("d'Ouro", "O'Neil", "D'Angelo": a letter or
 * two, an apostrophe, a word, all touching), or 0.
 */
function glued(scan: Scan, i: number): number {
  const head = scan.tokens[i];
  const word = scan.tokens[i + 2];
  if (head?.kind !== 'word' || head.folded.length > 2 || !scan.isFree(i)) return 0;
  if (!["'", '’'].includes(scan.word(i + 1)) || word?.kind !== 'word') return 0;
  return touching(scan, i) && touching(scan, i + 1) ? 3 : 0;
}

/** "da festa de aniversário": a connector, a word, another connector, and no trade after it. */
function describes(scan: Scan, connector: number): boolean {
  return CONNECTORS.has(scan.word(connector + 2)) && !TRADES.has(scan.word(connector + 3));
}

/** The name introduced by the cue at token `cue` ("pro", "para a", "do", "o"), if any. */
export function nameAfterCue(scan: Scan, cue: number): NameMention | undefined {
  const word = scan.word(cue);
  let rank: number;
  let start = cue + 1;
  if (RECIPIENT_CUES.has(word) || (word === 'p' && scan.word(cue + 1) === '/')) {
    rank = 1;
    if (word === 'p') start++;
    if (ARTICLES.has(scan.word(start))) start++;
  } else if (
    word === ':' &&
    (OBJECTS.has(scan.word(cue - 1)) || BEFORE_LISTED_NAME.has(scan.word(cue - 1)))
  ) {
    rank = 1; // "Cria boleto: Roberto Carlos, R$ 450"
  } else if (OWNER_CUES.has(word)) {
    // "aqui da loja", "lá da oficina": where the writer is, not whose boleto it is.
    if (HERE.has(scan.word(cue - 1))) return undefined;
    // "a Cida da Rua das Acácias": an address, not whose boleto.
    if (PLACES.has(scan.word(cue - 1))) return undefined;
    // "gera no nome da Renata": whom the boleto is made out to, as a recipient ("em nome da
    // Contabilidade, solicito…" may be on whose behalf the writer asks).
    rank = scan.word(cue - 1) === 'nome' && scan.word(cue - 2) === 'no' ? 1 : 2;
  } else if (ARTICLES.has(word) && PERSON_VERBS.has(scan.word(cue - 1))) {
    rank = 1;
  } else if (ARTICLE_CUES.has(word) && !isInterjection(scan, cue)) {
    rank = 3;
    if (word === 'com' && ARTICLES.has(scan.word(start))) start++;
  } else {
    return undefined;
  }
  // After a bare article a role starts a name only when a capitalized name follows it
  // ("o cliente Thiago desistiu"; "o cliente desistiu" names nobody).
  const afterRole = ROLE_AGE.has(scan.word(start + 1)) ? start + 2 : start + 1;
  const roleThenName =
    ROLES.has(scan.word(start)) && scan.tokens[afterRole]?.capitalized === true && !scan.text.shouting;
  const name = readName(scan, start, { afterRole: rank < 3 || roleThenName });
  if (name === undefined || (rank === 3 && !plausibleAfterArticle(scan, name, cue))) return undefined;
  if (rank === 2 && !plausibleOwner(scan, cue, name)) return undefined;
  return { text: originalSlice(scan.text, name.first, name.to), from: name.from, to: name.to, rank };
}

/** "ô Iris, cancela…": "ô" (with its accent) calls someone; it is not the article "o". */
function isInterjection(scan: Scan, i: number): boolean {
  const token = scan.tokens[i];
  return token !== undefined && /^ô$/i.test(scan.text.original.slice(token.start, token.end));
}

/**
 * Whose boleto: after "do/da" a capitalized name is taken anywhere, but a lower-case word only
 * when the "do/da" hangs on a boleto ("o boleto da maria", "o da lu", "os em aberto do joao"):
 * elsewhere it is most often a thing ("desistiu da encomenda", "a mensalidade da van").
 */
const BOLETO_WORDS = new Set([...OBJECTS, 'boletos', 'bol', 'cobrancas', 'faturas']);
const OWNED = new Set([
  ...BOLETO_WORDS,
  ...`o a os as aquele aquela aqueles aquelas esse essa esses essas este esta nome aberto abertos
   pendente pendentes vencido vencidos pago pagos atrasado atrasados cancelado cancelados tudo
   todos`.split(/\s+/),
]);

function plausibleOwner(scan: Scan, cue: number, name: { first: number; to: number }): boolean {
  // "os boletos em aberto da padaria", "o 377 da clínica": a trade alone, in lower case or
  // shouted, is one of the writer's own businesses (an accountant keeps several), not whose
  // boleto it is; "da Padaria Estrela" names a customer.
  const trade = name.to - name.first === 1 && TRADES.has(scan.word(name.first));
  if (trade && (scan.text.shouting || scan.tokens[name.first]?.capitalized !== true)) return false;
  for (let i = name.first; i < name.to; i++) if (scan.tokens[i]?.capitalized === true) return true;
  if (name.first > cue + 1) return true; // a title or a role came first: "da dona cida", "do cliente joao"
  if (OWNED.has(scan.word(cue - 1))) return true;
  // "aquele boleto de 150 reais do joão": the boleto right before its amount.
  let i = cue - 1;
  while (i >= 0 && (scan.tokens[i]?.kind === 'number' || AMOUNT_WORDS.has(scan.word(i)))) i--;
  return i < cue - 1 && BOLETO_WORDS.has(scan.word(i));
}

const AMOUNT_WORDS = new Set(['de', 'r$', 'reais', 'real', 'conto', 'contos', 'pila', 'pilas', 'mil']);

/** What may follow a lower-case name after a bare article: "avisa o joão que ...". */
const AFTER_ARTICLE_NAME = new Set(['que', ':', ',', '.', '?', '!', '']);

/**
 * After a bare article a lower-case word is far more often a noun than a name ("avisa todo
 * mundo que o sistema vai parar"), so it is taken only as one word closing a clause
 * ("avisa o joão que ..."). Capitalized names are taken as they are ("o João já pagou?").
 */
function plausibleAfterArticle(scan: Scan, name: { from: number; to: number }, cue: number): boolean {
  for (let i = name.from; i < name.to; i++) if (scan.tokens[i]?.capitalized === true) return true;
  // "antes de liberar a mercadoria.", "pra confirmar o valor": what an infinitive acts on is a thing.
  if (INFINITIVE.test(scan.word(cue - 1))) return false;
  return name.to - name.from === 1 && AFTER_ARTICLE_NAME.has(scan.word(name.to));
}

const INFINITIVE = /^[a-z]{3,}(?:ar|er|ir)$/;

/**
 * A name with no cue word, written with capitals right after an amount, a date or the object
 * ("boleto 200 Marcos amanhã", "cobrança Padaria Pão Quente 350"): rank 2, as an owner cue.
 * Lower-case words there are not taken ("boleto 200 reais amanhã" names nobody).
 */
function uncuedName(scan: Scan, i: number): NameMention | undefined {
  const token = scan.tokens[i];
  if (TITLES.has(scan.word(i))) return undefined; // a title starts a titled name or none
  if (token?.capitalized !== true) return undefined;
  // "Rosa pagou??", "Jorge quitou?": a name opening the message, right before what the person did.
  if (i === 0) {
    const name = readName(scan, i);
    if (name === undefined || scan.text.shouting || !PAYER_VERBS.has(scan.word(name.to))) return undefined;
    return { text: originalSlice(scan.text, name.first, name.to), from: name.from, to: name.to, rank: 2 };
  }
  const before = scan.tokens[i - 1];
  // A new sentence starts with a capital whatever it says: "...dia 15 de dezembro. Desde já".
  if (SENTENCE_END.has(scan.word(i - 1))) return undefined;
  if (scan.isFree(i - 1) && before?.kind !== 'number' && !OBJECTS.has(scan.word(i - 1))) return undefined;
  const name = readName(scan, i);
  if (name === undefined) return undefined;
  return { text: originalSlice(scan.text, name.first, name.to), from: name.from, to: name.to, rank: 2 };
}

const SENTENCE_END = new Set(['.', '!', '?', '...', '…']);
/** What a customer does with a boleto, said right after their name. */
const PAYER_VERBS = new Set(['pagou', 'quitou', 'acertou', 'depositou', 'transferiu', 'pagaram', 'ja']);

/**
 * A name its own clause says to leave alone: "cancela o dele, o da Paula deixa como tá",
 * "o do Rui não mexe". It is not the request's.
 */
function leftAlone(scan: Scan, name: NameMention): boolean {
  for (let i = name.to; i < name.to + 3; i++) {
    const word = scan.word(i);
    if (word === '' || CLAUSE_END.has(word)) return false;
    if (word === 'deixa' && LEAVE_AS_IS.has(scan.word(i + 1))) return true;
    if ((word === 'nao' || word === 'n') && (scan.word(i + 1) === 'mexe' || scan.word(i + 1) === 'mexa'))
      return true;
    // "o do Leandro ainda não, mas o da Sofia pode cancelar"
    if ((word === 'nao' || word === 'n') && scan.word(i - 1) === 'ainda' && CLAUSE_END.has(scan.word(i + 1)))
      return true;
  }
  return false;
}
const CLAUSE_END = new Set([',', '.', ';', '!', '?', ':', '...', '…']);
const LEAVE_AS_IS = new Set(['como', 'assim', 'quieto', 'quieta', 'pra', 'ai', 'la']);

/**
 * A title and a capitalized name with no cue before them: "Sr. Otávio pagou?", "Dona Cida já
 * pagou?". A title says a person follows; ranked as after a bare article.
 */
function titledName(scan: Scan, i: number): NameMention | undefined {
  if (!TITLES.has(scan.word(i))) return undefined;
  const first = scan.word(i + 1) === '.' ? i + 2 : i + 1;
  if (scan.tokens[first]?.capitalized !== true) return undefined;
  const name = readName(scan, i);
  if (name === undefined) return undefined;
  return { text: originalSlice(scan.text, name.first, name.to), from: name.from, to: name.to, rank: 3 };
}

/** Every cued name in the free tokens, best rank first. */
export function extractNames(scan: Scan): NameMention[] {
  const found: NameMention[] = [];
  for (let i = 0; i < scan.tokens.length; i++) {
    if (!scan.isFree(i)) continue;
    const mention = nameAfterCue(scan, i) ?? titledName(scan, i) ?? uncuedName(scan, i);
    if (mention === undefined) continue;
    found.push(mention);
    i = mention.to - 1;
  }
  return withoutCorrectedNames(
    scan,
    inWritingStyle(
      scan,
      found.filter((n) => !leftAlone(scan, n)),
    ),
  ).sort((a, b) => a.rank - b.rank || a.from - b.from);
}

/**
 * Someone who writes names with capitals ("o serviço da Padaria Pão Quente") does not write a
 * name in lower case: there "da cozinha deles" or "do bolo de casamento" are things. Lower-case
 * names count only in messages that capitalize none.
 */
function inWritingStyle(scan: Scan, names: NameMention[]): NameMention[] {
  const capitalized = (name: NameMention): boolean =>
    scan.tokens.slice(name.from, name.to).some((token) => token.capitalized === true);
  return names.some(capitalized) ? names.filter(capitalized) : names;
}

/**
 * "cancela o do Igor... não, do Diego": a name taken back right away is dropped. Only when
 * nothing but the taking back (and a cue word) sits between the two names, so that "avisa o
 * João que não vai dar pra Maria" keeps João.
 */
const TAKEN_BACK =
  /^[\s.,;:!…-]*(?:nao|digo|quer dizer|ou melhor|na verdade|perdao|ops)(?:\s+\S+\s+nao)?(?:[\s.,;:!…-]*(?:pera|perai|espera)[\s.,;:!…-]*(?:(?:o|a)\s+)?)?[\s.,;:!…-]*(?:(?:do|da|de|pro|pra|para|o|a|com)\s+)?$/;

function withoutCorrectedNames(scan: Scan, names: NameMention[]): NameMention[] {
  const text = scan.text.original;
  return withoutCorrected(
    names,
    (a, b) => text.slice(scan.tokens[a.to - 1]?.end ?? 0, scan.tokens[b.from]?.start ?? 0),
    TAKEN_BACK,
  );
}

const LEADING_FILLERS = new Set(
  'e eh ah hum ahn pode ser seria o a pro pra para do da nome contato'.split(' '),
);

/**
 * A clarification answer that is just a name: "João", "o João Silva", "é pro joão". The name
 * must start within the first words and be the whole answer but for punctuation.
 */
export function readBareName(scan: Scan): string | undefined {
  let start = 0;
  while (LEADING_FILLERS.has(scan.word(start)) && start < 4) start++;
  const name = readName(scan, start);
  if (name === undefined) return undefined;
  for (let i = name.to; i < scan.tokens.length; i++) {
    if (scan.tokens[i]?.kind !== 'symbol') return undefined;
  }
  return originalSlice(scan.text, name.first, name.to);
}
