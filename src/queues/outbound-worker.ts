import { DelayedError, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { RedisClient } from '../core/redis-client';
import type { Logger } from 'pino';
import type { ChannelSender } from '../core/channel';
import { ChannelRateLimitedError, IrisError } from '../core/errors';
import { outboundMessageSchema, type Channel, type OutboundMessage } from '../core/messages';
import type { RedisKeys } from '../core/redis-keys';
import { outboundQueueName } from './names';
import { CHAT_SEQUENCE_TTL_SEC } from './outbox';
import { runLua } from '../core/redis-script';
import { rideOut } from '../core/ride-out';

/** A sent reply's id is remembered this long, so a retried job never sends it twice. */
const SENT_TTL_SEC = 24 * 3600;

export interface OutboundWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  redis: RedisClient;
  keys: RedisKeys;
  channel: Channel;
  account: string;
  sender: ChannelSender;
  logger: Logger;
  concurrency?: number;
  /** Extra BullMQ worker options (a channel-wide rate limiter, for example). */
  limiter?: { max: number; duration: number };
}

/**
 * Sends a channel's replies. Runs in the process that owns the channel (the socket or the bot).
 * A reply already marked sent is skipped; a platform's "slow down" pauses the whole queue for
 * the time it asked and retries the reply.
 */
/**
 * A chat's replies go out in the order they were queued (`seq`), even with concurrency: a reply
 * waits while an earlier one of the same chat is unsent. A reply queued again keeps its place
 * (`core/lua/reply-place.lua`); a predecessor that still never shows up (a place taken by a
 * reply whose retried turn said something else, or whose job was lost) is waited for at most
 * `MAX_ORDER_WAIT_MS`, then skipped.
 */
const MAX_ORDER_WAIT_MS = 10_000;

/**
 * A reply that must wait checks again after this long for each reply still ahead of it (each
 * needs a send of its own), at most `ORDER_RECHECK_MAX_MS`. A fixed short wait made a burst of k
 * replies to one chat (an owner's notices) cost about k²/2 checks, three round trips each.
 */
const ORDER_RECHECK_PER_REPLY_MS = 50;
const ORDER_RECHECK_MAX_MS = 1_000;

/**
 * Whether the reply already went out, and whether it is its turn: every earlier reply of its
 * chat is done, or it waited long enough. One round trip (a script over the chat's keys).
 */
async function beforeSend(
  deps: OutboundWorkerDeps,
  message: OutboundMessage,
  queuedAt: number,
): Promise<{ sent: boolean; itsTurn: boolean; ahead: number }> {
  const [sent, done] = (await runLua(deps.redis, 'reply-before-send', [
    deps.keys.sent(message, message.id),
    deps.keys.chatSequence(message, 'sent'),
  ])) as [number, number];
  const ahead = message.seq === undefined ? 0 : Math.max(0, message.seq - done - 1);
  const itsTurn = ahead === 0 || Date.now() - queuedAt > MAX_ORDER_WAIT_MS;
  return { sent: sent === 1, itsTurn, ahead };
}

/** Records that this chat's replies up to `seq` are done (sent, or given up). */
async function markInOrder(deps: OutboundWorkerDeps, message: OutboundMessage): Promise<void> {
  if (message.seq === undefined) return;
  await runLua(
    deps.redis,
    'raise-counter',
    [deps.keys.chatSequence(message, 'sent')],
    [String(message.seq), String(CHAT_SEQUENCE_TTL_SEC)],
  );
}

/**
 * Records that a reply went out and that its chat's replies are done up to it, in one round
 * trip. The platform already has it: if this write failed the job would be retried and the
 * person would get the reply twice, so a Redis outage (a failover, a restart) is ridden out
 * here, for up to 30 s, instead of failing the job.
 */
async function rememberSent(deps: OutboundWorkerDeps, message: OutboundMessage): Promise<void> {
  await rideOut(
    () =>
      runLua(
        deps.redis,
        'reply-sent',
        [deps.keys.sent(message, message.id), deps.keys.chatSequence(message, 'sent')],
        [SENT_TTL_SEC, message.seq ?? '', CHAT_SEQUENCE_TTL_SEC],
      ),
    REMEMBER_SENT_FOR_MS,
    (error, retryInMs) =>
      deps.logger.warn({ err: error, retryInMs }, 'reply sent but not yet recorded as sent; retrying'),
  );
}

const REMEMBER_SENT_FOR_MS = 30_000;

export function startOutboundWorker(deps: OutboundWorkerDeps): Worker {
  const worker: Worker = new Worker(
    outboundQueueName(deps.channel, deps.account),
    async (job, token) => {
      const message = outboundMessageSchema.parse(job.data);
      if (message.kind === 'typing') {
        // A typing indicator is worth nothing late: one try, never a retry.
        await deps.sender
          .send(message)
          .catch((error: unknown) => deps.logger.debug({ err: error }, 'typing indicator not shown'));
        return 'typing';
      }
      const before = await beforeSend(deps, message, job.timestamp);
      if (before.sent) {
        await markInOrder(deps, message);
        return 'already-sent';
      }
      if (!before.itsTurn) {
        // An earlier reply of this chat is still on its way: wait for it, never overtake it.
        const wait = Math.min(ORDER_RECHECK_PER_REPLY_MS * before.ahead, ORDER_RECHECK_MAX_MS);
        await job.moveToDelayed(Date.now() + wait, token);
        throw new DelayedError();
      }
      try {
        await deps.sender.send(message);
      } catch (error) {
        if (error instanceof ChannelRateLimitedError) {
          await worker.rateLimit(error.retryAfterMs);
          throw Worker.RateLimitError();
        }
        // A refusal that no retry can change (WhatsApp: the chat never wrote first) ends here,
        // and the chat's next replies go on.
        if (error instanceof IrisError && !error.retryable) {
          await markInOrder(deps, message);
          throw new UnrecoverableError(error.message);
        }
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await markInOrder(deps, message);
        throw error;
      }
      await rememberSent(deps, message);
      return 'sent';
    },
    {
      connection: deps.connection,
      prefix: deps.prefix,
      concurrency: deps.concurrency ?? 8,
      ...(deps.limiter ? { limiter: deps.limiter } : {}),
    },
  );
  worker.on('failed', (job, error) =>
    deps.logger.error(
      { err: error, jobId: job?.id, attempts: job?.attemptsMade, correlationId: job?.data?.correlationId },
      'reply not sent',
    ),
  );
  worker.on('error', (error) => deps.logger.error({ err: error }, 'outbound worker error'));
  return worker;
}
