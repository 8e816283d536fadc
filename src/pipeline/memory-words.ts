import type { Locale } from '../core/locale';
import { foldAccents } from '../core/text';

/** What a person asks of Iris's memory of them (seed 003 §5), in so many words. */
export type MemoryCommand =
  /** "lembra que eu prefiro vencimento no dia 10": keep what follows "que", as written. */
  | { kind: 'remember'; description: string }
  /** "o que você lembra de mim?" */
  | { kind: 'list' }
  /** "esquece que eu prefiro vencimento no dia 10" */
  | { kind: 'forget'; about: string }
  /** "esquece tudo o que você sabe de mim" (consent stays as it is) */
  | { kind: 'forget_all' }
  /** "pare de lembrar": forget everything and keep nothing more */
  | { kind: 'stop' }
  /** "pode lembrar": consent given without a memory */
  | { kind: 'allow' };

interface MemoryPatterns {
  remember: RegExp;
  list: RegExp;
  forget: RegExp;
  forgetAll: RegExp;
  stop: RegExp;
  allow: RegExp;
}

/**
 * Each pattern reads the whole message, folded (lower case, no accents), from its start: a
 * memory request is a message of its own. "Remember" needs the person to speak of themselves or
 * their business after "que" ("lembra que eu…", "recuerda que mi…"), so "lembra o João que o
 * boleto vence amanhã" stays a message to a customer and "lembrar de cobrar a Carla" a note.
 */
const PATTERNS: Record<Locale, MemoryPatterns> = {
  'pt-BR': {
    remember:
      /^(?:(?:oi|ola|iris)\W+)*(?:por favor\s+)?(?:lembr[ae](?:-se| se)?|guard[ae]|grav[ae]|nao esquec[ae]) (?:de |disso: )?que ((?:eu|eu sempre|eu nunca|a gente|nos|minha|meu|meus|minhas|sempre|nunca|prefiro)\b.+)$/,
    list: /^(?:(?:oi|ola|iris)\W+)*(?:o )?(?:que|oq|o q) (?:voce|vc|tu) (?:lembra|sabe|guardou|guarda|anotou) (?:de|sobre) mim\W*$|^(?:quais|que) (?:sao )?(?:as |suas )?(?:lembrancas|memorias) (?:que )?(?:voce|vc) (?:tem|guarda|guardou)\b/,
    forget: /^(?:(?:iris)\W+)?(?:esquec[ae]|apag[ae]) (?:a lembranca )?(?:de )?que (.+)$/,
    forgetAll:
      /^(?:(?:iris)\W+)?(?:esquec[ae]|apag[ae]) tudo (?:o )?(?:que )?(?:voce|vc) (?:sabe|lembra|guardou|guarda) (?:de|sobre) mim\W*$|^(?:(?:iris)\W+)?apag[ae] (?:todas )?(?:as )?(?:minhas )?(?:lembrancas|memorias)\W*$/,
    stop: /^(?:(?:iris)\W+)?(?:para|pare|parar) de (?:lembrar|guardar)\b|^(?:(?:iris)\W+)?nao (?:quero que (?:voce|vc) )?(?:lembre|guarde) (?:mais )?nada\b/,
    allow:
      /^(?:(?:iris)\W+)?(?:pode|podes) (?:lembrar|guardar)(?: (?:as )?(?:coisas|minhas preferencias))?\W*$/,
  },
  'es-MX': {
    remember:
      /^(?:(?:hola|oye|iris)\W+)*(?:por favor\s+)?(?:recuerda|acuerdate de|acuerdese de|guarda|apunta|no olvides) que ((?:yo|yo siempre|yo nunca|mi|mis|me|nosotros|siempre|nunca|prefiero)\b.+)$/,
    list: /^(?:(?:hola|oye|iris)\W+)*(?:que|q) (?:recuerdas|sabes|guardaste|tienes guardado) (?:de|sobre) mi\W*$|^(?:cuales|que) (?:son )?(?:tus |los )?recuerdos (?:que )?(?:tienes|guardas) (?:de|sobre) mi\b/,
    forget: /^(?:(?:iris)\W+)?(?:olvida|borra) (?:el recuerdo de )?que (.+)$/,
    forgetAll:
      /^(?:(?:iris)\W+)?(?:olvida|borra) todo (?:lo )?(?:que )?(?:sabes|recuerdas|guardaste) (?:de|sobre) mi\W*$|^(?:(?:iris)\W+)?(?:olvida todo|borra (?:todos )?mis recuerdos)\W*$/,
    stop: /^(?:(?:iris)\W+)?(?:deja|dejes) de (?:recordar|guardar)\b|^(?:(?:iris)\W+)?ya no (?:recuerdes|guardes) nada\b|^(?:(?:iris)\W+)?no (?:quiero que )?(?:recuerdes|guardes) nada\b/,
    allow:
      /^(?:(?:iris)\W+)?(?:puedes|puede) (?:recordar|guardar)(?: (?:las )?(?:cosas|mis preferencias))?\W*$/,
  },
};

/** The memory command a message is, or undefined (most messages). */
export function readMemoryCommand(text: string, locale: Locale): MemoryCommand | undefined {
  // "¿qué recuerdas de mí?": the opening marks of a Spanish question or exclamation are not words.
  const trimmed = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[¿¡]+\s*/u, '');
  const folded = foldAccents(trimmed).toLowerCase();
  const p = PATTERNS[locale];
  if (p.stop.test(folded)) return { kind: 'stop' };
  if (p.forgetAll.test(folded)) return { kind: 'forget_all' };
  if (p.list.test(folded)) return { kind: 'list' };
  if (p.allow.test(folded)) return { kind: 'allow' };
  const remember = p.remember.exec(folded);
  // The description as written (accents and capitals kept): the folded text keeps its length.
  if (remember?.[1]) return { kind: 'remember', description: clean(original(trimmed, folded, remember[1])) };
  const forget = p.forget.exec(folded);
  if (forget?.[1]) return { kind: 'forget', about: clean(original(trimmed, folded, forget[1])) };
  return undefined;
}

/** The span of `trimmed` that `part` of its folded copy came from. */
function original(trimmed: string, folded: string, part: string): string {
  const start = folded.lastIndexOf(part);
  return foldAccents(trimmed).length === trimmed.length ? trimmed.slice(start, start + part.length) : part;
}

function clean(description: string): string {
  return description.replace(/[\s.!?]+$/u, '').trim();
}
