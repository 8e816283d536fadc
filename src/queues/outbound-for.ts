import type { OutboundMessageInput } from '../core/messages';
import type { InboundMessage } from './payloads';

/**
 * A reply (or a typing indicator) to an inbound message, addressed back to where it came from.
 * Its id is the message's id plus `suffix`, so a retried turn produces the same ids.
 */
export function outboundFor(
  message: InboundMessage,
  suffix: string,
  fields: Partial<Pick<OutboundMessageInput, 'text' | 'buttons' | 'kind' | 'closesPrompt' | 'interim'>>,
): OutboundMessageInput {
  return {
    id: `${message.id}:${suffix}`,
    channel: message.channel,
    account: message.account,
    chatId: message.chatId,
    tenantId: message.tenantId,
    conversationId: message.conversationId,
    correlationId: message.correlationId,
    ...fields,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}
