/**
 * Every Redis key Iris writes, in one place. Keys of one conversation share a hash tag
 * (`{conversationId}`) so a Lua script touching several of them stays valid on Redis Cluster.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  mailbox(conversationId: string): string {
    return `${this.prefix}:conv:{${conversationId}}:mailbox`;
  }
  conversationLock(conversationId: string): string {
    return `${this.prefix}:conv:{${conversationId}}:lock`;
  }
  conversationState(conversationId: string): string {
    return `${this.prefix}:conv:{${conversationId}}:state`;
  }
  /** The pending confirmation (docs/specification.md#confirmation), one per conversation, TTL 300 s. */
  pendingConfirmation(tenantId: string, conversationId: string): string {
    return `${this.prefix}:conv:{${conversationId}}:confirm:${tenantId}`;
  }
  transcript(messageId: string): string {
    return `${this.prefix}:transcript:${messageId}`;
  }
  audio(key: string): string {
    return `${this.prefix}:audio:${key}`;
  }
  /** Conversations with messages waiting, scored by when the oldest was pushed (the sweeper). */
  activeMailboxes(): string {
    return `${this.prefix}:mailboxes`;
  }
  dedupe(channel: string, account: string, platformMessageId: string): string {
    return `${this.prefix}:dedupe:${channel}:${account}:${platformMessageId}`;
  }
  unknownUserNotice(channel: string, externalUserId: string): string {
    return `${this.prefix}:unknown:${channel}:${externalUserId}`;
  }
  sent(replyId: string): string {
    return `${this.prefix}:sent:${replyId}`;
  }
  cache(name: string): string {
    return `${this.prefix}:cache:${name}`;
  }
  /** Counters every process adds to and the web process exports (a hash: field = sample). */
  metrics(): string {
    return `${this.prefix}:metrics`;
  }
}
