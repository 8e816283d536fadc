import type { PrismaClient } from './prisma/client';

export interface UserChatAddress {
  userId: string;
  channel: string;
  account: string;
  chatId: string;
}

/** Entries kept per process before the memory of what was written starts over. */
const MAX_KNOWN = 50_000;

/**
 * Where each user was last reached in a chat of their own (`user_chats`), for the notices Iris
 * sends first (a boleto paid). A turn tells it the chat of every message not said in a group;
 * it writes only when the address changed since this process last wrote it, so a conversation
 * costs one statement per process, not one per message.
 */
export class UserChatStore {
  private readonly written = new Map<string, string>();

  constructor(private readonly db: PrismaClient) {}

  async remember(chat: UserChatAddress): Promise<void> {
    const key = `${chat.userId}\n${chat.channel}`;
    const address = `${chat.account}\n${chat.chatId}`;
    if (this.written.get(key) === address) return;
    await this.db.userChat.upsert({
      where: { userId_channel: { userId: chat.userId, channel: chat.channel } },
      create: chat,
      update: { account: chat.account, chatId: chat.chatId },
    });
    if (this.written.size >= MAX_KNOWN) this.written.clear();
    this.written.set(key, address);
  }

  /** The chat each of these users was reached in most recently. */
  async latest(userIds: readonly string[]): Promise<Map<string, UserChatAddress>> {
    const rows = await this.db.userChat.findMany({
      where: { userId: { in: [...userIds] } },
      orderBy: { updatedAt: 'desc' },
    });
    const latest = new Map<string, UserChatAddress>();
    for (const row of rows) if (!latest.has(row.userId)) latest.set(row.userId, row);
    return latest;
  }
}
