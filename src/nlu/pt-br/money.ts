import { STREET_WORDS } from './places';
import { hasExponentAt, isNegativeAt, isUnsafeCents, withoutCorrected } from '../amount-guards';
import { withoutAsides } from './amount-asides';
import { ID_DIGITS, readNumberWords } from './number-words';
import type { Scan } from './scan';

/**
 * Amounts of money as Brazilians write and say them, in integer cents.
 *
 * Written: "R$ 1.500,00", "R$150", "1.500" (dot = thousands), "150,50" (comma = decimals),
 * "150.50" (a dot followed by two digits is read as decimals, as pasted from elsewhere),
 * "1,500" (comma followed by three digits: thousands, same reason), "1,5 mil", "2 mil", and
 * "15k" (chat shorthand for mil; next to a boleto it can only mean R$ 15.000).
 * Spoken: "mil e quinhentos reais", "cento e cinquenta", "duzentos e trinta e cinco reais e
 * cinquenta centavos", "vinte reais e cinquenta"; slang: "150 conto", "cem pila", "120 pau".
 *
 * A number is money when something marks it: "R$" before it, a currency word after it
 * ("reais", "conto", ...), a magnitude ("mil", "k"), or a word that introduces a value
 * ("de", "valor", "por": "boleto de 150"). Other numbers are returned as bare numbers, and
 * the intent decides (`entities.ts`): in "cria boleto 150 pro João" it is the amount, in
 * "cancela o 45" it is the boleto number. A number that counts things ("2 boletos", "3
 * vezes") is never money, nor a lone "um"/"uma", which is an article ("cria um boleto").
 */

export interface AmountMention {
  cents: number;
  from: number;
  to: number;
}

export interface BareNumber {
  /** Read as reais, in cents; undefined when it cannot be money. */
  cents: number | undefined;
  /** Read as a boleto number; undefined when it cannot be one ("1,5", a phone number). */
  id: number | undefined;
  from: number;
  to: number;
}

const CURRENCY = new Set([
  'reais',
  'real',
  'conto',
  'contos',
  'pila',
  'pilas',
  'pau',
  'paus',
  'mango',
  'mangos',
  'pratas',
]);
const CENTS = new Set(['centavos', 'centavo']);
const INTRODUCERS = new Set(['de', 'valor', 'por', 'total', 'quantia', 'custando']);
const MAGNITUDES = new Map([
  ['mil', 1_000],
  ['k', 1_000],
  ['milhao', 1_000_000],
  ['milhoes', 1_000_000],
]);
const COUNTED = new Set(
  `boleto boletos cobranca cobrancas fatura faturas vez vezes x parcela parcelas caixa peca pacote saco duzia kg g km l litro litros % hora
horas minuto minutos dia dias semana semanas mes meses ano anos pessoa pessoas unidade unidades item itens`.split(
    /\s+/,
  ),
);
const ARTICLES = new Set(['um', 'uma']);
/**
 * Words before a number that is no amount and no boleto: an address ("rua 12, casa 40", a rented
 * room: "o rapaz do quarto 2") or a
 * document's reference ("NF 2291", "contrato 88", "pedido 7781", "PO 3390").
 */
const REFERENCE_PARTS = new Set([
  ...STREET_WORDS,
  ...`casa apto apartamento ap bloco sala lote quadra qd andar cep quarto kitnet kitnete box vaga
   nf nfe nfs nfse nota notinha contrato pedido po oc protocolo processo matricula cpf cnpj`.split(/\s+/),
]);

/**
 * A Brazilian phone number as typed: a mobile's 9 and eight digits with a dash ("99834-2210",
 * "9 9123-4567"), with or without the area code ("11 …", "(48) …"), or eleven digits in a row
 * with the mobile 9 ("11998342210"). Never an amount nor a boleto number. A comma or a full
 * stop right after it ends the sentence ("o zap dele é 11 98765-4321, vence dia 2"); with a
 * digit after it, it is part of a number.
 */
const PHONE =
  /(?<!\d|\d[.,])(?:\+?55\s?)?(?:\(?\d{2}\)?\s?)?(?:9\s?\d{4}|\d{4})-\d{4}(?!\d|[.,]\d)|(?<!\d|\d[.,])(?:55)?\d{2}9\d{8}(?!\d|[.,]\d)/g;

