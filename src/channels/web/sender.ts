import type { ChannelSender } from '../../core/channel';
import type { OutboundMessage } from '../../core/messages';
import type { ChatFeed } from './chat-feed';

/**
 * Sends the pipeline's replies to web chats: each goes onto its chat's feed, which every web
 * process relays to the pages open on that chat. The outbound worker calls it once per reply.
 */
export class WebChatSender implements ChannelSender {
  constructor(
    private readonly feed: ChatFeed,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: OutboundMessage): Promise<void> {
    if (message.kind === 'typing') return this.feed.publishTyping(message.chatId);
    await this.feed.publishReply(message.chatId, {
      replyId: message.id,
      text: message.text,
      at: this.now().toISOString(),
      ...(message.buttons ? { buttons: message.buttons } : {}),
      ...(message.closesPrompt ? { closesPrompt: true } : {}),
      ...(message.document ? { document: message.document } : {}),
    });
  }
}
