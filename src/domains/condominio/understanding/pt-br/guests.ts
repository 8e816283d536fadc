import { readNumberWords } from '../../../../nlu/pt-br/number-words';
import type { Scan } from '../../../../nlu/pt-br/scan';

/** The people a booking is for: "pra 40 convidados", "umas 25 pessoas", "trinta pessoas". */
const PEOPLE =
  /^(?:pessoas?|convidad[oa]s?|criancas?|adultos?|amigos?|amigas?|familiares|participantes|jogadores)$/;

export interface GuestsMention {
  count: number;
  from: number;
  to: number;
}

export function extractGuests(scan: Scan): GuestsMention[] {
  const found: GuestsMention[] = [];
  for (let i = 0; i < scan.tokens.length; i++) {
    if (!scan.isFree(i)) continue;
    let count: number | undefined;
    let end = i + 1;
    if (/^\d{1,4}$/.test(scan.word(i))) count = Number(scan.word(i));
    else {
      const phrase = readNumberWords(scan, i);
      if (phrase) {
        count = phrase.value;
        end = phrase.end;
      }
    }
    if (count === undefined || count === 0) continue;
    if (PEOPLE.test(scan.word(end))) {
      scan.claim(i, end + 1);
      found.push({ count, from: i, to: end + 1 });
      i = end;
      continue;
    }
    // "pro futebol dos meninos, uns 10", "pra umas 20": a rough count closing the message or
    // its clause is the people who come.
    const hedge = scan.word(i - 1);
    const next = scan.word(end);
    if ((hedge === 'uns' || hedge === 'umas') && (next === '' || /^[.,;!?]$/.test(next))) {
      scan.claim(i - 1, end);
      found.push({ count, from: i - 1, to: end });
      i = end - 1;
    }
  }
  return found;
}
