/**
 * Phone numbers as Iris stores them: digits only, with the country code ("5511987654321").
 *
 * Brazil added a ninth digit in front of mobile numbers (a `9`, rolled out by area code from
 * 2012 to 2016). WhatsApp accounts created before the change often still carry the old 8-digit
 * form in their JID (`551187654321@s.whatsapp.net`), newer ones the 9-digit form. The person
 * registered in Iris with whatever their phone shows today (the 9-digit form), so the adapter
 * hands the engine the 9-digit *canonical* form and offers both forms as *candidates* for any
 * lookup that must match either.
 */

const BRAZIL = '55';

/** Keeps the digits only: "+55 (11) 98765-4321" -> "5511987654321". */
export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '');
}

/** A Brazilian area code (DDD): two digits, neither of them zero (11..99). */
function isAreaCode(ddd: string): boolean {
  return /^[1-9]{2}$/.test(ddd);
}

/**
 * True for "55 + DDD + 8 digits" whose first digit says mobile (6, 7, 8 or 9): the pre-2016 form
 * of a mobile number. Landlines (first digit 2 to 5) never got the ninth digit.
 */
function isLegacyBrazilianMobile(digits: string): boolean {
  return (
    digits.length === 12 &&
    digits.startsWith(BRAZIL) &&
    isAreaCode(digits.slice(2, 4)) &&
    /^[6-9]$/.test(digits.charAt(4))
  );
}

/** True for "55 + DDD + 9 + 8 digits": the current form of a Brazilian mobile number. */
function isNineDigitBrazilianMobile(digits: string): boolean {
  return (
    digits.length === 13 &&
    digits.startsWith(BRAZIL) &&
    isAreaCode(digits.slice(2, 4)) &&
    digits.charAt(4) === '9'
  );
}

/**
 * The form Iris stores and matches first: digits only, and for Brazilian mobiles the 9-digit
 * form. Other countries are returned as digits, unchanged.
 */
export function canonicalPhone(phone: string): string {
  const digits = digitsOnly(phone);
  if (isLegacyBrazilianMobile(digits)) return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  return digits;
}

/**
 * Every form the same person may be registered or addressed with, canonical first: for a
 * Brazilian mobile, the 9-digit and the 8-digit forms; otherwise the digits alone.
 */
export function phoneCandidates(phone: string): string[] {
  const canonical = canonicalPhone(phone);
  if (isNineDigitBrazilianMobile(canonical)) {
    return [canonical, `${canonical.slice(0, 4)}${canonical.slice(5)}`];
  }
  return canonical ? [canonical] : [];
}
