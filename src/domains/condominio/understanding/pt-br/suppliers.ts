import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';
import { SERVICE_PATTERN, serviceNamed } from '../../suppliers';

const PATTERN = tokenPattern(SERVICE_PATTERN);
/** "sem buffet", "não vai ter DJ": a service said not to come is not asked for. */
const NEGATION = /^(?:sem|nem|nenhum|nenhuma)$/;

export interface SupplierMention {
  /** As Iris names it ("buffet", "DJ"). */
  service: string;
  from: number;
  to: number;
}

/**
 * The outside services a booking request names ("com buffet e DJ", "vai ter decoração"). Read
 * before the spaces, so a "churrasqueiro" is a person hired and never the churrasqueira.
 */
export function extractSuppliers(scan: Scan): SupplierMention[] {
  const found: SupplierMention[] = [];
  scan.forEachMatch(PATTERN, (match, from, to) => {
    const service = serviceNamed(match[0]);
    if (!service) return;
    scan.claim(from, to);
    if (NEGATION.test(scan.word(from - 1)) || negatedBefore(scan, from)) return;
    found.push({ service, from, to });
  });
  return found;
}

/** "não vai ter buffet", "não vamos ter DJ": a "não" up to three words before, with "ter". */
function negatedBefore(scan: Scan, at: number): boolean {
  for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
    if (scan.word(i) === 'nao')
      return [i + 1, i + 2].some((j) => j < at && /^(?:ter|tera|teremos)$/.test(scan.word(j)));
    if (/^[.,;!?]$/.test(scan.word(i))) return false;
  }
  return false;
}
