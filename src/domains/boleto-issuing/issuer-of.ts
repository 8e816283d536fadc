import type { BoletoIssuer } from '../../core/boleto-issuer';
import type { Scope } from '../types';
import { localIssuer } from './local-issuer';

/** The tenant's boleto issuer; the local one where no provider port was wired (tests of other packs). */
export function issuerOf(scope: Scope): Promise<BoletoIssuer> {
  return scope.boletoIssuers ? scope.boletoIssuers.forTenant(scope.tenant.id) : Promise.resolve(localIssuer);
}
