import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * A customer's CPF (11 digits) or CNPJ (14) as typed ("123.456.789-09", "12.345.678/0001-95"),
 * to digits only, or undefined when its check digits do not hold. Registered boletos name the
 * payer by it, so a mistyped one is refused when recorded, not at the bank.
 */
export function parseTaxpayerId(typed: string): string | undefined {
  const digits = typed.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 11) return isValidCpf(digits) ? digits : undefined;
  if (digits.length === 14) return isValidCnpj(digits) ? digits : undefined;
  return undefined;
}
