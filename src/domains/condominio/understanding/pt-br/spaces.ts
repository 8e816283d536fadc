import { originalSlice } from '../../../../nlu/pt-br/prepared-text';
import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';

/**
 * The shared spaces people name in Brazilian condominiums, in the words residents use (folded).
 * The reader takes the words as written ("a churras", "salão de festas", "quadra de tênis");
 * which of the condominium's spaces they mean is Gate 3's question, against its own names.
 */
const SPACE =
  '(?:salao|salaozinho|salaum)(?: (?:de|da|do) (?:festas?|jogos|eventos|convivencia|ginastica))?(?: (?:nobre|infantil|gourmet|principal|[1-9](?![0-9h:])))?(?: (?:do|da) (?:bloco|torre) [a-z0-9])?' +
  '|churr?asqueira(?: (?:coberta|grande|pequena|gourmet|nova|velha|de cima|de baixo|[1-9](?![0-9h:])))?(?: (?:do|da) (?:bloco|torre) [a-z0-9])?' +
  '|churr?asq[a-z]*|churr?as' +
  '|quadra(?: (?:de|da|do) (?:tenis|futsal|futebol|volei|basquete|esportes|areia|beach tennis)| poliesportiva| coberta| society)?|quadrinha' +
  '|espaco gourmet|gourmet|espaco kids|espaco fitness|espaco zen|espaco de festas?' +
  '|piscina(?: (?:infantil|adulto|aquecida|coberta))?' +
  '|area (?:de lazer|gourmet|de churrasco|verde|da piscina)' +
  '|sala (?:de (?:jogos|cinema|reuniao|reunioes|festas?|estudos?|ginastica)|multiuso)' +
  '|brinquedoteca|playground|parquinho|sauna|academia|quiosque|deck|terraco|rooftop|coworking|pub|cinema|lavanderia';

const PATTERN = tokenPattern(SPACE);

export interface SpaceMention {
  /** As written, without the article. */
  text: string;
  from: number;
  to: number;
}

export function extractSpaces(scan: Scan): SpaceMention[] {
  const found: SpaceMention[] = [];
  scan.forEachMatch(PATTERN, (_m, from, to) => {
    scan.claim(from, to);
    found.push({ from, to, text: originalSlice(scan.text, from, to) });
  });
  return found;
}