/** Claims the tokens of every phone number in the message. */
function claimPhones(scan: Scan): void {
  for (const match of scan.text.original.matchAll(PHONE)) {
    const start = match.index;
    const end = start + match[0].length;
    // A landline-looking pair without an area code ("1000-2000") may be a range: only a mobile's
    // nine or an area code before it makes it a phone.
    if (!/^(?:\+?55\s?)?\(?\d{2}\)?\s|^9\s?\d{4}-|^\d{11,13}$/.test(match[0])) continue;
    scan.tokens.forEach((token, i) => {
      if (token.start >= start && token.end <= end) scan.claim(i, i + 1);
    });
  }
}
/** Plural words after a number that are not things counted ("3 caixas", "12 bolos" are). */
const PLURAL_NOT_COUNTED = new Set(
  'reais pilas paus contos mangos pratas pros pras dos das nos nas mas mais menos depois antes apos ates'.split(
    ' ',
  ),
);

/** "3 caixas de ovo", "12 bolos": a plural noun right after a number counts things. */
function countsThings(word: string): boolean {
  return COUNTED.has(word) || (/^[a-z]{3,}s$/.test(word) && !PLURAL_NOT_COUNTED.has(word));
}

interface Numeral {
  cents: number;
  id: number | undefined;
  end: number;
  /** Spoken words rather than digits. */
  words: boolean;
  /** A lone "um"/"uma". */
  article: boolean;
}

/** Money said in a way that can never be proposed ("-150", "menos 200", "1e308"): where it was said. */
export interface RefusedAmount {
  from: number;
  to: number;
}

export function extractMoney(scan: Scan): {
  amounts: AmountMention[];
  bare: BareNumber[];
  refused: RefusedAmount[];
} {
  const amounts: AmountMention[] = [];
  const bare: BareNumber[] = [];
  const refused: RefusedAmount[] = [];
  claimPhones(scan);
  for (let i = 0; i < scan.tokens.length; i++) {
    if (!scan.isFree(i)) continue;
    const numeral = readNumeral(scan, i);
    if (numeral === undefined) continue;
    if (isOrdinalAt(scan, i)) {
      // "a 1a parcela", "2ª via": an ordinal counts, it is no amount.
      scan.claim(i, i + 2);
      i++;
      continue;
    }
    if (!numeral.words && (REFERENCE_PARTS.has(scan.word(i - 1)) || afterStreetName(scan, i))) {
      // "rua 12, casa 40", "ref. NF 2291": an address or a document, no amount and no boleto.
      const end = referenceEnd(scan, numeral.end);
      scan.claim(i, end);
      i = end - 1;
      continue;
    }
    let { cents } = numeral;
    let end = numeral.end;
    let marked = numeral.words && numeral.cents >= 100_000;

    const magnitude = numeral.words ? undefined : MAGNITUDES.get(scan.word(end));
    // "1k2" as people text 1.200: a thousand and two hundred.
    const kHundreds = numeral.words ? null : /^k(\d)$/.exec(scan.word(end));
    if (kHundreds && scan.isFree(end)) {
      cents = cents * 1_000 + Number(kHundreds[1]) * 100 * 100;
      end++;
      marked = true;
    } else if (magnitude !== undefined && scan.isFree(end)) {
      cents *= magnitude;
      end++;
      marked = true;
      // "2 mil e 500", "2 mil e quinhentos"
      const rest = scan.word(end) === 'e' ? readNumeral(scan, end + 1) : undefined;
      if (rest !== undefined && rest.cents < cents) {
        cents += rest.cents;
        end = rest.end;
      }
    }
    // "dois mil e meio", "2 mil e meio", "um milhão e meio": half of the scale just said (read
    // as the whole thousand before, R$ 2.000 for R$ 2.500).
    if (scan.word(end) === 'e' && scan.word(end + 1) === 'meio' && scan.isFree(end) && scan.isFree(end + 1)) {
      const reais = cents / 100;
      const scale = [1_000_000, 1_000].find((unit) => reais >= unit && reais % unit === 0);
      // Under a thousand, "trinta e meio" is R$ 30,50: half a real.
      const half =
        scale !== undefined ? (scale / 2) * 100 : Number.isInteger(reais) && reais < 1_000 ? 50 : 0;
      if (half > 0) {
        cents += half;
        end += 2;
        marked = true;
      }
    }
    if (CURRENCY.has(scan.word(end)) && scan.isFree(end)) {
      end++;
      marked = true;
      // "reais e cinquenta (centavos)"
      const centsPart = scan.word(end) === 'e' ? readNumeral(scan, end + 1) : undefined;
      if (centsPart?.id !== undefined && centsPart.id < 100) {
        cents += centsPart.id;
        end = CENTS.has(scan.word(centsPart.end)) ? centsPart.end + 1 : centsPart.end;
      }
    } else if (CENTS.has(scan.word(end)) && numeral.id !== undefined) {
      cents = numeral.id;
      end++;
      marked = true;
    } else if (numeral.words && scan.word(end) === 'e' && scan.isFree(end)) {
      // "cento e vinte e cinco e cinquenta", as people say R$ 125,50: spoken reais followed by
      // "e" and a number under 100 that could not join them are the centavos.
      const centsPart = readNumeral(scan, end + 1);
      if (centsPart?.words && centsPart.id !== undefined && centsPart.id < 100 && !centsPart.article) {
        cents += centsPart.id;
        end = CENTS.has(scan.word(centsPart.end)) ? centsPart.end + 1 : centsPart.end;
      }
    }

    let from = i;
    let introducedOnly = false;
    if (scan.word(i - 1) === 'r$' && scan.isFree(i - 1)) {
      from = i - 1;
      marked = true;
    } else if (INTRODUCERS.has(scan.word(i - 1))) {
      // "pacote de 10 aulas": after "de" a counted noun still makes it a count.
      introducedOnly = !marked && end === numeral.end;
      marked = true;
    }
    if (notAnAmount(scan, from, end, cents)) {
      // "-150", "menos R$ 150", "menos duzentos", "1e308", 30 digits: taken, so no rule reads
      // them as anything else.
      scan.claim(from, end);
      refused.push({ from, to: end });
      i = end - 1;
      continue;
    }

    if (numeral.article && end === numeral.end) {
      // "um boleto", "de uma vez": an article, unless a currency or magnitude follows.
    } else if (scan.word(end) === 'cada' && scan.isFree(end)) {
      // "3 caixas de 45 reais cada, total R$ 135": a unit price, not what is charged.
      scan.claim(from, end + 1);
    } else if ((!marked || introducedOnly) && scan.isFree(end) && countsThings(scan.word(end))) {
      scan.claim(i, end + 1);
    } else if (marked) {
      scan.claim(from, end);
      amounts.push({ cents, from, to: end });
    } else {
      const year = !numeral.words && end === numeral.end && isYear(scan.tokens[i]?.text ?? '');
      bare.push({ cents: year ? undefined : cents, id: numeral.id, from, to: end });
    }
    i = end - 1;
  }
  return { ...corrected(scan, amounts, bare), refused };
}

