import type { OutboundMessageInput } from '../core/messages';
import type { UserChatAddress } from '../stores/user-chat-store';
import { conversationIdFor } from './ingress';

/**
 * A message Iris sends a person on its own (a boleto notice to an owner, a síndico's notice to a
 * resident) to the chat they last wrote from. Its id is the caller's, built from what it
 * carries, so a hand-over repeated after a failed commit is sent once.
 */
export function noticeToUser(
  chat: UserChatAddress,
  notice: {
    id: string;
    tenantId: string;
    userId: string;
    correlationId: string;
    text: string;
    document?: OutboundMessageInput['document'];
  },
): OutboundMessageInput {
  return {
    id: notice.id,
    channel: chat.channel as never,
    account: chat.account,
    chatId: chat.chatId,
    tenantId: notice.tenantId,
    conversationId: conversationIdFor(notice.tenantId, chat.channel, chat.chatId, notice.userId),
    correlationId: notice.correlationId,
    text: notice.text,
    noticeToUser: true as const,
    ...(notice.document ? { document: notice.document } : {}),
  };
}
