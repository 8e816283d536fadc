import { setTimeout as sleep } from 'node:timers/promises';
import type { Ingress } from '../../src/core/channel';
import type { OutboundMessage } from '../../src/core/messages';

/** What happened to one message the platform delivered. */
export interface Exchange {
  chatId: string;
  text: string;
  /** Iris' id of the message (undefined when no delivery's answer said "queued": it was lost). */
  correlationId: string | undefined;
  /** When the first delivery was attempted (ms since epoch). */
  sentAt: number;
  reply: OutboundMessage | undefined;
  ms: number;
  /** Until the person saw anything: a note that the answer is delayed, else the answer. */
  firstResponseMs: number;
  /** Until ingress took the message (the rest of `ms` it spent in Iris). */
  acceptedMs: number | undefined;
}

/**
 * A messaging platform as the chaos suite plays it: every message is delivered twice (a
 * webhook retried, a reconnecting socket replaying), and a delivery that fails — ingress could
 * not reach Redis or PostgreSQL — is delivered again until Iris accepts it, as Telegram does
 * with a webhook that did not answer 200. Replies come back through a sender and are matched to
 * the message by chat (one message in flight per chat, as a person waits for the answer).
 */
export class Platform {
  readonly replies: OutboundMessage[] = [];
  /** Replies that arrived when nothing was waiting on their chat: a second answer, or a late one. */
  readonly strayReplies: OutboundMessage[] = [];
  deliveries = 0;
  redeliveries = 0;
  duplicatesDropped = 0;
  private readonly waiting = new Map<string, (reply: OutboundMessage) => void>();
  private readonly answered = new Set<string>();
  /** When ingress first took each message, by platform message id. */
  private readonly acceptedAt = new Map<string, number>();
  /** Why ingress refused deliveries (the error's first line), with how often. */
  readonly ingressErrors = new Map<string, number>();
  /** Notices to the tenant's users (not answers to a message). */
  readonly notices: OutboundMessage[] = [];
  /** When a message's note that its answer is delayed arrived, by correlation id. */
  readonly firstResponseAt = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly ingress: Ingress,
    private readonly account: string,
    private readonly tag: string,
    private readonly options: { replyTimeoutMs: number; giveUpAt: number },
  ) {}

  /** The sender's callback. */
  onReply = async (reply: OutboundMessage): Promise<void> => {
    this.replies.push(reply);
    // A note that the answer is delayed: the first response the person saw, not the answer.
    if (reply.interim) {
      if (!this.firstResponseAt.has(reply.correlationId))
        this.firstResponseAt.set(reply.correlationId, Date.now());
      return;
    }
    // Not an answer either: a notice Iris sends on its own (a new boleto's PDF goes to each of
    // the tenant's owners, in the chat they last wrote from).
    if (reply.noticeToUser) {
      this.notices.push(reply);
      return;
    }
    const waiter = this.waiting.get(reply.chatId);
    // A message already answered that answers again is a stray, whatever is waiting now.
    if (!waiter || this.answered.has(reply.correlationId)) {
      this.strayReplies.push(reply);
      return;
    }
    this.answered.add(reply.correlationId);
    this.waiting.delete(reply.chatId);
    waiter(reply);
  };

  /** Sends `text` as `externalUserId` in `chatId` (twice) and waits for the answer. */
  async exchange(externalUserId: string, chatId: string, text: string): Promise<Exchange> {
    const platformMessageId = `${this.tag}-${++this.seq}`;
    const sentAt = Date.now();
    const envelope = {
      channel: 'console' as const,
      account: this.account,
      platformMessageId,
      externalUserId,
      chatId,
      sentAt: new Date(sentAt).toISOString(),
      content: { type: 'text' as const, text },
    };
    const answered = new Promise<OutboundMessage | undefined>((resolve) => {
      this.waiting.set(chatId, resolve);
      const wait = Math.max(0, Math.min(this.options.replyTimeoutMs, this.options.giveUpAt - Date.now()));
      setTimeout(() => {
        if (this.waiting.get(chatId) === resolve) this.waiting.delete(chatId);
        resolve(undefined);
      }, wait).unref();
    });
    const [first, second] = await Promise.all([
      this.deliver(envelope),
      sleep(Math.floor(Math.random() * 300)).then(() => this.deliver(envelope)),
    ]);
    const reply = await answered;
    const ms = Date.now() - sentAt;
    const correlationId = first ?? second;
    const noted = correlationId === undefined ? undefined : this.firstResponseAt.get(correlationId);
    const firstResponseMs = noted === undefined ? ms : Math.min(ms, noted - sentAt);
    const accepted = this.acceptedAt.get(platformMessageId);
    const acceptedMs = accepted === undefined ? undefined : accepted - sentAt;
    return { chatId, text, correlationId, sentAt, reply, ms, firstResponseMs, acceptedMs };
  }

  /** One delivery, repeated until ingress answers; returns the correlation id when queued. */
  private async deliver(envelope: Parameters<Ingress['handle']>[0]): Promise<string | undefined> {
    this.deliveries++;
    for (;;) {
      try {
        const outcome = await this.ingress.handle(envelope);
        if (outcome.status === 'queued') {
          this.acceptedAt.set(envelope.platformMessageId, Date.now());
          return outcome.correlationId;
        }
        if (outcome.status === 'duplicate') this.duplicatesDropped++;
        return undefined;
      } catch (error) {
        const text = error instanceof Error ? error.message || error.name : String(error);
        const why = text.split('\n')[0]!.slice(0, 80);
        this.ingressErrors.set(why, (this.ingressErrors.get(why) ?? 0) + 1);
        if (Date.now() > this.options.giveUpAt) return undefined;
        this.redeliveries++;
        await sleep(250);
      }
    }
  }
}
