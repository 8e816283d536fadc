import type { UnderstandingContext } from '../core/understanding';
import type { Scope } from '../domains/types';

/** The clock and place a tenant's message is read in: its locale, its time zone, the turn's now. */
export function understandingContext(scope: Scope): UnderstandingContext {
  return { locale: scope.tenant.locale, now: scope.now, timeZone: scope.tenant.timeZone };
}
