import type { Locale } from '../core/locale';
import { foldAccents } from '../core/text';

/**
 * "2", "o 2", "opção 2", "a segunda", "el 2", "la opción 3", "número 1": which of the sections
 * offered the person picks, 1-based; undefined when the message is not a pick. Read on the whole
 * message, folded, so a question that merely holds a number ("2 boletos?") is not one.
 */
const PICK: Record<Locale, RegExp> = {
  'pt-BR':
    /^(?:(?:o|a|e|quero|quero o|quero a)\s+)?(?:(?:opcao|numero|assunto|item)\s+)?(?:n[o.]?\s*)?(\d|primeir[oa]|segund[oa]|terceir[oa])[.)!]?$/,
  'es-MX':
    /^(?:(?:el|la|y|quiero|quiero el|quiero la)\s+)?(?:(?:opcion|numero|tema)\s+)?(?:no\.?\s*)?(\d|primer[oa]?|segund[oa]|tercer[oa]?)[.)!]?$/,
};

const ORDINALS: Record<string, number> = {
  primeiro: 1,
  primeira: 1,
  segundo: 2,
  segunda: 2,
  terceiro: 3,
  terceira: 3,
  primer: 1,
  primero: 1,
  primera: 1,
  tercer: 3,
  tercero: 3,
  tercera: 3,
};

export function readSectionChoice(text: string, locale: Locale): number | undefined {
  const folded = foldAccents(text.toLowerCase()).trim().replace(/\s+/g, ' ');
  const word = PICK[locale].exec(folded)?.[1];
  if (word === undefined) return undefined;
  return /^\d$/.test(word) ? Number(word) : ORDINALS[word];
}
