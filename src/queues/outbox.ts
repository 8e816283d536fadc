import { RedisKeys } from '../core/redis-keys';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { RedisClient } from '../core/redis-client';
import { outboundMessageSchema, type OutboundMessageInput } from '../core/messages';
import { runLua } from '../core/redis-script';
import { outboundQueueName } from './names';

/** Retries for a reply: a platform that is down for minutes still gets the reply afterwards. */
export const OUTBOUND_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 3_600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;

/**
 * Puts replies on their channel's outbound queue. The job id is the reply's id, which is
 * derived from the inbound message, so a retried turn adds no second job for the same reply,
 * and a reply takes its place in the chat's order once (`core/lua/reply-place.lua`), so a turn
 * retried after a crash leaves no empty place that would hold the chat's next reply back.
 */
export class Outbox {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: ConnectionOptions,
    /** BullMQ's prefix (a hash tag on a cluster). */
    private readonly prefix: string,
    /** For the chats' reply counters. */
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async send(messages: OutboundMessageInput[]): Promise<void> {
    for (const input of messages) {
      const message = outboundMessageSchema.parse(input);
      const queue = this.queue(outboundQueueName(message.channel, message.account));
      if (message.kind === 'text' && message.seq === undefined) {
        message.seq = Number(
          await runLua(
            this.redis,
            'reply-place',
            [this.keys.chatSequence(message, 'queued'), this.keys.chatReplyPlaces(message)],
            [message.id, CHAT_SEQUENCE_TTL_SEC, REPLY_PLACE_TTL_SEC, REPLY_PLACES_KEPT],
          ),
        );
      }
      await queue.add(message.kind, message, { ...OUTBOUND_JOB_OPTIONS, jobId: safeJobId(message.id) });
    }
  }

  /**
   * Queues a message unless one with its id was already queued through here (a mark kept a
   * day): for a message that a retried step would queue again, where the job id alone is not
   * enough (each queuing takes a place in its chat's order, and a place left empty holds the
   * chat's next reply back). The mark comes first: at worst the message is lost, never doubled.
   */
  async sendOnce(input: OutboundMessageInput): Promise<boolean> {
    const first = await this.redis.set(this.keys.queuedOnce(input.id), '1', 'EX', 24 * 3600, 'NX');
    if (first !== 'OK') return false;
    await this.send([input]);
    return true;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/** A chat's reply counter lives this long after its last reply. */
export const CHAT_SEQUENCE_TTL_SEC = 7 * 24 * 3600;

/**
 * How long a chat remembers which place each reply took (after its last reply): longer than a
 * turn's retries and a dead holder's lock, so a retried turn's reply takes its first place.
 */
export const REPLY_PLACE_TTL_SEC = 3600;
/** The most recent places a chat remembers: a retried turn's reply is among them. */
export const REPLY_PLACES_KEPT = 1000;

/** The counters of a chat's replies: how many were queued (`:queued`) and sent in order (`:sent`). */
export function chatSequenceKey(
  prefix: string,
  m: { channel: string; account: string; chatId: string },
  kind: 'queued' | 'sent' = 'queued',
): string {
  return new RedisKeys(prefix).chatSequence(m, kind);
}

/** BullMQ job ids may not contain ':' (its key separator). */
export function safeJobId(id: string): string {
  return id.replace(/:/g, '_');
}
