import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ChannelSender } from '../core/channel';
import { ChannelRateLimitedError, IrisError } from '../core/errors';
import { outboundMessageSchema, type Channel } from '../core/messages';
import type { RedisKeys } from '../stores/keys';
import { outboundQueueName } from './names';

/** A sent reply's id is remembered this long, so a retried job never sends it twice. */
const SENT_TTL_SEC = 24 * 3600;

export interface OutboundWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  redis: Redis;
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
export function startOutboundWorker(deps: OutboundWorkerDeps): Worker {
  const worker: Worker = new Worker(
    outboundQueueName(deps.channel, deps.account),
    async (job) => {
      const message = outboundMessageSchema.parse(job.data);
      if (message.kind === 'typing') {
        // A typing indicator is worth nothing late: one try, never a retry.
        await deps.sender
          .send(message)
          .catch((error: unknown) => deps.logger.debug({ err: error }, 'typing indicator not shown'));
        return 'typing';
      }
      const sentKey = deps.keys.sent(message.id);
      if (await deps.redis.exists(sentKey)) return 'already-sent';
      try {
        await deps.sender.send(message);
      } catch (error) {
        if (error instanceof ChannelRateLimitedError) {
          await worker.rateLimit(error.retryAfterMs);
          throw Worker.RateLimitError();
        }
        // A refusal that no retry can change (WhatsApp: the chat never wrote first) ends here.
        if (error instanceof IrisError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      }
      await deps.redis.set(sentKey, '1', 'EX', SENT_TTL_SEC);
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
