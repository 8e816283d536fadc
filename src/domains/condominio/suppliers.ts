import { foldAccents } from '../../core/text';
import type { Db } from '../types';

/**
 * The outside services a resident may ask the administration to authorise for a booking
 * (docs/condominio.md#suppliers), each with the name Iris writes and the words people use for
 * it (folded, lower case). A service not in this list is asked about, never guessed: Iris only
 * asks for what it can name.
 */
export const SUPPLIER_SERVICES: ReadonlyArray<{ name: string; words: RegExp }> = [
  { name: 'buffet', words: /^(?:buff?ets?|bufes?|bufe|buf[eê]s?)$/ },
  { name: 'DJ', words: /^(?:djs?|dijeis?|dee ?jays?)$/ },
  { name: 'decoração', words: /^(?:decoracao|decoracoes|decoradora?s?|decoradores|decor)$/ },
  { name: 'banda', words: /^(?:banda|bandas|musicos?|musica ao vivo|som ao vivo)$/ },
  { name: 'garçons', words: /^(?:garcom|garcons|garconete|garconetes)$/ },
  { name: 'fotógrafo', words: /^(?:fotografos?|fotografas?|filmagem)$/ },
  { name: 'recreação', words: /^(?:recreacao|recreadora?s?|recreadores|animadora?s?|animadores|monitores)$/ },
  { name: 'bartender', words: /^(?:bartenders?|barman|barmen)$/ },
  { name: 'churrasqueiro', words: /^(?:churrasqueiros?|assador|assadores)$/ },
  { name: 'cerimonialista', words: /^(?:cerimonialistas?|cerimonial)$/ },
];

/**
 * What a reply to "Quer reservar sem eles?" gives for the suppliers when it declines them
 * ("sem fornecedores", "nenhum"): the booking goes on with none.
 */
export const NO_SUPPLIERS = 'nenhum';

/** The service words as one alternation, for the message reader (multi-word ones first). */
export const SERVICE_PATTERN =
  'musica ao vivo|som ao vivo|dee ?jays?|buff?ets?|bufes?|djs?|dijeis?|decoracao|decoracoes|decoradora?s?|decoradores|decor' +
  '|bandas?|musicos?|garcom|garcons|garconetes?|fotografos?|fotografas?|filmagem' +
  '|recreacao|recreadora?s?|recreadores|animadora?s?|animadores|monitores' +
  '|bartenders?|barman|barmen|churrasqueiros?|assador|assadores|cerimonialistas?|cerimonial';

/** The service a word names, as Iris writes it; undefined when it is none of the list. */
export function serviceNamed(words: string): string | undefined {
  const folded = foldAccents(words.trim().toLowerCase()).replace(/\s+/g, ' ');
  return SUPPLIER_SERVICES.find((service) => service.words.test(folded))?.name;
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
