import { randomUUID } from 'node:crypto';
import type { ChannelSender, Ingress, IngressOutcome } from '../../core/channel';
import type { InboundContent, OutboundMessage } from '../../core/messages';

/**
 * The local chat as a channel: lines typed in a terminal become envelopes through the same
 * ingress Telegram and WhatsApp use, and replies come back through a console outbound queue.
 */
export class ConsoleChannel implements ChannelSender {
  readonly account = randomUUID();
  private seq = 0;
  private readonly waiting = new Map<string, (replies: OutboundMessage[]) => void>();
  /** Replies that arrived before their message's correlation id was known to the caller. */
  private readonly early = new Map<string, OutboundMessage>();

  constructor(
    private readonly ingress: Ingress,
    private readonly externalUserId: string,
    private readonly onReply: (reply: OutboundMessage) => void,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  get chatId(): string {
    return `console:${this.account}`;
  }

  /** Sends a line and resolves with the replies of its turn (those with its correlation id). */
  async say(text: string): Promise<{ outcome: IngressOutcome; replies: OutboundMessage[] }> {
    return this.sendContent({ type: 'text', text });
  }

  /** Sends any content (audio, a button press...) and resolves with the replies of its turn. */
  async sendContent(
    content: InboundContent,
  ): Promise<{ outcome: IngressOutcome; replies: OutboundMessage[] }> {
    const outcome = await this.ingress.handle({
      channel: 'console',
      account: this.account,
      platformMessageId: `${this.account}-${++this.seq}`,
      externalUserId: this.externalUserId,
      chatId: this.chatId,
      sentAt: new Date().toISOString(),
      content,
    });
    if (outcome.status !== 'queued') return { outcome, replies: [] };
    const early = this.early.get(outcome.correlationId);
    if (early) {
      this.early.delete(outcome.correlationId);
      return { outcome, replies: [early] };
    }
    const replies = await new Promise<OutboundMessage[]>((resolve) => {
      this.waiting.set(outcome.correlationId, resolve);
      setTimeout(() => this.finish(outcome.correlationId, []), this.options.timeoutMs ?? 30_000).unref();
    });
    return { outcome, replies };
  }

  async send(message: OutboundMessage): Promise<void> {
    if (message.kind !== 'text') return;
    this.onReply(message);
    // A note that the answer is delayed is shown, and the turn's answer is still awaited.
    if (message.interim) return;
    // A turn answers with one message. It may arrive before ingress returned its correlation id.
    if (this.waiting.has(message.correlationId)) this.finish(message.correlationId, [message]);
    else {
      this.early.set(message.correlationId, message);
      if (this.early.size > 1_000) this.early.delete(this.early.keys().next().value!);
    }
  }

  private finish(correlationId: string, replies: OutboundMessage[]): void {
    const resolve = this.waiting.get(correlationId);
    if (!resolve) return;
    this.waiting.delete(correlationId);
    resolve(replies);
  }
}
