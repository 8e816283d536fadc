import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

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
 */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface LeaseOptions {
  /** How long the lease lives without renewal. Default 15 s. */
  ttlMs?: number;
  /** How often the holder renews and a standby retries. Default ttl / 3. */
  intervalMs?: number;
  /** First segment of the Redis key (`<keyPrefix>:lease:<name>`). Default `iris`. */
  keyPrefix?: string;
}

export class RedisLease {
  readonly key: string;
  readonly token = randomUUID();
  private readonly ttlMs: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private held = false;
  /** Local deadline: the lease is ours until then at most (measured from when the request left). */
  private validUntil = 0;
  private stopped = false;

  constructor(
    private readonly redis: Redis,
    name: string,
    options: LeaseOptions = {},
  ) {
    this.key = `${options.keyPrefix ?? 'iris'}:lease:${name}`;
    this.ttlMs = options.ttlMs ?? 15_000;
    this.intervalMs = options.intervalMs ?? Math.max(50, Math.floor(this.ttlMs / 3));
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
      await this.redis.eval(RELEASE, 1, this.key, this.token).catch(() => undefined);
      return false;
    }
    this.held = ok === 'OK';
    if (this.held) this.validUntil = sentAt + this.ttlMs;
    return this.held;
  }

  /** Extends the lease if still ours; false means it was lost (expired and taken by another). */
  async renew(): Promise<boolean> {
    const sentAt = Date.now();
    const ok = await this.redis.eval(RENEW, 1, this.key, this.token, String(this.ttlMs));
    // A renewal that answers after release() must not mark the lease as held again.
    this.held = ok === 1 && !this.stopped;
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
      await pause(this.intervalMs, signal);
    }
    if (!this.held) return false;
    if (signal?.aborted) {
      await this.release();
      return false;
    }
    this.timer = setInterval(() => {
      this.renew().then(
        (ok) => {
          if (!ok) this.lose(onLost);
        },
        () => {
          // A failed renewal is retried on the next tick; the lease is lost once it has expired.
          if (Date.now() >= this.validUntil) this.lose(onLost);
        },
      );
    }, this.intervalMs);
    this.timer.unref();
    return true;
  }

  private lose(onLost: () => void): void {
    if (!this.timer) return; // already lost or released: onLost runs at most once per hold
    clearInterval(this.timer);
    this.timer = undefined;
    this.held = false;
    onLost();
  }

  /** Stops renewing and gives the lease up so a standby can take over at once. */
  async release(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.held) {
      this.held = false;
      await this.redis.eval(RELEASE, 1, this.key, this.token).catch(() => undefined);
    }
  }
}

/** Sleeps `ms`, or less if `signal` aborts, so a standby stops at once when asked. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
