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
  private readonly waiting = new Map<
    string,
    { replies: OutboundMessage[]; settle: NodeJS.Timeout | undefined; done: (r: OutboundMessage[]) => void }
  >();

  constructor(
    private readonly ingress: Ingress,
    private readonly externalUserId: string,
    private readonly onReply: (reply: OutboundMessage) => void,
    private readonly options: { settleMs?: number; timeoutMs?: number } = {},
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
    const replies = await new Promise<OutboundMessage[]>((resolve) => {
      const entry = {
        replies: [] as OutboundMessage[],
        settle: undefined as NodeJS.Timeout | undefined,
        done: resolve,
      };
      this.waiting.set(outcome.correlationId, entry);
      setTimeout(() => this.finish(outcome.correlationId), this.options.timeoutMs ?? 30_000).unref();
    });
    return { outcome, replies };
  }

  async send(message: OutboundMessage): Promise<void> {
    if (message.kind !== 'text') return;
    this.onReply(message);
    const entry = this.waiting.get(message.correlationId);
    if (!entry) return;
    entry.replies.push(message);
    if (entry.settle) clearTimeout(entry.settle);
    // A turn's replies are queued together; a short quiet period means the turn is complete.
    entry.settle = setTimeout(() => this.finish(message.correlationId), this.options.settleMs ?? 150);
  }

  private finish(correlationId: string): void {
    const entry = this.waiting.get(correlationId);
    if (!entry) return;
    this.waiting.delete(correlationId);
    if (entry.settle) clearTimeout(entry.settle);
    entry.done(entry.replies);
  }
}
