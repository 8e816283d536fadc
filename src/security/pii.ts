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
