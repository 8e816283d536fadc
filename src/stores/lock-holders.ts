import { randomUUID } from 'node:crypto';
import { everyWithoutOverlap } from '../core/periodic-pass';
import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';

/**
 * Which processes holding conversation locks are still running. Each process has an id and
 * keeps a key with a short TTL (`RedisKeys.lockHolder`) while it runs; its locks' tokens begin
 * with that id (`tokenFor`). A process that is SIGKILLed, runs out of memory or loses its
 * machine stops renewing the key, so the sweeper can break its locks as soon as the key is gone
 * instead of waiting out the lock's own TTL — which must stay long enough for a live holder's
 * renewals to survive a slow moment, and made a killed process' conversations wait 4-6 s.
 *
 * Saying "stopped" wrongly would let two workers handle one conversation (the second commit
 * fails on the token, but both may have answered), so this process judges others only while its
 * own beats have been landing steadily for a whole TTL: after a Redis outage, a restart or a
 * stall of its own event loop, the others are given that long to beat again first.
 */
export class LockHolders {
  readonly id = randomUUID();
  private lastBeatAt: number | undefined;
  private beatingSince = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: { aliveTtlMs: number; beatEveryMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A lock token of this process: its id, then a random part (the lock scripts compare it whole).
   * Until a beat has landed the token names no holder, so its lock is waited out (its TTL) like
   * any lock of a process that does not beat.
   */
  tokenFor(): string {
    return this.lastBeatAt === undefined ? randomUUID() : `${this.id}/${randomUUID()}`;
  }

  /** The holder a token names; undefined for tokens without one. */
  static holderOf(token: string): string | undefined {
    const slash = token.indexOf('/');
    return slash > 0 ? token.slice(0, slash) : undefined;
  }

  /** Says this process is running, for one TTL. */
  async beat(): Promise<void> {
    await this.redis.set(this.keys.lockHolder(this.id), '1', 'PX', this.options.aliveTtlMs);
    const at = this.now();
    if (this.lastBeatAt === undefined || at - this.lastBeatAt > 2 * this.options.beatEveryMs)
      this.beatingSince = at;
    this.lastBeatAt = at;
  }

  /** Beats now, then every `beatEveryMs`, until the returned function is called. */
  start(onError: (error: unknown) => void): () => void {
    this.beat().catch(onError);
    return everyWithoutOverlap(this.options.beatEveryMs, () => this.beat(), onError);
  }

  /**
   * Of these lock tokens, those whose holder has stopped (a token naming no holder never is):
   * what the sweeper and the intake drainer ask before breaking a lock.
   */
  async stoppedTokens(tokens: readonly string[]): Promise<Set<string>> {
    const holders = tokens.map((token) => LockHolders.holderOf(token));
    const stopped = await this.stopped(holders.filter((id): id is string => id !== undefined));
    return new Set(tokens.filter((_, i) => stopped.has(holders[i] ?? '')));
  }

  /**
   * Of these holders, those that have stopped (their key is gone). Empty while this process'
   * own beats have not landed steadily for a whole TTL: it cannot tell a stopped holder from one
   * that, like itself, could not reach Redis for a moment.
   */
  async stopped(holderIds: readonly string[]): Promise<Set<string>> {
    const at = this.now();
    const steady =
      this.lastBeatAt !== undefined &&
      at - this.lastBeatAt <= 2 * this.options.beatEveryMs &&
      at - this.beatingSince >= this.options.aliveTtlMs;
    if (!steady || holderIds.length === 0) return new Set();
    const unique = [...new Set(holderIds)];
    const present = await Promise.all(unique.map((id) => this.redis.exists(this.keys.lockHolder(id))));
    return new Set(unique.filter((_, i) => present[i] === 0));
  }
}
