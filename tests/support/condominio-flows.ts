import { waitFor } from './conversation';
import type { Harness } from './harness';

/**
 * The compensations audited for a tenant, once `expected` are there (a turn audits after its
 * reply, so a test waits for them rather than reading at once).
 */
export function compensationsAudited(h: Harness, tenantId: string, expected: number) {
  return waitFor(`${expected} compensations audited`, async () => {
    const found = await h.db.auditEvent.findMany({ where: { tenantId, event: 'compensation_executed' } });
    return found.length >= expected ? found : undefined;
  });
}