/**
 * "rua das Acácias 1450", "Av. Brasil 200": a number after a street's name (a street word and at
 * most four words of name before it, no comma between) is the address.
 */
function afterStreetName(scan: Scan, i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 6); j--) {
    const word = scan.word(j);
    if (STREET_WORDS.has(word)) return j < i - 1;
    if (scan.tokens[j]?.kind !== 'word' && word !== '.') return false;
  }
  return false;
}

/**
 * Where a document's number ends: the rest of a formatted one ("CNPJ 12.345.678/0001-90": the
 * groups glued to it) and the year it is of ("NF 4521 de 2026").
 */
function referenceEnd(scan: Scan, end: number): number {
  const glued = (i: number) => scan.tokens[i]?.start === scan.tokens[i - 1]?.end;
  while (glued(end) && /^[/.-]$|^\d+$/.test(scan.word(end))) end++;
  if (scan.word(end) === 'de' && isYear(scan.tokens[end + 1]?.text ?? '')) end += 2;
  return end;
}

/** Digits glued to an ordinal ending: "1a", "2ª", "3º", "1o" (then no letter). */
function isOrdinalAt(scan: Scan, i: number): boolean {
  const token = scan.tokens[i];
  if (token?.kind !== 'number' || !/^\d{1,2}$/.test(token.text)) return false;
  return /^[aoªº](?![\p{L}\d])/u.test(scan.text.original.slice(token.end));
}

