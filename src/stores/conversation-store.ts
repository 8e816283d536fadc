import type { PendingWrite } from '../pipeline/ports';
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import { runLua } from '../core/redis-script';

/**
 * Everything Iris keeps of a conversation in Redis, and every step on it: the mailbox, its lock,
 * the saved state and pending confirmation, and the transcripts of its voice notes. Nothing else
 * touches these keys (they are built by `core/redis-keys.ts`, the scripts are `core/lua/*.lua`).
 *
 * The mailbox is how Iris keeps every conversation in arrival order with any number of pipeline
 * processes, on open-source BullMQ (which has no job groups):
 *
 * - Ingress appends the message to the conversation's mailbox (a Redis list) and drops a
 *   platform duplicate in the same atomic step, then adds a "drain conversation X" job.
 * - A worker that gets a drain job takes the conversation's lock and handles the mailbox head,
 *   one message at a time. Handling ends with `commit`, which pops the head and saves the
 *   conversation state in one atomic step, so a crash re-handles at most the head message.
 * - The lock is released only when the mailbox is empty (atomically), so a message pushed while
 *   another worker holds the lock is always seen by that worker: a drain job that cannot take
 *   the lock just ends.
 * - A sweeper re-adds drain jobs for mailboxes left waiting: a crash between push and add, or a
 *   lock holder that died (once its lock expires).
 */

/** A conversation's saved state and pending confirmation as read with its lock (`tryLock`). */
export interface StoredConversation {
  tenantId: string;
  state: string | null;
  pending: string | null;
}

export type { PendingWrite } from '../pipeline/ports';

/** The lock on one conversation, held by the drain that handles its mailbox. */
export interface MailboxLock {
  conversationId: string;
  token: string;
}

