/**
 * Bank boleto numbers by FEBRABAN's layout: the 44-digit barcode and the 47-digit digitable
 * line ("linha digitável") with their check digits.
 *
 * Barcode: bank(3) currency(1) DV(1) due-factor(4) amount(10) free field(25).
 * Digitable line: [bank+currency+free 0..5 + DV10] [free 5..15 + DV10] [free 15..25 + DV10]
 *                 [barcode DV] [due factor + amount].
 */
const FACTOR_BASE_UTC = Date.UTC(1997, 9, 7);
const DAY_MS = 86_400_000;

/**
 * Days since 1997-10-07; the factor reached 9999 on 2025-02-21 and restarted at 1000 on
 * 2025-02-22 (FEBRABAN's rule for the factor's second cycle).
 */
export function dueFactor(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const days = Math.round((Date.UTC(y, m - 1, d) - FACTOR_BASE_UTC) / DAY_MS);
  const factor = days >= 10_000 ? ((days - 10_000) % 9_000) + 1_000 : days;
  return String(factor).padStart(4, '0');
}

/** Modulo 10 with weights 2,1,2,1... from the right (digit sums of products). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: modulo 11 with weights 2..9 from the right; 0, 10, 11 -> 1. */
export function mod11Barcode(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoNumbers {
  barcode: string;
  digitableLine: string;
}

/**
 * Builds the numbers of a boleto. `freeField` is the bank's 25-digit field (here: the issuer's
 * agreement code and the boleto's own number), `bankCode` the 3-digit bank.
 */
export function boletoNumbers(input: {
  bankCode: string;
  amountCents: number;
  dueDate: string;
  freeField: string;
}): BoletoNumbers {
  const { bankCode, amountCents, dueDate, freeField } = input;
  if (!/^\d{3}$/.test(bankCode)) throw new Error('bank code must have 3 digits');
  if (!/^\d{25}$/.test(freeField)) throw new Error('free field must have 25 digits');
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > 99_999_999_99)
    throw new Error('amount out of range');
  const amount = String(amountCents).padStart(10, '0');
  const factor = dueFactor(dueDate);
  const withoutDv = `${bankCode}9${factor}${amount}${freeField}`;
  const dv = mod11Barcode(withoutDv);
  const barcode = `${bankCode}9${dv}${factor}${amount}${freeField}`;
  const f1 = `${bankCode}9${freeField.slice(0, 5)}`;
  const f2 = freeField.slice(5, 15);
  const f3 = freeField.slice(15, 25);
  const digitableLine = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return { barcode, digitableLine };
}

/** "23790.12345 60000.000015 20000.000004 1 12340000015000": the way banks print the line. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
