/**
 * Every Redis key the WhatsApp adapter writes, in one place: `<prefix>:wa:<account>:...`.
 * A test passes its own prefix; production passes `IRIS_PREFIX`.
 */
export interface WhatsappKeys {
  /** Marker: this chat wrote to us recently, so we may write to it. */
  contact(chatId: string): string;
  /** A reply id already sent (or being sent): the idempotency record. */
  reply(replyId: string): string;
  /** A message we sent, kept for Baileys' `getMessage` (retry requests). */
  sentMessage(waMessageId: string): string;
  /** Rate limiting: next free slot of one chat, and the account's schedule. */
  chatSlot(chatId: string): string;
  accountSlot(): string;
}

export function whatsappKeys(prefix: string, account: string): WhatsappKeys {
  const base = `${prefix}:wa:${account}`;
  return {
    contact: (chatId) => `${base}:contact:${chatId}`,
    reply: (replyId) => `${base}:reply:${replyId}`,
    sentMessage: (waMessageId) => `${base}:msg:${waMessageId}`,
    chatSlot: (chatId) => `${base}:rl:chat:${chatId}`,
    accountSlot: () => `${base}:rl:account`,
  };
}
