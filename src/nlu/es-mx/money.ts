import {
  correctionInThousands,
  hasExponentAt,
  isNegativeAt,
  isUnsafeCents,
  withoutCorrected,
} from '../amount-guards';
import { isMultiplierWord, isNumberWord, parseNumberWords } from './number-words';
import { overlapsAny, type Span } from './spans';
import { type Token, wordSet } from './tokens';

/** An amount of pesos found in the text, in integer cents. */
export interface MoneyMention extends Span {
  cents: number;
}

const CURRENCY_WORDS = wordSet('pesos peso pesitos varos baros bolas mxn mx morlacos');
const VAGUE_REMAINDERS = wordSet('pico tantos algo feria cacho');
const CENT_WORDS = wordSet('centavos centavo cts ctvs cvs');

/**
 * Words after a bare number that make it a count or a measure, not pesos: "12 meses", "3 días",
 * "a 12 msi" (meses sin intereses).
 */
const UNIT_WORDS = wordSet(
  `dia dias semana semanas mes meses ano anos hora horas hrs hr minutos min vez veces
   personas litros lts kilos kg km gb am pm porciento % msi`,
);

/** Words before a bare year: "este 2027", "el año 2026", "del 2025", "en 2025". */
const YEAR_WORDS = wordSet('este ano del en');
const isYear = (cents: number) => cents % 100 === 0 && cents / 100 >= 1990 && cents / 100 <= 2099;

/**
 * Words before a bare number that make it an identifier, a time or a model: "terminación 1234",
 * "a las 3", "un iphone 15 de 19,999", "el play 4".
 */
const IDENTIFIER_WORDS = wordSet(
  `# numero num terminacion las x dia iphone galaxy play playstation ps xbox switch redmi note
   moto pixel ipad serie modelo version generacion referencia ref folio clabe contrato guia rastreo
   convenio cumple cumplo cumplio cumplira`,
);

/**
 * Words that may follow an amount ("250 en uber", "300 de gas", "80 ayer"). A small bare number
 * followed by any other word counts things instead: "2 boletos", "dos tacos".
 */
const AMOUNT_FOLLOWERS = wordSet(
  `de d del en para pa por y o con el la los las al a hoy ayer antier anteayer manana que
   nada mas menos cada este esta`,
);

/**
 * Parses a number as Mexicans write it: "250", "1,200.50" (comma thousands, dot decimals),
 * "87.50", "1.500" (dot thousands, as some people type it: three decimals never mean money),
 * "87,50" (comma decimals). Returns integer cents without going through floating point.
 */
export function parseDigitsToCents(text: string): number | undefined {
  let integer: string;
  let fraction = '';
  if (/^\d+$/.test(text)) {
    integer = text;
  } else if (/^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/.test(text)) {
    [integer = '', fraction = ''] = text.replace(/,/g, '').split('.');
  } else if (/^\d{1,3}(?:\.\d{3})+$/.test(text)) {
    integer = text.replace(/\./g, '');
  } else if (/^\d+[.,]\d{1,2}$/.test(text)) {
    [integer = '', fraction = ''] = text.split(/[.,]/);
  } else {
    return undefined;
  }
  return Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
}

interface Reading {
  cents: number;
  /** Index of the first token after the reading. */
  next: number;
  /**
   * Written unmistakably as money ("$", "pesos", "varos", "mil", "1.5k", "1,200.50", cents), as
   * opposed to a bare "250" whose money reading comes from context alone.
   */
  marked: boolean;
}

/**
 * Every amount in the tokens, skipping tokens inside `excluded` (dates, days, times already
 * claimed: "el 15" is a day, never $15).
 */
export function findMoney(
  tokens: readonly Token[],
  excluded: readonly Span[],
  folded: string,
): MoneyMention[] {
  const mentions: MoneyMention[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const first = tokens[index] as Token;
    if (overlapsAny(first, excluded)) continue;
    const phone = phoneNumberEnd(tokens, index, folded);
    if (phone !== undefined) {
      index = phone - 1;
      continue;
    }
    const reading = readAmount(tokens, index);
    if (!reading) continue;
    const last = tokens[reading.next - 1] as Token;
    const mention = { cents: reading.cents, start: first.start, end: last.end };
    if (overlapsAny(mention, excluded) || isSharedTotal(tokens, reading.next)) {
      index = reading.next - 1;
      continue;
    }
    // "-200", "menos 200", "1e308", 30 digits: never an amount (see `amount-guards.ts`).
    const refused =
      isNegativeAt(folded, mention.start) ||
      isOverdrawnAt(folded, mention) ||
      hasExponentAt(folded, mention.end) ||
      isUnsafeCents(mention.cents);
    if (!refused && (reading.marked || isAmountByContext(tokens, index, reading))) mentions.push(mention);
    index = reading.next - 1;
  }
  const between = (a: Span, b: Span) => folded.slice(a.end, b.start);
  const kept = withoutCorrected(mentions, between, CORRECTION).filter(
    (mention, i, all) => i === all.length - 1 || !DENIED_BEFORE.test(folded.slice(0, mention.start)),
  );
  return kept.map((mention) => {
    const corrected = mentions[mentions.indexOf(mention) - 1];
    if (!corrected || kept.includes(corrected)) return mention;
    return { ...mention, cents: correctionInThousands(corrected.cents, mention.cents) };
  });
}

