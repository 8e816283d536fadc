import { hostname } from 'node:os';
import type { RedisClient } from '../../core/redis-client';
import type { RedisKeys } from '../../core/redis-keys';

/** A state older than this is a process that is gone (they report every `HEARTBEAT_MS`). */
const FRESH_MS = 90_000;
export const HEARTBEAT_MS = 30_000;

export interface ProcessState {
  process: string;
  state: string;
  at: number;
}

/**
 * Where each whatsapp process says what its connection is doing (open, standby, pairing, logged
 * out, replaced, stopped…), so that the web process can show it: `/ready` says "degraded" when no
 * process holds an open connection, and `/metrics` counts processes per state. A process that
 * stops reporting drops out after 90 s.
 */
export class WhatsappStatusBoard {
  readonly process = `${hostname()}:${process.pid}`;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly account: string,
  ) {}

  async report(state: string, now = Date.now()): Promise<void> {
    const key = this.keys.whatsapp(this.account).statusBoard();
    await this.redis.hset(key, this.process, JSON.stringify({ state, at: now }));
    await this.redis.pexpire(key, FRESH_MS * 2);
  }

  async states(now = Date.now()): Promise<ProcessState[]> {
    const all = await this.redis.hgetall(this.keys.whatsapp(this.account).statusBoard());
    return Object.entries(all).flatMap(([process, raw]) => {
      try {
        const { state, at } = JSON.parse(raw) as { state: string; at: number };
        return now - at <= FRESH_MS ? [{ process, state, at }] : [];
      } catch {
        return [];
      }
    });
  }
}
