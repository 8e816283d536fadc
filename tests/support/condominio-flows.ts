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

/**
 * While a booking's fee step waits for its "sim", its hold runs out and a neighbour books the
 * same evening of the salão (19h to 23h) through all of its steps: the fee step must fail.
 */
export async function holdLostToNeighbour(
  h: Harness,
  tenantId: string,
  neighbourChat: Parameters<Harness['say']>[0],
  typedDay: string,
): Promise<void> {
  await h.db.condoReservation.updateMany({
    where: { tenantId },
    data: { heldUntil: new Date(Date.now() - 60_000) },
  });
  await h.say(neighbourChat, `reserva o salão de festas dia ${typedDay} das 19h às 23h`);
  await h.say(neighbourChat, 'sim');
  await h.say(neighbourChat, 'sim');
}