/**
 * "me dio su cel 33 1845 9920", "55-2345-6789": digit groups that make a ten-digit Mexican
 * phone number (twelve with the country code 52) are a phone, never amounts. Returns the index
 * after the number.
 */
function phoneNumberEnd(tokens: readonly Token[], index: number, folded: string): number | undefined {
  let digits = 0;
  let next = index;
  for (;;) {
    const token = tokens[next];
    if (token === undefined || token.kind !== 'number' || !/^\d+$/.test(token.text)) break;
    digits += token.text.length;
    next++;
    const gap = folded.slice(token.end, tokens[next]?.start ?? token.end);
    if (tokens[next]?.text === '-' && /^\d+$/.test(tokens[next + 1]?.text ?? '')) next++;
    else if (!/^ $/.test(gap)) break;
  }
  // One unbroken run counts too ("recarga al 5534128890"): no personal amount has ten digits.
  return digits === 10 || digits === 12 ? next : undefined;
}

/**
 * "fueron 600 entre 3": a bill split among people. The total is not what the person spent and
 * their share is arithmetic nobody said, so neither is read (Gate 3 asks for the amount).
 */
function isSharedTotal(tokens: readonly Token[], next: number): boolean {
  return (
    tokens[next]?.text === 'entre' &&
    /^\d{1,2}$|^(?:dos|tres|cuatro|cinco|seis)$/.test(tokens[next + 1]?.text ?? '')
  );
}

/** Verbs that count people: "somos cinco", "éramos 4", "seremos 12". */
const PEOPLE_VERBS = new Set(['somos', 'eramos', 'seremos', 'fuimos']);

/** "no fueron 500, fueron 300": an amount denied before the one that replaces it. */
const DENIED_BEFORE = /(?:^|\W)no\s+(?:fueron|fue|era|eran|es|son|gaste|pague)\s+(?:de\s+|como\s+)?\$?\s*$/;

/** Words that take back the amount just said: "200, no, 250"; "300 perdón 350"; "1500... mejor 1200". */
// A "no" corrects unless it negates a verb of its own clause ("1,500 pero no sé si me alcanza,
// tengo 3,200" states a price and a balance).
const CORRECTION =
  /(?:^|\W)(?:no(?!\W+(?:se|sabia|creo|me alcanza|alcanza|alcanzo|puedo|quiero|he|hay)\b)|digo|perdon|mejor|mejor dicho|quise decir|me equivoque|corrijo|o sea|bueno)(?:\W|$)/;

function isAmountByContext(tokens: readonly Token[], index: number, reading: Reading): boolean {
  const before = tokens[index - 1]?.text;
  const after = tokens[reading.next];
  if (before !== undefined && IDENTIFIER_WORDS.has(before)) return false;
  // "mi cumple de 30": an age.
  if (before === 'de' && /^cumple/.test(tokens[index - 2]?.text ?? '') && !reading.marked) return false;
  // "entre 3": people sharing a bill — but "entre 500 y 600" is a range, read (and asked) as two.
  const range = RANGE_WORDS.has(after?.text ?? '') && readNumber(tokens, reading.next + 1) !== undefined;
  if (before === 'entre' && reading.cents <= 2_000 && !range) return false;
  // "somos cinco en la casa", "éramos 4": people, not pesos.
  if (before !== undefined && PEOPLE_VERBS.has(before) && reading.cents <= 2_000 && !reading.marked)
    return false;
  // "este 2027", "el año 2026", "del 2025": a year, not pesos.
  if (before !== undefined && YEAR_WORDS.has(before) && isYear(reading.cents)) return false;
  if (after && UNIT_WORDS.has(after.text)) return false;
  const countsThings = after?.kind === 'word' && !AMOUNT_FOLLOWERS.has(after.text);
  return !(reading.cents < 1_000 && countsThings);
}