/** Says "no" to what it sits next to: see `amount-guards.ts`. */
function notAnAmount(scan: Scan, from: number, end: number, cents: number): boolean {
  const original = scan.text.original;
  const first = scan.tokens[from];
  const last = scan.tokens[end - 1];
  if (first === undefined || last === undefined) return false;
  return isNegativeAt(original, first.start) || hasExponentAt(original, last.end) || isUnsafeCents(cents);
}

/** Words that take back the value just said: "150, não, 180"; "200 quer dizer 250". */
const CORRECTION =
  /(?:^|\W)(?:nao|digo|quer dizer|na verdade|na vdd|na real|alias|pera|perai|ops|opa|perdao|corrigindo|errei|melhor|ou melhor)(?:\W|$)/;

/** Of two values where the second corrects the first, only the second is kept. */
function corrected(
  scan: Scan,
  amounts: AmountMention[],
  bare: BareNumber[],
): { amounts: AmountMention[]; bare: BareNumber[] } {
  const all = [...amounts, ...bare].sort((a, b) => a.from - b.from);
  const text = scan.text.original;
  const between = (a: { to: number }, b: { from: number }) =>
    text.slice(scan.tokens[a.to - 1]?.end ?? 0, scan.tokens[b.from]?.start ?? 0);
  const corrections = withoutCorrected(all, between, CORRECTION);
  // The words around a value say it was the old one, a discount or not the total; a number
  // that cannot be money (a year) is left to the other readers.
  const marked = corrections.filter((m) => m.cents !== undefined);
  const spoken = (m: AmountMention | BareNumber) => {
    const start = scan.tokens[m.from]?.start ?? 0;
    const end = scan.tokens[m.to - 1]?.end ?? 0;
    return { before: text.slice(Math.max(0, start - 40), start), after: text.slice(end, end + 30) };
  };
  const asides = new Set(marked.filter((m) => !withoutAsides(marked, spoken).includes(m)));
  const kept = new Set(corrections.filter((m) => !asides.has(m)));
  return { amounts: amounts.filter((a) => kept.has(a)), bare: bare.filter((b) => kept.has(b)) };
}

function readNumeral(scan: Scan, i: number): Numeral | undefined {
  if (!scan.isFree(i)) return undefined;
  const token = scan.tokens[i];
  if (token?.kind === 'number') {
    if (isPercent(scan, i + 1)) return undefined;
    const cents = parseCents(token.text);
    if (cents === undefined) return undefined;
    return {
      cents,
      id: ID_DIGITS.test(token.text) ? Number(token.text) : undefined,
      end: i + 1,
      words: false,
      article: false,
    };
  }
  const phrase = readNumberWords(scan, i);
  if (phrase === undefined || inCapitalizedName(scan, i, phrase.end) || isPercent(scan, phrase.end))
    return undefined;
  return {
    cents: phrase.value * 100,
    id: phrase.value,
    end: phrase.end,
    words: true,
    article: phrase.words === 1 && ARTICLES.has(scan.word(i)),
  };
}

/**
 * "a matrícula 2027": a year of this decade or the next written bare is not reais (it may still
 * be a boleto number); with "reais", "R$" or "valor de" it is money.
 */
function isYear(text: string): boolean {
  return /^20[23]\d$/.test(text);
}

/** "juros de 2%", "10 por cento de desconto": a rate, never reais nor a boleto number. */
function isPercent(scan: Scan, after: number): boolean {
  return scan.word(after) === '%' || (scan.word(after) === 'por' && scan.word(after + 1) === 'cento');
}

/**
 * "Mercearia Dois Irmãos", "Padaria Sete Estrelas": a number word written with a capital
 * between two capitalized words is part of a name, not a value.
 */
function inCapitalizedName(scan: Scan, from: number, to: number): boolean {
  const titled = (i: number): boolean => scan.tokens[i]?.capitalized === true;
  return titled(from - 1) && titled(from) && titled(to);
}

const THOUSANDS_DOT = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/;
const THOUSANDS_COMMA = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;
const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;

/** "1.500,00" -> 150000; "150,5" -> 15050; undefined for what is not an amount ("10.12.2026"). */
export function parseCents(text: string): number | undefined {
  let normalized: string;
  if (THOUSANDS_DOT.test(text)) normalized = text.replace(/\./g, '').replace(',', '.');
  else if (THOUSANDS_COMMA.test(text)) normalized = text.replace(/,/g, '');
  else if (DECIMAL.test(text)) normalized = text.replace(',', '.');
  else return undefined;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
