/**
 * Personal data patterns (docs/specification.md#not-built-yet) for Brazil and Mexico: CPF, CNPJ, phone numbers,
 * e-mail addresses, CURP and RFC. Used by the output validator: a model answer or argument that
 * carries personal data the person did not write themselves is someone else's data.
 */
export type PiiKind = 'cpf' | 'cnpj' | 'phone' | 'email' | 'curp' | 'rfc';

export interface PiiMatch {
  kind: PiiKind;
  value: string;
}

const PATTERNS: ReadonlyArray<[PiiKind, RegExp]> = [
  ['email', /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g],
  ['cnpj', /(?<!\d)\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?!\d)/g],
  ['cpf', /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g],
  ['phone', /(?<![\d/])(?:\+?5[25]\s?)?\(?\d{2}\)?\s?9?\d{4}[-\s]?\d{4}(?![\d/])/g],
  ['curp', /\b[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]\d\b/g],
  ['rfc', /\b[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}\b/g],
];

/** Digits and letters only, upper case: "123.456.789-09" and "12345678909" compare equal. */
export function piiKey(value: string): string {
  return value.replace(/[^\p{L}\p{N}@.]/gu, '').toUpperCase();
}

export function findPii(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  const seen = new Set<string>();
  for (const [kind, regex] of PATTERNS) {
    for (const match of text.matchAll(regex)) {
      const key = piiKey(match[0]);
      if (seen.has(key)) continue; // a CNPJ is not also a phone number
      seen.add(key);
      found.push({ kind, value: match[0] });
    }
  }
  return found;
}

/** Personal data in `text` that does not appear in `source` (the person's own words). */
export function foreignPii(text: string, source: string): PiiMatch[] {
  const own = new Set(findPii(source).map((m) => piiKey(m.value)));
  const ownDigits = source.replace(/\D/g, '');
  return findPii(text).filter((m) => {
    const key = piiKey(m.value);
    if (own.has(key)) return false;
    const digits = m.value.replace(/\D/g, '');
    return !(m.kind !== 'email' && digits.length >= 8 && ownDigits.includes(digits));
  });
}

/** What `scrubPii` removed, kind by kind, for the audit log. */
export interface ScrubResult {
  text: string;
  removed: Array<{ kind: PiiKind | 'cep' | 'card' | 'titled_name'; value: string }>;
}

/** The placeholder each kind of personal data is replaced with (seed 003 §4.3's style). */
const PLACEHOLDER: Record<ScrubResult['removed'][number]['kind'], string> = {
  email: '[EMAIL_REMOVIDO]',
  cnpj: '[CNPJ_REMOVIDO]',
  cpf: '[CPF_REMOVIDO]',
  phone: '[TELEFONE_REMOVIDO]',
  curp: '[CURP_REMOVIDO]',
  rfc: '[RFC_REMOVIDO]',
  cep: '[CEP_REMOVIDO]',
  card: '[CARTAO_REMOVIDO]',
  titled_name: '[NOME_REMOVIDO]',
};

/** A card number: 13 to 19 digits, in groups or not, that pass the Luhn check. */
const CARD = /(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)/g;
const CEP = /(?<![\d.])\d{5}-\d{3}(?!\d)/g;
/** "Sr. João Silva", "Sra Maria", "Dona Cida", "Sr. José da Silva": a title and the name after it. */
const TITLED_NAME =
  /\b(?:Sr|Sra|Srta|Dr|Dra|Don|Doña|Dona)\.?\s+\p{Lu}[\p{L}'-]+(?:\s+(?:d[aeo]s?\s+)?\p{Lu}[\p{L}'-]+){0,3}/gu;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Personal data taken out of a text before it is stored for retrieval (a knowledge document):
 * e-mail, CPF, CNPJ, phone, CURP, RFC, CEP, card numbers and a titled person's name, each
 * replaced by a placeholder; what was removed is returned for the audit log.
 */
export function scrubPii(text: string): ScrubResult {
  const removed: ScrubResult['removed'] = [];
  const replace = (
    source: string,
    regex: RegExp,
    kind: ScrubResult['removed'][number]['kind'],
    keep?: (v: string) => boolean,
  ) =>
    source.replace(regex, (value) => {
      if (keep?.(value)) return value;
      removed.push({ kind, value });
      return PLACEHOLDER[kind];
    });
  let out = replace(text, CARD, 'card', (value) => !luhn(value.replace(/\D/g, '')));
  for (const [kind, regex] of PATTERNS) out = replace(out, regex, kind);
  out = replace(out, CEP, 'cep');
  out = replace(out, TITLED_NAME, 'titled_name');
  return { text: out, removed };
}
