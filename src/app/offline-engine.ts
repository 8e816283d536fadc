import type { IntentEngine } from '../pipeline/ports';

/** Understanding without a model: the pack's offline rules, in the tenant's zone and clock. */
export const offlineEngine: IntentEngine = {
  async understand(text, scope, pack) {
    return pack.understander.understand(text, {
      locale: pack.locale,
      now: scope.now,
      timeZone: scope.tenant.timeZone,
    });
  },
};