export class ConversationStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: {
      lockTtlMs: number;
      dedupeTtlSec: number;
      /** A new lock's token; a process' tokens name it (`LockHolders.tokenFor`). Default random. */
      lockToken?: () => string;
    },
  ) {
    this.setInScripts = !redis.isCluster;
  }

  /**
   * One server has no slots: the set of waiting mailboxes is updated inside the mailbox's own
   * scripts, atomically, with no extra round trip. On Redis Cluster it is another slot, so it is
   * updated in commands of their own around them (see `push`).
   */
  private readonly setInScripts: boolean;

  /**
   * Appends a message unless its dedupe key (`RedisKeys.conversationDedupe`, in the
   * conversation's slot) was seen. Returns false for a duplicate.
   *
   * On one server the push script also marks the conversation in the set of waiting mailboxes,
   * atomically. On Redis Cluster it is marked first, in a command of its own: that set is one key
   * for every conversation, so it lives in another slot than the mailbox and cannot be in the
   * push script. Marking before pushing means a crash
   * between the two leaves at worst a mark on an empty mailbox (the sweeper drains it, which
   * removes the mark); marking after would leave a pushed message that nobody schedules once
   * the platform's redelivery is dropped as a duplicate.
   */
  async push(message: { id: string; conversationId: string }, dedupeKey: string): Promise<boolean> {
    const { conversationId } = message;
    if (this.setInScripts) {
      const pushed = await runLua(
        this.redis,
        'mailbox-push',
        [dedupeKey, this.keys.mailbox(conversationId), this.keys.activeMailboxes()],
        [String(this.options.dedupeTtlSec), JSON.stringify(message), conversationId, String(Date.now())],
      );
      return pushed === 1;
    }
    const marked = await this.redis.zadd(this.keys.activeMailboxes(), 'NX', Date.now(), conversationId);
    const added = await runLua(
      this.redis,
      'mailbox-push',
      [dedupeKey, this.keys.mailbox(conversationId)],
      [String(this.options.dedupeTtlSec), JSON.stringify(message)],
    );
    // A duplicate whose mark is ours would keep an idle conversation marked until a sweep.
    if (added !== 1 && marked === 1) await this.unmarkIfEmpty(conversationId);
    return added === 1;
  }

  /**
   * Takes a conversation off the set of waiting mailboxes once its mailbox was seen empty, then
   * looks at the mailbox again and marks it back if a message arrived meanwhile: a push marks
   * before it pushes, so a push that lands after the removal is either seen here or marked by
   * itself after it. (What this cannot cover, a push whose mark landed just before the removal
   * and whose process then died between its push and its job, is the window that the set's
   * separate slot opens on Redis Cluster; it needs a crash inside one round trip.)
   */
  private async unmarkIfEmpty(conversationId: string): Promise<void> {
    await this.redis.zrem(this.keys.activeMailboxes(), conversationId);
    if ((await this.redis.llen(this.keys.mailbox(conversationId))) > 0)
      await this.redis.zadd(this.keys.activeMailboxes(), 'NX', Date.now(), conversationId);
  }

  /**
   * Whether the conversation has something under way (a turn, waiting messages, a proposal
   * waiting for "sim", a draft waiting for a value): a message that could belong to it must go
   * to it rather than start another conversation. With `dedupeKey` (the asking message's mark in
   * this conversation), a message already pushed here counts too: its redelivery comes back.
   */
  async inFlight(conversationId: string, tenantId: string, dedupeKey?: string): Promise<boolean> {
    const busy = await runLua(
      this.redis,
      'conversation-in-flight',
      [
        this.keys.conversationLock(conversationId),
        this.keys.mailbox(conversationId),
        this.keys.pendingConfirmation(tenantId, conversationId),
        this.keys.conversationState(conversationId),
        ...(dedupeKey ? [dedupeKey] : []),
      ],
      [],
    );
    return busy === 1;
  }

  /**
   * Takes the conversation's lock if it is free, and reads the mailbox head in the same round
   * trip (a drain job always needs both). Given the conversation's tenant, it also reads what
   * `load` would (the turn needs it next): one round trip fewer per turn. Undefined when another
   * worker holds the lock.
   */
  async tryLock<T>(
    conversationId: string,
    tenantId?: string,
  ): Promise<{ lock: MailboxLock; head: T | undefined; stored?: StoredConversation } | undefined> {
    const token = this.options.lockToken?.() ?? randomUUID();
    const keys = [this.keys.conversationLock(conversationId), this.keys.mailbox(conversationId)];
    if (tenantId !== undefined)
      keys.push(
        this.keys.conversationState(conversationId),
        this.keys.pendingConfirmation(tenantId, conversationId),
      );
    const [taken, head, state, pending] = (await runLua(this.redis, 'mailbox-lock', keys, [
      token,
      String(this.options.lockTtlMs),
    ])) as [number, string | null | undefined, string | null | undefined, string | null | undefined];
    if (taken !== 1) return undefined;
    return {
      lock: { conversationId, token },
      head: head ? (JSON.parse(head) as T) : undefined,
      ...(tenantId !== undefined
        ? { stored: { tenantId, state: state ?? null, pending: pending ?? null } }
        : {}),
    };
  }

  /** Extends the lock while its holder works; false when it is no longer ours. */
  async renew(lock: MailboxLock): Promise<boolean> {
    const renewed = (await runLua(
      this.redis,
      'renew-if-owner',
      [this.keys.conversationLock(lock.conversationId)],
      [lock.token, String(this.options.lockTtlMs)],
    )) as number;
    return renewed === 1;
  }

  /**
   * Renews the lock every third of its TTL until the returned function is called: a turn that
   * takes longer than the TTL (a slow model, a slow database) keeps its conversation, and a
   * holder that dies loses it within one TTL. A failed renewal is retried at the next tick; if
   * the lock was lost meanwhile, the commit says so (it checks the token).
   */
  keepLock(lock: MailboxLock): () => void {
    const timer = setInterval(
      () => void this.renew(lock).catch(() => undefined),
      Math.max(50, Math.floor(this.options.lockTtlMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The oldest message not yet handled, parsed; undefined when the mailbox is empty. */
  async head<T>(conversationId: string): Promise<T | undefined> {
    const raw = await this.redis.lindex(this.keys.mailbox(conversationId), 0);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  /** Replaces the head (e.g. an audio message once its transcript is attached). */
  async replaceHead(conversationId: string, message: { id: string }): Promise<void> {
    await this.redis.lset(this.keys.mailbox(conversationId), 0, JSON.stringify(message));
  }

  /**
   * Pops the handled head and saves the conversation's state and pending confirmation in one
   * atomic step. Returns how many messages are left; when none is, the lock is released in the
   * same step (as `release` would: nothing can be pushed in between). Throws if the lock was
   * lost or the head is not the message handled (another worker got there: its work stands).
   */
  async commit(
    lock: MailboxLock,
    messageId: string,
    tenantId: string,
    state: { value: string; ttlSec: number },
    pending: PendingWrite,
  ): Promise<number> {
    const { conversationId } = lock;
    const result = (await runLua(
      this.redis,
      'mailbox-commit',
      [
        this.keys.mailbox(conversationId),
        this.keys.conversationState(conversationId),
        this.keys.pendingConfirmation(tenantId, conversationId),
        this.keys.conversationLock(conversationId),
        ...(this.setInScripts ? [this.keys.activeMailboxes()] : []),
      ],
      [
        messageId,
        lock.token,
        state.value,
        String(state.ttlSec),
        pending.op,
        pending.op === 'set' ? pending.value : '',
        pending.op === 'set' ? String(pending.ttlSec) : '0',
        String(this.options.lockTtlMs),
        ...(this.setInScripts ? [conversationId, String(Date.now())] : []),
      ],
    )) as number;
    if (result === -1) throw new MailboxConflictError(`lost the lock of conversation ${conversationId}`);
    if (result === -2)
      throw new MailboxConflictError(`message ${messageId} is no longer the head of ${conversationId}`);
    if (this.setInScripts) return result;
    // The waiting set is another slot (see `push`): updated after the commit, never inside it.
    // Messages left: the mark's time moves on, so the sweeper leaves a mailbox being drained.
    if (result > 0) await this.redis.zadd(this.keys.activeMailboxes(), 'XX', Date.now(), conversationId);
    else await this.unmarkIfEmpty(conversationId);
    return result;
  }

  /**
   * Releases the lock if the mailbox is empty (returns 0); otherwise keeps it and returns how
   * many messages wait. `force` releases anyway (the head waits for its transcript); the
   * sweeper then looks again after `retryInMs`. -1 when the lock was lost.
   */
  async release(lock: MailboxLock, options: { force?: boolean; retryInMs?: number } = {}): Promise<number> {
    const { conversationId } = lock;
    const score = String(Date.now() + (options.retryInMs ?? 0));
    const [released, waiting] = (await runLua(
      this.redis,
      'mailbox-release',
      [
        this.keys.conversationLock(conversationId),
        this.keys.mailbox(conversationId),
        ...(this.setInScripts ? [this.keys.activeMailboxes()] : []),
      ],
      [lock.token, options.force ? '1' : '0', ...(this.setInScripts ? [conversationId, score] : [])],
    )) as [number, number];
    if (released === -1) return -1;
    if (released === 0) return waiting;
    if (this.setInScripts) return 0;
    // Released. The waiting set is another slot (see `push`), updated after the release.
    if (waiting === 0) await this.unmarkIfEmpty(conversationId);
    else await this.redis.zadd(this.keys.activeMailboxes(), 'XX', score, conversationId);
    return 0;
  }

  /**
   * Drops the head without handling it (an entry that does not parse), if the lock is still
   * ours; the lock is released with it when the mailbox is left empty.
   */
  async dropHead(lock: MailboxLock): Promise<void> {
    await runLua(
      this.redis,
      'mailbox-drop-head',
      [this.keys.mailbox(lock.conversationId), this.keys.conversationLock(lock.conversationId)],
      [lock.token],
    );
  }

  /** The first `count` entries waiting, oldest first, parsed (the transcriber finds its audio). */
  async waiting<T>(conversationId: string, count: number): Promise<T[]> {
    const entries = await this.redis.lrange(this.keys.mailbox(conversationId), 0, count - 1);
    return entries.map((raw) => JSON.parse(raw) as T);
  }

  /** The saved state and the pending confirmation, raw, in one round trip. */
  async load(
    tenantId: string,
    conversationId: string,
  ): Promise<{ state: string | null; pending: string | null }> {
    const [state, pending] = await this.redis.mget(
      this.keys.conversationState(conversationId),
      this.keys.pendingConfirmation(tenantId, conversationId),
    );
    return { state: state ?? null, pending: pending ?? null };
  }

  /**
   * Replaces the saved state while no turn holds the conversation, if it is still `read`
   * (`state-replace-if-idle.lua`): how a job outside the turns (the summary job) edits it.
   */
  async replaceStateIfIdle(
    conversationId: string,
    read: string,
    next: string,
  ): Promise<'updated' | 'busy' | 'changed' | 'gone'> {
    return (await runLua(
      this.redis,
      'state-replace-if-idle',
      [this.keys.conversationState(conversationId), this.keys.conversationLock(conversationId)],
      [read, next],
    )) as 'updated' | 'busy' | 'changed' | 'gone';
  }

  /** The saved state alone, raw (a turn that failed commits it back unchanged). */
  async savedState(conversationId: string): Promise<string | null> {
    return this.redis.get(this.keys.conversationState(conversationId));
  }

  /** Keeps a voice note's transcript (or why there is none) until its turn reads it. */
  async keepTranscript(messageId: string, record: unknown, ttlSec: number): Promise<void> {
    await this.redis.set(this.keys.transcript(messageId), JSON.stringify(record), 'EX', ttlSec);
  }

  /** A voice note's transcript record; undefined while it is not there yet. */
  async transcript<T>(messageId: string): Promise<T | undefined> {
    const raw = await this.redis.get(this.keys.transcript(messageId));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async dropTranscript(messageId: string): Promise<void> {
    await this.redis.del(this.keys.transcript(messageId));
  }

  /** Conversations whose mailbox has waited longer than `olderThanMs` (for the sweeper). */
  async stale(olderThanMs: number, limit = 100): Promise<string[]> {
    const ids = await this.redis.zrangebyscore(
      this.keys.activeMailboxes(),
      '-inf',
      Date.now() - olderThanMs,
      'LIMIT',
      0,
      limit,
    );
    if (ids.length > 0) {
      const now = String(Date.now());
      await this.redis.zadd(this.keys.activeMailboxes(), 'XX', ...ids.flatMap((id) => [now, id]));
    }
    return ids;
  }

  /**
   * Puts conversations that `stale` returned back so that its next call returns them again (a
   * sweeper pass later) instead of after another `olderThanMs`: the sweeper watches a mailbox
   * whose lock is held this closely, to break the lock the moment its holder is gone.
   */
  async lookAgainNextSweep(conversationIds: readonly string[], olderThanMs: number): Promise<void> {
    if (conversationIds.length === 0) return;
    const score = String(Date.now() - olderThanMs);
    await this.redis.zadd(this.keys.activeMailboxes(), 'XX', ...conversationIds.flatMap((id) => [score, id]));
  }

  /** The tokens of these conversations' locks (absent: not locked), one command each. */
  async lockTokens(conversationIds: readonly string[]): Promise<Map<string, string>> {
    const tokens = await Promise.all(
      conversationIds.map((id) => this.redis.get(this.keys.conversationLock(id))),
    );
    const held = new Map<string, string>();
    conversationIds.forEach((id, i) => {
      const token = tokens[i];
      if (token) held.set(id, token);
    });
    return held;
  }

  /** Deletes a conversation's lock if it is still the one with `token` (its holder is gone). */
  async breakLock(conversationId: string, token: string): Promise<boolean> {
    const deleted = await runLua(
      this.redis,
      'delete-if-owner',
      [this.keys.conversationLock(conversationId)],
      [token],
    );
    return deleted === 1;
  }

  async length(conversationId: string): Promise<number> {
    return this.redis.llen(this.keys.mailbox(conversationId));
  }
}

export class MailboxConflictError extends Error {
  override readonly name = 'MailboxConflictError';
}
