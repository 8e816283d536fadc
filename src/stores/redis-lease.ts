import { RedisKeys } from '../core/redis-keys';
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../core/redis-client';
import { abortableSleep } from '../core/abortable-sleep';
import type { Lease, LeaseFactory, LeaseOptions } from '../core/lease';
import { runLua } from '../core/redis-script';

/**
 * A cluster-wide lease on a name (one Telegram poller per bot token, one WhatsApp socket per
 * number). The holder renews it well before it expires; a process that dies stops renewing and
 * a standby takes over after at most `ttlMs`. Renew and release only touch the lease if it is
 * still ours (compare-and-set in Lua), so a slow former holder can never steal it back.
 *
 * The holder also keeps its own deadline: `isHeld` turns false, and `onLost` runs, once the last
 * successful acquire/renew is `ttlMs` old, even while Redis cannot be reached. Without that, a
 * holder cut off from Redis would keep working while a standby (which can reach Redis) has
 * already taken over — two pollers, two sockets.
 *
 * The deadline is a timer of its own, armed at each success and firing a little before the
 * lease can expire in Redis: it does not wait for a renewal to fail. In a network partition a
 * renewal may never answer at all (ioredis has no command timeout by default and keeps a
 * half-open connection), and a check that only runs when a renewal rejects never runs.
 */

export type { LeaseOptions } from '../core/lease';

/** The lease factory channels are given: leases on this Redis. */
export function redisLeases(redis: RedisClient): LeaseFactory {
  return (name, options) => new RedisLease(redis, name, options);
}

export class RedisLease implements Lease {
  readonly key: string;
  readonly token = randomUUID();
  private readonly ttlMs: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** Fires `safetyMs` before `validUntil`: the holder stops before a standby can take over. */
  private deadline: NodeJS.Timeout | undefined;
  private readonly safetyMs: number;
  private renewing = false;
  private lost = false;
  private held = false;
  /** Local deadline: the lease is ours until then at most (measured from when the request left). */
  private validUntil = 0;
  private stopped = false;

  constructor(
    private readonly redis: RedisClient,
    name: string,
    options: LeaseOptions = {},
  ) {
    this.key = new RedisKeys(options.keyPrefix ?? 'iris').lease(name);
    this.ttlMs = options.ttlMs ?? 15_000;
    this.intervalMs = options.intervalMs ?? Math.max(50, Math.floor(this.ttlMs / 3));
    this.safetyMs = Math.min(this.intervalMs, Math.max(20, Math.floor(this.ttlMs / 10)));
  }

  /** True while the lease is ours and our own deadline has not passed. */
  get isHeld(): boolean {
    return this.held && Date.now() < this.validUntil;
  }

  /** One attempt to take the lease. */
  async tryAcquire(): Promise<boolean> {
    const sentAt = Date.now();
    const ok = await this.redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX');
    if (ok === 'OK' && this.stopped) {
      // release() ran while this attempt was in flight: give the lease straight back.
      await runLua(this.redis, 'delete-if-owner', [this.key], [this.token]).catch(() => undefined);
      return false;
    }
    this.held = ok === 'OK';
    if (this.held) this.validUntil = sentAt + this.ttlMs;
    return this.held;
  }

  /** Extends the lease if still ours; false means it was lost (expired and taken by another). */
  async renew(): Promise<boolean> {
    const sentAt = Date.now();
    const ok = await runLua(this.redis, 'renew-if-owner', [this.key], [this.token, String(this.ttlMs)]);
    // A renewal that answers after release() or after the loss must not mark it held again.
    this.held = ok === 1 && !this.stopped && !this.lost;
    if (this.held) this.validUntil = sentAt + this.ttlMs;
    return this.held;
  }

  /**
   * Waits until the lease is ours (standby), then keeps renewing it in the background.
   * `onLost` runs once if renewal fails (Redis unreachable past the TTL, or the lease was taken):
   * the holder must stop its work at once. Returns false if stopped or aborted while waiting.
   */
  async hold(onLost: () => void, signal?: AbortSignal): Promise<boolean> {
    while (!this.stopped && !signal?.aborted) {
      try {
        if (await this.tryAcquire()) break;
      } catch {
        // Redis unreachable: keep waiting as a standby.
      }
      await abortableSleep(this.intervalMs, signal);
    }
    if (!this.held) return false;
    if (signal?.aborted) {
      await this.release();
      return false;
    }
    this.lost = false;
    this.timer = setInterval(() => {
      if (this.renewing) return; // the previous renewal has not answered: the deadline decides
      this.renewing = true;
      this.renew()
        .then(
          (ok) => (ok ? this.armDeadline(onLost) : this.lose(onLost)),
          () => {
            // A failed renewal is retried on the next tick; the deadline timer ends the lease.
          },
        )
        .finally(() => {
          this.renewing = false;
        });
    }, this.intervalMs);
    this.timer.unref();
    this.armDeadline(onLost);
    return true;
  }

  private armDeadline(onLost: () => void): void {
    if (this.lost || this.stopped) return;
    clearTimeout(this.deadline);
    this.deadline = setTimeout(
      () => this.lose(onLost),
      Math.max(0, this.validUntil - this.safetyMs - Date.now()),
    );
    this.deadline.unref();
  }

  private lose(onLost: () => void): void {
    if (!this.timer) return; // already lost or released: onLost runs at most once per hold
    clearInterval(this.timer);
    clearTimeout(this.deadline);
    this.timer = undefined;
    this.deadline = undefined;
    this.held = false;
    this.lost = true;
    // Best effort: if the key is still ours, free it so a standby need not wait for the TTL.
    runLua(this.redis, 'delete-if-owner', [this.key], [this.token]).catch(() => undefined);
    onLost();
  }

  /** Stops renewing and gives the lease up so a standby can take over at once. */
  async release(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.deadline);
    this.timer = undefined;
    this.deadline = undefined;
    if (this.held) {
      this.held = false;
      await runLua(this.redis, 'delete-if-owner', [this.key], [this.token]).catch(() => undefined);
    }
  }
}
