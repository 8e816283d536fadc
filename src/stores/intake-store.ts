import { createHash, randomUUID } from 'node:crypto';
import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import { runLua } from '../core/redis-script';

/** A message held until its sender can be identified: what ingress received, as it received it. */
export interface HeldMessage<Envelope> {
  /** Iris' id of the message (and its correlation id), given when it was held. */
  id: string;
  receivedAt: string;
  envelope: Envelope;
}

/** Senders with held messages, with the score to forget them by (`forget`). */
export interface WaitingSender {
  sender: string;
  score: string;
}

/**
 * Messages whose sender ingress could not identify because PostgreSQL was away: held in Redis per
 * sender (one person in one chat of one account), in arrival order, until a drainer can say whose
 * they are and hand them to their conversation (`app/intake-drainer.ts`). Holding them here means
 * the platform's delivery succeeds at once, instead of being retried by the platform for as long
 * as the outage lasts (and, for some platforms, given up).
 *
 * While a sender has held messages, ingress holds their new ones too (`holds`), so nothing
 * overtakes what is held. A drainer takes a sender's lock, hands the head over, then pops it:
 * a crash in between hands it over again, and the conversation's dedupe mark drops the copy.
 */
export class IntakeStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: {
      ttlSec: number;
      lockTtlMs: number;
      /** A new lock's token; a process' tokens name it (`LockHolders.tokenFor`). Default random. */
      lockToken?: () => string;
    },
  ) {}

  /** The sender's tag: a hash, so any id (with braces, colons) makes a valid hash tag. */
  senderOf(m: { channel: string; account: string; chatId: string; externalUserId: string }): string {
    return createHash('sha256')
      .update(`${m.channel}\u0000${m.account}\u0000${m.chatId}\u0000${m.externalUserId}`)
      .digest('base64url')
      .slice(0, 22);
  }

  async holds(sender: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.intake(sender).list)) === 1;
  }

  /**
   * Holds a message behind the sender's earlier ones; false for a platform duplicate. The sender
   * is marked waiting first: a crash in between leaves a mark on nothing (forgotten by the next
   * pass), never a held message no drainer looks for.
   */
  async hold<Envelope>(
    sender: string,
    platformMessageId: string,
    message: HeldMessage<Envelope>,
  ): Promise<boolean> {
    // A counter, not a clock: two holds in the same millisecond still change the score.
    await this.redis.zincrby(this.keys.intakeWaiting(), 1, sender);
    const { seen, list } = this.keys.intake(sender);
    const held = await runLua(
      this.redis,
      'intake-park',
      [seen, list],
      [platformMessageId, JSON.stringify(message), this.options.ttlSec],
    );
    return held === 1;
  }

  /**
   * Every sender with held messages, a page at a time (a cursor: an outage can leave thousands,
   * and senders forgotten meanwhile do not make others be skipped).
   */
  async *waiting(pageSize = 100): AsyncGenerator<WaitingSender> {
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.zscan(this.keys.intakeWaiting(), cursor, 'COUNT', pageSize);
      for (let i = 0; i + 1 < flat.length; i += 2) yield { sender: flat[i]!, score: flat[i + 1]! };
      cursor = next;
    } while (cursor !== '0');
  }

  /** The sender's lock, or undefined when another drainer has it. */
  async lock(sender: string): Promise<string | undefined> {
    const token = this.options.lockToken?.() ?? randomUUID();
    const taken = await this.redis.set(
      this.keys.intake(sender).lock,
      token,
      'PX',
      this.options.lockTtlMs,
      'NX',
    );
    return taken === 'OK' ? token : undefined;
  }

  /** The token of the sender's lock; undefined when nobody holds it. */
  async lockToken(sender: string): Promise<string | undefined> {
    return (await this.redis.get(this.keys.intake(sender).lock)) ?? undefined;
  }

  /** Frees the sender's lock if `token` still holds it (its own, or a stopped holder's). */
  async unlock(sender: string, token: string): Promise<boolean> {
    return (await runLua(this.redis, 'delete-if-owner', [this.keys.intake(sender).lock], [token])) === 1;
  }

  async head<Envelope>(sender: string): Promise<HeldMessage<Envelope> | undefined> {
    const raw = await this.redis.lindex(this.keys.intake(sender).list, 0);
    return raw === null ? undefined : (JSON.parse(raw) as HeldMessage<Envelope>);
  }

  /** Pops the head once it is handed over; false when the lock was lost meanwhile (stop there). */
  async dropHead(sender: string, token: string): Promise<boolean> {
    const { list, lock } = this.keys.intake(sender);
    // The mailbox's script does exactly this: pop a list's head while the caller holds the lock.
    return (await runLua(this.redis, 'mailbox-drop-head', [list, lock], [token])) !== null;
  }

  /** Forgets a sender with nothing held, unless something was held since `score` was read. */
  async forget(waiting: WaitingSender): Promise<void> {
    await runLua(this.redis, 'intake-forget', [this.keys.intakeWaiting()], [waiting.sender, waiting.score]);
  }
}
