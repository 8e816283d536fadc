import { foldAccents } from '../../core/text';
import type { Db, Validation } from '../types';
import type { Space } from './spaces';

/**
 * The outside services a resident may ask the administration to authorise for a booking
 * (docs/condominio.md#suppliers), each with the name Iris writes and the words people use for
 * it (folded, lower case). A service not in this list is asked about, never guessed: Iris only
 * asks for what it can name.
 */
export const SUPPLIER_SERVICES: ReadonlyArray<{ name: string; words: string }> = [
  { name: 'buffet', words: 'buff?ets?|bufes?' },
  { name: 'DJ', words: 'djs?|dijeis?|dee ?jays?' },
  { name: 'decoração', words: 'decoracao|decoracoes|decoradora?s?|decoradores|decor' },
  { name: 'banda', words: 'bandas?|musicos?|musica ao vivo|som ao vivo' },
  { name: 'garçons', words: 'garcom|garcons|garconetes?' },
  { name: 'fotógrafo', words: 'fotografos?|fotografas?|filmagem' },
  { name: 'recreação', words: 'recreacao|recreadora?s?|recreadores|animadora?s?|animadores|monitores' },
  { name: 'bartender', words: 'bartenders?|barman|barmen' },
  { name: 'churrasqueiro', words: 'churrasqueiros?|assador|assadores' },
  { name: 'cerimonialista', words: 'cerimonialistas?|cerimonial' },
];

const WHOLE = SUPPLIER_SERVICES.map((service) => ({
  name: service.name,
  pattern: new RegExp(`^(?:${service.words})$`),
}));

/**
 * What a reply to "Quer reservar sem eles?" gives for the suppliers when it declines them
 * ("sem fornecedores", "nenhum"): the booking goes on with none.
 */
export const NO_SUPPLIERS = 'nenhum';

/** Every service's words as one alternation, for the message reader. */
export const SERVICE_PATTERN = SUPPLIER_SERVICES.map((service) => service.words).join('|');

/** The service a word names, as Iris writes it; undefined when it is none of the list. */
export function serviceNamed(words: string): string | undefined {
  const folded = foldAccents(words.trim().toLowerCase()).replace(/\s+/g, ' ');
  return WHOLE.find((service) => service.pattern.test(folded))?.name;
}

/**
 * The services a request lists ("buffet, DJ", "buffet e decoração", a model's "Buffet; DJ"),
 * in order, each once; `unknown` holds what names none of them.
 */
export function servicesIn(text: string): { services: string[]; unknown: string[] } {
  const services: string[] = [];
  const unknown: string[] = [];
  for (const part of text.split(/\s*(?:,|;|\/|\+|\be\b)\s*/)) {
    if (part.trim() === '') continue;
    const name = serviceNamed(part);
    if (!name) unknown.push(part.trim());
    else if (!services.includes(name)) services.push(name);
  }
  return { services, unknown };
}

/**
 * The outside services a booking asks the administration to authorise: each one Iris can name
 * (suppliers.ts), at most five, and a space that takes suppliers. Undefined when none was said.
 */
export function checkSuppliers(
  said: unknown,
  space: Pick<Space, 'name' | 'suppliersAllowed'>,
): { services: string[] } | Extract<Validation, { status: 'not_found' }> | undefined {
  if (said === undefined || String(said).trim() === '' || said === NO_SUPPLIERS) return undefined;
  const { services, unknown } = servicesIn(String(said));
  if (unknown.length > 0 || services.length === 0 || services.length > MAX_SERVICES)
    return {
      status: 'not_found',
      field: 'suppliers',
      messageKey: 'supplier_unknown',
      params: { services: SERVICE_NAMES },
    };
  if (!space.suppliersAllowed)
    return {
      status: 'not_found',
      field: 'suppliers',
      messageKey: 'suppliers_not_allowed',
      params: { space: space.name },
    };
  return { services };
}

const MAX_SERVICES = 5;
const SERVICE_NAMES = SUPPLIER_SERVICES.map((service) => service.name).join(', ');

/** The services asked for each booking (requests not withdrawn), by booking id. */
export async function suppliersOf(
  db: Db,
  rows: ReadonlyArray<{ id: string }>,
): Promise<Map<string, string[]>> {
  const byBooking = new Map<string, string[]>();
  if (rows.length === 0) return byBooking;
  const requests = await db.condoSupplierRequest.findMany({
    where: { reservationId: { in: rows.map((r) => r.id) }, status: 'REQUESTED' },
    orderBy: { createdAt: 'asc' },
  });
  for (const request of requests)
    byBooking.set(request.reservationId, [
      ...(byBooking.get(request.reservationId) ?? []),
      ...request.services,
    ]);
  return byBooking;
}
