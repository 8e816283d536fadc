import { PRODUCT } from '../../config/product';
import { isTransient } from '../core/errors';
import { eachConcurrently } from '../core/each-concurrently';
import { everyWithoutOverlap } from '../core/periodic-pass';
import type { ParsedInboundEnvelope } from '../core/messages';
import { say } from '../pipeline/catalog';
import type { HeldMessage, WaitingSender } from '../stores/intake-store';
import { LockHolders } from '../stores/lock-holders';
import { admit, identify, refuseUnknown, type IngressDeps } from './ingress';

type Held = HeldMessage<ParsedInboundEnvelope>;

type DrainerDeps = IngressDeps & {
  /**
   * Which lock holders have stopped: a sender whose drainer was killed holding its lock is
   * taken over at once rather than after the lock's 10 s (the person would go that long without
   * the note during an outage). Without it, such a lock is waited out.
   */
  holders?: LockHolders;
};

/**
 * Hands the messages ingress held (their sender could not be identified while PostgreSQL was
 * away) to their conversations once PostgreSQL answers again, each sender's in the order they
 * came; a stranger's get the usual refusal. Until then, a held message that has waited
 * `PRODUCT.holdNoticeAfterMs` gets the note that its answer is coming, in ingress' default
 * language (whose tenant it is, nobody can tell yet). Every pipeline process runs one, every
 * `everyMs`; a sender's lock keeps two from handing over the same messages.
 */
export function startIntakeDrainer(deps: DrainerDeps, everyMs: number = PRODUCT.sweepEveryMs): () => void {
  return everyWithoutOverlap(
    everyMs,
    () => drainAll(deps),
    (error) => deps.logger.warn({ err: error }, 'intake pass failed'),
  );
}

/**
 * One pass over the senders with held messages, several at once: when PostgreSQL comes back after
 * an outage, dozens of new senders may be waiting, and one at a time (~50-100 ms each) the last
 * would wait seconds more (chaos run: 94 senders handed over in 6 s by one process at a time).
 * Each sender's own line stays in order under its lock.
 */
async function drainAll(deps: DrainerDeps): Promise<void> {
  // Once PostgreSQL fails for one sender, the others are only told (not asked about again): a
  // database that hangs would otherwise cost one time-out per sender per pass.
  const pass = { databaseAway: false };
  await eachConcurrently(deps.intake.waiting(), PRODUCT.intakeSendersAtOnce, (waiting) =>
    drainSender(deps, waiting, pass),
  );
}

async function drainSender(
  deps: DrainerDeps,
  waiting: WaitingSender,
  pass: { databaseAway: boolean },
): Promise<void> {
  const token = await lockSender(deps, waiting.sender);
  if (!token) return; // another process is on it
  try {
    for (;;) {
      const held = await deps.intake.head<ParsedInboundEnvelope>(waiting.sender);
      if (!held) {
        await deps.intake.forget(waiting);
        return;
      }
      if (pass.databaseAway || !(await handOver(deps, held))) {
        pass.databaseAway = true;
        await noteDelay(deps, held);
        return;
      }
      if (!(await deps.intake.dropHead(waiting.sender, token))) return;
    }
  } finally {
    await deps.intake.unlock(waiting.sender, token);
  }
}

/** The sender's lock: free, or taken from a holder that has stopped; undefined when busy. */
async function lockSender(deps: DrainerDeps, sender: string): Promise<string | undefined> {
  const token = await deps.intake.lock(sender);
  if (token || !deps.holders) return token;
  const held = await deps.intake.lockToken(sender);
  if (!held || !(await deps.holders.stoppedTokens([held])).has(held)) return undefined;
  if (await deps.intake.unlock(sender, held))
    deps.logger.warn(
      { holder: LockHolders.holderOf(held) },
      'took over a held sender from a stopped process',
    );
  return deps.intake.lock(sender);
}

/** Hands one held message over; false when PostgreSQL still cannot say who sent it. */
async function handOver(deps: IngressDeps, held: Held): Promise<boolean> {
  const { envelope } = held;
  let who;
  try {
    // Not remembered: in a process that also runs ingress, a remembered sender's next message
    // would skip the line and overtake the ones still held.
    who = await identify(deps, envelope, { remember: false });
  } catch (error) {
    if (isTransient(error)) return false;
    // A failure no retry mends: the person gets the generic error; the line moves on.
    deps.logger.error(
      { err: error, correlationId: held.id },
      'held message dropped: its sender cannot be read',
    );
    await deps.outbox.send([direct(held, 'error', say(deps.defaultLocale, 'general_error'))]);
    return true;
  }
  if (!who) {
    await refuseUnknown(
      deps,
      envelope,
      deps.keys.dedupe(envelope.channel, envelope.account, envelope.platformMessageId),
    );
    return true;
  }
  const outcome = await admit(deps, envelope, who, held);
  deps.logger.info(
    { correlationId: held.id, status: outcome.status },
    'held message handed to its conversation',
  );
  return true;
}

/**
 * Once per message (the id a turn's own note would have, so a turn that also fails adds none):
 * the note that its answer is coming.
 */
async function noteDelay(deps: IngressDeps, held: Held): Promise<void> {
  if (!(Date.now() - Date.parse(held.receivedAt) >= PRODUCT.holdNoticeAfterMs)) return;
  await deps.outbox.sendOnce({
    ...direct(held, 'delayed', say(deps.defaultLocale, 'answer_delayed')),
    interim: true,
  });
}

/** A reply to a held message, outside any conversation (none is known yet). */
function direct(held: Held, suffix: string, text: string) {
  const { envelope } = held;
  return {
    id: `${held.id}:${suffix}`,
    channel: envelope.channel,
    account: envelope.account,
    chatId: envelope.chatId,
    tenantId: 'none',
    conversationId: 'none',
    correlationId: held.id,
    text,
    ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
  };
}