function readAmount(tokens: readonly Token[], index: number): Reading | undefined {
  const hasSign = tokens[index]?.text === '$';
  const core = readNumber(tokens, hasSign ? index + 1 : index);
  // "mil y pico", "trescientos y pico", "2 mil 300 y tantos": the person says there is more than
  // the number and not how much, so no amount is read and Gate 3 asks (never a figure rounded
  // down for them to confirm).
  if (!core) return undefined;
  if (tokens[core.next]?.text === 'y' && VAGUE_REMAINDERS.has(tokens[core.next + 1]?.text ?? ''))
    return undefined;
  let reading = withHalf(tokens, { ...core, marked: core.marked || hasSign });
  if (CURRENCY_WORDS.has(tokens[reading.next]?.text ?? '')) {
    reading = { ...reading, next: reading.next + 1, marked: true };
  }
  return withCents(tokens, reading);
}

/** "un millón y medio", "dos mil y medio", "3 lucas y media": half of the scale word just read. */
function withHalf(tokens: readonly Token[], reading: Reading): Reading {
  const scale = scaleOf(tokens[reading.next - 1]?.text ?? '');
  // "… y media hora" is a time, not half a thousand.
  const saysHalf =
    tokens[reading.next]?.text === 'y' &&
    /^medi[oa]$/.test(tokens[reading.next + 1]?.text ?? '') &&
    !/^horas?$/.test(tokens[reading.next + 2]?.text ?? '');
  if (!scale || !saysHalf) return reading;
  return { cents: reading.cents + (scale * 100) / 2, next: reading.next + 2, marked: true };
}

/**
 * "mil quinientos pesos con cincuenta centavos", "doscientos y cincuenta centavos", and, after
 * "pesos", the cents without their word ("ochenta y cinco pesos con cincuenta").
 */
function withCents(tokens: readonly Token[], reading: Reading): Reading {
  const connector = tokens[reading.next]?.text;
  if (connector !== 'con' && connector !== 'y') return reading;
  const centsPart = readNumber(tokens, reading.next + 1);
  if (!centsPart || centsPart.cents >= 10_000) return reading;
  if (CENT_WORDS.has(tokens[centsPart.next]?.text ?? ''))
    return { cents: reading.cents + centsPart.cents / 100, next: centsPart.next + 1, marked: true };
  // Said in words, and nothing counted after it ("500 pesos con dos amigos" is no cents).
  const saidInWords = !/^\d/.test(tokens[reading.next + 1]?.text ?? '');
  const next = tokens[centsPart.next]?.text ?? '';
  const nothingCounted = next === '' || !/^\p{L}/u.test(next) || AFTER_CENTS.has(next);
  const afterPesos =
    connector === 'con' &&
    PESO_WORDS.has(tokens[reading.next - 1]?.text ?? '') &&
    saidInWords &&
    nothingCounted;
  return afterPesos
    ? { cents: reading.cents + centsPart.cents / 100, next: centsPart.next, marked: true }
    : reading;
}

const PESO_WORDS = new Set(['pesos', 'peso', 'varos', 'baros']);
/** Words that may follow cents said without their word: "… con cincuenta en tacos ayer". */
const AFTER_CENTS = new Set('en de del el la los las ayer hoy antier para pa por que y'.split(' '));

/** A number in digits ("2", "2 mil", "2mil 500", "1.5k") or in words ("dos mil quinientos"). */
function readNumber(tokens: readonly Token[], index: number): Reading | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  if (token.kind === 'number') return readDigits(tokens, index);
  // "medio millón", "medio millon de pesos": half of the scale word.
  const halfOf = token.text === 'medio' ? scaleOf(tokens[index + 1]?.text ?? '') : undefined;
  if (halfOf) return { cents: (halfOf * 100) / 2, next: index + 2, marked: true };
  if (token.kind === 'word' && isNumberWord(token.text))
    return thousandsSlang(tokens, readWords(tokens, index));
  return undefined;
}

/** "dos lucas", "una luca": a "luca" is a thousand pesos. */
function thousandsSlang(tokens: readonly Token[], reading: Reading | undefined): Reading | undefined {
  if (!reading || !/^lucas?$/.test(tokens[reading.next]?.text ?? '')) return reading;
  return { cents: reading.cents * 1_000, next: reading.next + 1, marked: true };
}

