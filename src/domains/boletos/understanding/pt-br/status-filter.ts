import { tokenPattern, type Scan } from '../../../../nlu/pt-br/scan';

/**
 * The status a list is filtered by ("quais boletos estão pendentes?"). Internal to the boletos
 * domain: not one of the entities the CLI prints. Two different statuses ("pagos e
 * pendentes") mean no filter.
 */
export type BoletoStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'OVERDUE';

/** Checked in this order, so "não foram pagos" is PENDING before "pagos" can be PAID. */
const FILTERS: Array<[BoletoStatus, RegExp]> = [
  [
    'PENDING',
    tokenPattern(
      'pendentes?|em aberto|abertos?|(?:a|pra|para) vencer|nao (?:foram |estao |esta |foi |tao |ta )?(?:pagos?|pagas?|quitados?)',
    ),
  ],
  ['OVERDUE', tokenPattern('vencidos?|vencidas?|atrasados?|atrasadas?|em atraso')],
  ['CANCELLED', tokenPattern('cancelados?|canceladas?')],
  ['PAID', tokenPattern('pagos?|pagas?|quitados?|quitadas?')],
];

export function extractStatus(scan: Scan): BoletoStatus | undefined {
  const found = new Set<BoletoStatus>();
  for (const [status, pattern] of FILTERS) {
    scan.forEachMatch(pattern, (_m, from, to) => {
      scan.claim(from, to);
      found.add(status);
    });
  }
  return found.size === 1 ? [...found][0] : undefined;
}
