import { DICTIONARY_COLLISIONS } from './dictionary-collisions';

/**
 * The words the rules listen for, and the typo correction that maps a misspelt word onto them.
 *
 * Chat and transcribed voice notes are full of one-key slips ("bolto", "boelto", "cancelaa",
 * "statos"). A word is corrected only when it is safe to do so:
 * - it is at least 5 letters long (short words collide: "Lisa" is one edit from "lista");
 * - it is not a keyword, nor a correctly spelt Portuguese word that happens to be one edit
 *   away from a keyword ("certo" is not "cento", "pagar" is not "apagar"; see
 *   `DICTIONARY_COLLISIONS`);
 * - it is not capitalized in the middle of the message (that is probably a name);
 * - the difference is not in the last letter, where Portuguese inflects ("vence" is not a typo
 *   of "venceu", "conta" not of "conto"), except a doubled last letter ("cancelaa");
 * - a letter stretched three times or more ("cancelaaa", "boletooo") counts once;
 * - exactly one edit (insertion, deletion, substitution or adjacent swap) separates it from a
 *   keyword; when several keywords qualify, the first listed wins (they are listed so that
 *   near neighbours belong to the same family: "cancelar" / "cancela").
 */

/** Keywords in canonical form (lower case, no accents). Order matters for ties, see above. */
const KEYWORDS = `
boleto boletos cobranca cobrancas fatura faturas
criar cria crie gerar gera gere emitir emite emita fazer faca montar monta lancar lanca registrar registra
cobrar cobra novo nova quero preciso
cancelar cancela cancele cancelo cancelamento anular anula anule excluir exclui exclua apagar apaga apague
deletar deleta delete remover remove desfazer desfaz
status situacao consultar consulta consulte verificar verifica verifique checar checa
pagou pagaram pagos vence vencer vencido vencidos vencida vencidas venceu vencem vencendo vencimento
atrasado atrasados pendente pendentes aberto abertos cancelado cancelados quitado quitados
mandar manda mande enviar envia envie avisar avisa avise falar fala dizer diga lembrar lembra lembre
escrever escreve escreva notificar notifica mensagem mensagens recado dizendo falando avisando perguntando
listar lista liste listagem mostrar mostra mostre relatorio quais quantos todos
ajuda socorro comandos obrigado obrigada valeu funciona
amanha depois segunda terca quarta quinta sexta sabado domingo feira proxima proximo semana
janeiro fevereiro marco abril junho julho agosto setembro outubro novembro dezembro daqui dentro final
reais centavos conto contos cento duzentos trezentos quatrocentos quinhentos seiscentos setecentos
oitocentos novecentos vinte trinta quarenta cinquenta sessenta setenta oitenta noventa
dezesseis dezessete dezoito dezenove quatorze catorze quinze treze
`
  .split(/\s+/)
  .filter(Boolean);

const KNOWN = new Set<string>([...KEYWORDS, ...DICTIONARY_COLLISIONS]);

/** Keywords bucketed by length, so a word is compared only with lengths len-1 .. len+1. */
const BY_LENGTH = new Map<number, string[]>();
for (const keyword of KEYWORDS) {
  const bucket = BY_LENGTH.get(keyword.length) ?? [];
  bucket.push(keyword);
  BY_LENGTH.set(keyword.length, bucket);
}

const MIN_LENGTH = 5;
/** Upper bound of the memo; words seen in chats repeat a lot, but memory must stay bounded. */
const CACHE_LIMIT = 10_000;
const cache = new Map<string, string>();

/**
 * The keyword `word` (folded, lower case) was meant to be, or `word` itself.
 * `capitalizedMidSentence`: the user wrote it with a capital letter after the first word.
 */
export function correctTypo(word: string, capitalizedMidSentence: boolean): string {
  if (word.length < MIN_LENGTH || capitalizedMidSentence || KNOWN.has(word)) return word;
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  // Letters stretched for emphasis ("cancelaaa", "boletooo"): Portuguese never triples a letter.
  const unstretched = word.replace(/(\p{L})\1{2,}/gu, '$1');
  const corrected =
    unstretched !== word && KNOWN.has(unstretched)
      ? unstretched
      : (nearestKeyword(word) ?? (unstretched !== word ? nearestKeyword(unstretched) : undefined) ?? word);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, corrected);
  return corrected;
}

function nearestKeyword(word: string): string | undefined {
  for (const length of [word.length, word.length - 1, word.length + 1]) {
    for (const keyword of BY_LENGTH.get(length) ?? []) {
      if (oneEditApart(word, keyword) && !differsInEnding(word, keyword)) return keyword;
    }
  }
  return undefined;
}

/** The two words differ only in their last letter: an inflection rather than a typo. */
function differsInEnding(word: string, keyword: string): boolean {
  if (word.length === keyword.length) return word.slice(0, -1) === keyword.slice(0, -1);
  if (word.length < keyword.length) return word === keyword.slice(0, -1);
  const doubled = word.at(-1) === word.at(-2);
  return !doubled && keyword === word.slice(0, -1);
}

/** True when one insertion, deletion, substitution or adjacent transposition turns a into b. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    let first = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (first >= 0) {
        // Second difference: only an adjacent swap of the first one is allowed.
        return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
      }
      first = i;
    }
    return true;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}