function readDigits(tokens: readonly Token[], index: number): Reading | undefined {
  const token = tokens[index] as Token;
  const previous = tokens[index - 1];
  const following = tokens[index + 1];
  const scaleWord = following?.text ?? '';
  const scale = scaleOf(scaleWord);
  const gluedBefore = previous?.kind === 'word' && previous.end === token.start;
  const gluedAfter = following?.kind === 'word' && following.start === token.end && !scale;
  // "1ro", "3pm", "2x1", "mp3": a number glued to letters is not an amount.
  if (gluedBefore || gluedAfter || isClockTime(tokens, index)) return undefined;
  // "referencia 00981234": digits led by a zero are a code, never pesos.
  if (/^0\d{2,}$/.test(token.text)) return undefined;
  const base = parseDigitsToCents(token.text);
  if (base === undefined) return undefined;
  const marked = /[.,]/.test(token.text);
  if (!scale) return { cents: base, next: index + 1, marked };
  const scaled = { cents: base * scale, next: index + 2, marked: true };
  if (scaleWord === 'mil') return withHundreds(tokens, scaled);
  // "1 millón 200 mil": the thousands said after the millions are part of the same amount.
  const thousands = tokens[scaled.next]?.kind === 'number' ? readDigits(tokens, scaled.next) : undefined;
  if (thousands && tokens[thousands.next - 1]?.text === 'mil' && thousands.cents < scaled.cents)
    return { cents: scaled.cents + thousands.cents, next: thousands.next, marked: true };
  return scaled;
}

/** "8:30", "a las 18:45": either side of a colon glued between two numbers is a time. */
function isClockTime(tokens: readonly Token[], index: number): boolean {
  const glued = (a: Token | undefined, b: Token | undefined) => !!a && !!b && a.end === b.start;
  const [before2, before, token, after, after2] = [-2, -1, 0, 1, 2].map((step) => tokens[index + step]);
  const colonBefore =
    before?.text === ':' && before2?.kind === 'number' && glued(before2, before) && glued(before, token);
  const colonAfter =
    after?.text === ':' && after2?.kind === 'number' && glued(token, after) && glued(after, after2);
  return colonBefore || colonAfter;
}

const RANGE_WORDS = wordSet('y a -');

/** "los dos", "las tres", "a los cuatro": both, all three — a count of things, not money. */
const ARTICLES = new Set(['los', 'las']);

function readWords(tokens: readonly Token[], index: number): Reading | undefined {
  const following = tokens[index + 1]?.text ?? '';
  if (ARTICLES.has(tokens[index - 1]?.text ?? '') && !isNumberWord(following) && following !== 'pesos')
    return undefined;
  const words: string[] = [];
  let next = index;
  for (;;) {
    const word = tokens[next]?.text ?? '';
    if (isNumberWord(word)) {
      words.push(word);
      next++;
    } else if (word === 'y' && isNumberWord(tokens[next + 1]?.text ?? '') && words.length > 0) {
      next++;
    } else {
      break;
    }
  }
  const value = parseNumberWords(words);
  if (value === undefined) return undefined;
  const reading = { cents: value * 100, next, marked: words.some(isMultiplierWord) };
  return words[words.length - 1] === 'mil' ? withHundreds(tokens, reading) : reading;
}

/**
 * "3 mil 500", "dos mil 500", "2 mil quinientos", "21 mil 340.75": the hundreds (and cents)
 * said after "mil".
 */
function withHundreds(tokens: readonly Token[], reading: Reading): Reading {
  const token = tokens[reading.next];
  if (!token) return reading;
  let rest: Pick<Reading, 'cents' | 'next'> | undefined;
  if (token.kind === 'word') rest = readNumber(tokens, reading.next);
  else if (/^\d{1,3}(?:\.\d{2})?$/.test(token.text))
    rest = { cents: parseDigitsToCents(token.text) as number, next: reading.next + 1 };
  if (!rest || rest.cents >= 100_000) return reading;
  return { cents: reading.cents + rest.cents, next: rest.next, marked: true };
}

function scaleOf(word: string): number | undefined {
  if (word === 'mil' || word === 'k' || word === 'luca' || word === 'lucas') return 1_000;
  if (word === 'millon' || word === 'millones') return 1_000_000;
  return undefined;
}

/**
 * A balance said to be below zero in words: "estoy sobregirado 500", "en números rojos por 2
 * mil", "en negativo, 850 pesos abajo". Like "-500", never read as the positive amount.
 */
const OVERDRAWN_BEFORE =
  /(?:sobregirad[oa]s?|numeros rojos|en negativo|saldo negativo|en rojo)\s*,?\s*(?:por\s+|de\s+|con\s+)?(?:como\s+|unos\s+)?\$?\s*$/;
const OVERDRAWN_AFTER = /^\s*(?:pesos\s+)?(?:abajo|en contra|bajo cero|en negativo|en rojo|de sobregiro)\b/;

function isOverdrawnAt(folded: string, mention: Span): boolean {
  return (
    OVERDRAWN_BEFORE.test(folded.slice(Math.max(0, mention.start - 40), mention.start)) ||
    OVERDRAWN_AFTER.test(folded.slice(mention.end, mention.end + 30))
  );
}
