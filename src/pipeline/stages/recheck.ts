import { STOP, type Confirmed, type Stop } from '../request';
import type { Turn } from '../turn';

/**
 * Gate 3 at "sim" (docs/specification.md#gates): the proposal's values passed Gate 3 when they
 * were proposed, at most the confirmation TTL ago, so only what can have changed since is
 * checked, by the pack (`DomainPack.recheck`: a rule that depends on the day, such as a due
 * date that midnight made past). The records the values point at are checked by the tool
 * inside its transaction, and the role by Gate 5; nothing is read again twice.
 */
export async function recheck(t: Turn, confirmed: Confirmed): Promise<Confirmed | Stop> {
  const failure = t.pack.recheck(confirmed.tool.name, confirmed.params, t.scope);
  if (!failure) {
    t.record('validation_gate_pass', { recheck: true });
    return confirmed;
  }
  t.record('validation_gate_fail', { status: failure.status, field: failure.field, recheck: true });
  // The confirmed proposal no longer passes: it is not executed.
  await t.deps.ledger.cancel(confirmed.nonce, 'rejected');
  const reason = t.pack.say(failure.messageKey, failure.params);
  t.reply(t.say('action_failed', { reason: reason.replace(/[.!?]+$/, '') }));
  return STOP;
}
