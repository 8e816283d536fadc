import type { RedisClient } from '../core/redis-client';
import type { RedisKeys } from '../core/redis-keys';
import type { PlatformAiSwitch } from '../pipeline/ports';

/** Why and when an operator turned AI off, as `npm run iris -- ai status` shows it. */
export interface AiOff {
  reason: string;
  at: string;
}

/**
 * The platform's AI switch (the AI gate's first check): off when `AI_ENABLED=false` (no process
 * calls a model until restarted with it on), or while an operator has turned it off at run time
 * (`npm run iris -- ai off --reason …`, one Redis key every pipeline process reads). Each process
 * reads the key at most once per `cacheMs`, so a turn with a model call costs no extra round trip
 * most of the time and a switch takes effect everywhere within that time.
 */
export class RedisAiSwitch implements PlatformAiSwitch {
  private cached: { on: boolean; until: number } | undefined;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly options: { enabledByConfig: boolean; cacheMs?: number } = { enabledByConfig: true },
  ) {}

  async isOn(): Promise<boolean> {
    if (!this.options.enabledByConfig) return false;
    const now = Date.now();
    if (this.cached && now < this.cached.until) return this.cached.on;
    const on = (await this.redis.exists(this.keys.aiOff())) === 0;
    this.cached = { on, until: now + (this.options.cacheMs ?? 1_000) };
    return on;
  }

  async turnOff(reason: string, at = new Date()): Promise<void> {
    const off: AiOff = { reason, at: at.toISOString() };
    await this.redis.set(this.keys.aiOff(), JSON.stringify(off));
    this.cached = undefined;
  }

  async turnOn(): Promise<void> {
    await this.redis.del(this.keys.aiOff());
    this.cached = undefined;
  }

  /** Undefined while on (at run time; `AI_ENABLED=false` is read from the configuration). */
  async off(): Promise<AiOff | undefined> {
    const raw = await this.redis.get(this.keys.aiOff());
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as AiOff;
    } catch {
      return { reason: raw, at: '' };
    }
  }
}
