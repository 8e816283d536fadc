/**
 * A cluster-wide lease on a name: one Telegram poller per bot token, one WhatsApp socket per
 * number. Channels take a `LeaseFactory` (the app gives the Redis one, `redisLeases` in
 * src/stores/redis-lease.ts) and never build one themselves.
 */
export interface Lease {
  /** True while the lease is ours and our own deadline has not passed. */
  readonly isHeld: boolean;
  /**
   * Waits until the lease is ours (true), renewing it from then on, or until `signal` aborts
   * (false); `onLost` runs if it is lost later.
   */
  hold(onLost: () => void, signal?: AbortSignal): Promise<boolean>;
  /** Stops renewing and gives the lease up, if it is still ours. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  /** How long the lease lives without renewal. Default 15 s. */
  ttlMs?: number;
  /** How often the holder renews and a standby retries. Default ttl / 3. */
  intervalMs?: number;
  /** First segment of the key (`<keyPrefix>:lease:<name>`). Default `iris`. */
  keyPrefix?: string;
}

export type LeaseFactory = (name: string, options?: LeaseOptions) => Lease;
