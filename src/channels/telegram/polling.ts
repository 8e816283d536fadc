import { BotError, GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { RedisClient } from '../../core/redis-client';
import type { Logger } from 'pino';
import { ConfigError, isTransient } from '../../core/errors';
import { abortableSleep, backoff } from './abortable-sleep';
import { ALLOWED_UPDATES } from './bot';
import type { TelegramOptions } from './options';
import { describeError, tokenId } from './secrets';
import type { Lease, LeaseFactory } from '../../core/lease';

export type PollerState = 'idle' | 'standby' | 'polling' | 'stopped';

export interface TelegramPollerDeps {
  bot: Bot;
  redis: RedisClient;
  /** Where the poll lease comes from (Redis in the app). */
  leases: LeaseFactory;
  options: Pick<TelegramOptions, 'token' | 'redisPrefix' | 'polling'>;
  logger: Logger;
  /** Told of every state change (tests, health checks). */
  onStateChange?: (state: PollerState) => void;
}

/**
 * Long polling with one poller per bot token in the whole cluster. Telegram allows a single
 * `getUpdates` consumer per token and answers 409 Conflict to the others, so every process
 * that wants to poll first takes a Redis lease named by a hash of the token (never the token):
 * the holder polls, the others wait as standbys, and one of them takes over within the lease
 * TTL if the holder dies (at once if it stops cleanly).
 *
 * The loop is written here rather than using `bot.start()` for three reasons: it checks the lease
 * before each `getUpdates` and aborts the pending one the moment the lease is lost; an update is
 * only confirmed (offset advanced) once ingress has accepted it, so an unreachable ingress delays
 * messages instead of losing them; and a 409 backs off (5 s, 10 s ... 5 min) instead of crashing
 * the process or hammering Telegram.
 *
 * `start()` returns a promise that settles only when the poller stops (like grammY's
 * `bot.start()`): it resolves after `stop()` and rejects on a fatal error (the token was refused).
 */
export class TelegramPoller {
  private current: PollerState = 'idle';
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  /** Next update id to ask for; everything below it was accepted by ingress. */
  private offset = 0;
  private readonly log: Logger;

  constructor(private readonly deps: TelegramPollerDeps) {
    this.log = deps.logger.child({ component: 'telegram-poller' });
  }

  get state(): PollerState {
    return this.current;
  }

  start(): Promise<void> {
    this.running ??= this.run().finally(() => this.setState('stopped'));
    return this.running;
  }

  /** Stops polling: cancels the pending `getUpdates`, confirms the offset, releases the lease. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running?.catch(() => undefined);
    this.setState('stopped');
  }

  private async run(): Promise<void> {
    const stop = this.stopping.signal;
    const { polling, redisPrefix, token } = this.deps.options;
    while (!stop.aborted) {
      const lease = this.deps.leases(`telegram:poll:${tokenId(token)}`, {
        ttlMs: polling.leaseTtlMs,
        keyPrefix: redisPrefix,
      });
      const term = new AbortController();
      const endTerm = () => term.abort();
      stop.addEventListener('abort', endTerm, { once: true });
      this.setState('standby');
      try {
        const held = await lease.hold(() => {
          this.log.warn('telegram poll lease lost; stopping polling in this process');
          term.abort();
        }, stop);
        if (!held) break;
        this.setState('polling');
        this.log.info('telegram poll lease taken; polling');
        await this.pollWhileHeld(lease, term.signal);
      } finally {
        stop.removeEventListener('abort', endTerm);
        if (stop.aborted && lease.isHeld) await this.confirmOffset();
        await lease.release();
      }
    }
  }

  private async pollWhileHeld(lease: Lease, signal: AbortSignal): Promise<void> {
    const { bot } = this.deps;
    const { polling } = this.deps.options;
    if (!(await this.prepare(signal))) return;
    let failures = 0;
    let conflicts = 0;
    while (!signal.aborted && lease.isHeld) {
      let updates: Update[];
      try {
        updates = await bot.api.getUpdates(
          { offset: this.offset, timeout: polling.timeoutSec, allowed_updates: [...ALLOWED_UPDATES] },
          forGrammy(signal),
        );
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof GrammyError && err.error_code === 401) throw tokenRefused();
        if (err instanceof GrammyError && err.error_code === 409) {
          conflicts += 1;
          const delayMs = backoff(polling.conflictBaseMs, polling.conflictMaxMs, conflicts);
          this.log.error(
            { err: describeError(err, this.deps.options.token), delayMs },
            'telegram 409 Conflict: another consumer uses this token outside the lease, or a webhook is set',
          );
          await abortableSleep(delayMs, signal);
          continue;
        }
        failures += 1;
        const delayMs =
          err instanceof GrammyError && err.error_code === 429
            ? (err.parameters.retry_after ?? 1) * 1000
            : backoff(polling.retryBaseMs, polling.retryMaxMs, failures);
        this.log.warn({ err: describeError(err, this.deps.options.token), delayMs }, 'getUpdates failed');
        await abortableSleep(delayMs, signal);
        continue;
      }
      failures = 0;
      conflicts = 0;
      for (const update of updates) {
        if (!(await this.handle(update, lease, signal))) return;
        this.offset = update.update_id + 1;
      }
      if (updates.length === 0) await abortableSleep(polling.emptyPollDelayMs, signal);
    }
  }

  /** `getMe` and `deleteWebhook` (a webhook makes every `getUpdates` a 409). False if stopped. */
  private async prepare(signal: AbortSignal): Promise<boolean> {
    const { bot, options } = this.deps;
    for (let failures = 1; !signal.aborted; failures += 1) {
      try {
        await bot.init(forGrammy(signal));
        await bot.api.deleteWebhook({ drop_pending_updates: false }, forGrammy(signal));
        return true;
      } catch (err) {
        if (signal.aborted) return false;
        if (err instanceof GrammyError && err.error_code === 401) throw tokenRefused();
        const delayMs = backoff(options.polling.retryBaseMs, options.polling.retryMaxMs, failures);
        this.log.warn({ err: describeError(err, options.token), delayMs }, 'telegram start-up call failed');
        await abortableSleep(delayMs, signal);
      }
    }
    return false;
  }

  /**
   * Runs the bot's middleware on one update until it succeeds. Errors that may pass (ingress
   * or Redis down, a download that timed out) are retried with back-off, at most
   * `maxUpdateAttempts` times, while this process holds the lease; returning false leaves the
   * update unconfirmed for the next holder. An error that can never pass (a defect, or
   * `retryable: false`) is logged and the update is skipped at once, and so is an update out of
   * attempts: one bad update never blocks every chat behind it.
   */
  private async handle(update: Update, lease: Lease, signal: AbortSignal): Promise<boolean> {
    const { polling, token } = this.deps.options;
    for (let failures = 1; ; failures += 1) {
      try {
        await this.deps.bot.handleUpdate(update);
        return true;
      } catch (err) {
        const cause = err instanceof BotError ? err.error : err;
        const log = this.log.child({ updateId: update.update_id, err: describeError(cause, token) });
        if (!isTransient(cause)) {
          log.error('telegram update cannot be processed; skipped');
          return true;
        }
        if (failures >= polling.maxUpdateAttempts) {
          log.error({ attempts: failures }, 'telegram update still failing; given up, polling goes on');
          return true;
        }
        const delayMs = backoff(polling.retryBaseMs, polling.retryMaxMs, failures);
        log.warn({ delayMs }, 'telegram update failed; retrying');
        await abortableSleep(delayMs, signal);
        if (signal.aborted || !lease.isHeld) return false;
      }
    }
  }

  /**
   * Tells Telegram that everything below `offset` was handled, so the next holder does not get
   * those updates again (ingress would drop them as duplicates anyway). Best effort.
   */
  private async confirmOffset(): Promise<void> {
    if (this.offset === 0) return;
    try {
      await this.deps.bot.api.getUpdates({ offset: this.offset, limit: 1, timeout: 0 });
    } catch (err) {
      this.log.warn({ err: describeError(err, this.deps.options.token) }, 'confirming the offset failed');
    }
  }

  private setState(state: PollerState): void {
    if (this.current === state || this.current === 'stopped') return;
    this.current = state;
    this.deps.onStateChange?.(state);
  }
}

/**
 * grammY types its signals with the `abort-controller` polyfill but only checks for
 * `addEventListener` at run time, so Node's own `AbortSignal` works; this cast says so once.
 */
function forGrammy(signal: AbortSignal): Parameters<Bot['init']>[0] {
  return signal as unknown as Parameters<Bot['init']>[0];
}

function tokenRefused(): ConfigError {
  return new ConfigError('telegram refused the bot token (401): check TELEGRAM_BOT_TOKEN with @BotFather');
}
