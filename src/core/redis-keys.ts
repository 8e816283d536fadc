/**
 * Every Redis key Iris writes, in one place (BullMQ's own keys aside: it builds them from the
 * same prefix, `src/queues/names.ts`). The channels' keys are here too, under
 * `<prefix>:telegram:<bot>` and `<prefix>:wa:<account>`.
 *
 * Redis Cluster: every Lua script and MULTI must touch keys of one hash slot. So the keys one
 * script reads together share a hash tag: a conversation's (`{conversationId}`: mailbox, lock,
 * state, confirmation and the dedupe marks of the messages pushed to it), a chat's (`{channel:
 * account:chat}`: its reply counters, its replies' places and sent marks), a held sender's
 * (`intake`), a tenant's model-call counters (`{tenantId}`) and a WhatsApp account's send
 * schedules (`{account}`). Every other key is used alone and spreads over the slots;
 * `tests/unit/redis-key-slots.test.ts` checks each script's keys.
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
  /**
   * Set while the process `holderId` runs (a short TTL it renews): its conversation locks are
   * broken as soon as it is gone (`stores/lock-holders.ts`).
   */
  lockHolder(holderId: string): string {
    return `${this.prefix}:holder:${holderId}`;
  }
  /** Conversations with messages waiting, scored by when the oldest was pushed (the sweeper). */
  activeMailboxes(): string {
    return `${this.prefix}:mailboxes`;
  }
  /** A platform message seen outside any conversation (an invite link, an unknown sender). */
  dedupe(channel: string, account: string, platformMessageId: string): string {
    return `${this.prefix}:dedupe:${channel}:${account}:${platformMessageId}`;
  }
  /**
   * A platform message pushed to this conversation's mailbox: set by the push itself, in the
   * same script, so it lives in the conversation's slot.
   */
  conversationDedupe(
    conversationId: string,
    channel: string,
    account: string,
    platformMessageId: string,
  ): string {
    return `${this.prefix}:conv:{${conversationId}}:dedupe:${channel}:${account}:${platformMessageId}`;
  }
  /**
   * Messages of one sender held while PostgreSQL could not say who they are (`stores/intake-store.ts`):
   * `list` the messages in order, `seen` their platform ids, `lock` the drainer working on them.
   */
  intake(sender: string): { list: string; seen: string; lock: string } {
    const base = `${this.prefix}:intake:{${sender}}`;
    return { list: `${base}:list`, seen: `${base}:seen`, lock: `${base}:lock` };
  }
  /** Senders with held messages, each scored by a counter raised at every hold (the drainers read it). */
  intakeWaiting(): string {
    return `${this.prefix}:intake:waiting`;
  }
  unknownUserNotice(channel: string, externalUserId: string): string {
    return `${this.prefix}:unknown:${channel}:${externalUserId}`;
  }
  /** A reply that went out (the sender's idempotency mark), beside its chat's counters. */
  sent(m: { channel: string; account: string; chatId: string }, replyId: string): string {
    return `${this.prefix}:chat:{${chatTag(m)}}:sent:${replyId}`;
  }
  /** A message queued at most once (`Outbox.sendOnce`). */
  queuedOnce(messageId: string): string {
    return `${this.prefix}:once:${messageId}`;
  }
  cache(name: string): string {
    return `${this.prefix}:cache:${name}`;
  }
  /** Counters every process adds to and the web process exports (a hash: field = sample). */
  metrics(): string {
    return `${this.prefix}:metrics`;
  }
  /** The platform's AI switch: present while an operator has turned AI off (`npm run iris -- ai off`). */
  aiOff(): string {
    return `${this.prefix}:ai:off`;
  }
  /**
   * Model calls counted in one minute window (`stores/model-call-limiter.ts`): the tenant's, or
   * one of its users'. Both under the tenant's hash tag, so one script counts a call in both.
   */
  modelCalls(tenantId: string, minute: number, userId?: string): string {
    const who = userId === undefined ? 'tenant' : `user:${userId}`;
    return `${this.prefix}:ai:calls:{${tenantId}}:${who}:${minute}`;
  }
  /** One person's calls of one tool in one minute window (`stores/tool-call-limiter.ts`). */
  toolCalls(userId: string, tool: string, minute: number): string {
    return `${this.prefix}:tools:calls:${userId}:${tool}:${minute}`;
  }
  /** Model calls of one time bucket, every process' (`stores/model-call-stats.ts`). */
  modelCallBucket(bucket: number): string {
    return `${this.prefix}:ai:stats:${bucket}`;
  }
  /** The estimated cost of one UTC day's model calls, USD. */
  modelCostDay(day: string): string {
    return `${this.prefix}:ai:cost:${day}`;
  }
  /** The AI alerts firing now (a hash: alert name -> since when, severity). */
  activeAlerts(): string {
    return `${this.prefix}:alerts:active`;
  }
  /** A lease: one holder at a time among processes (core/lease.ts). */
  lease(name: string): string {
    return `${this.prefix}:lease:${name}`;
  }
  /** The counters of a chat's replies: how many were queued and how many sent in order. */
  chatSequence(m: { channel: string; account: string; chatId: string }, kind: 'queued' | 'sent'): string {
    return `${this.prefix}:chat:{${chatTag(m)}}:seq:${kind}`;
  }
  /** The place each recent reply of a chat took in its order (a sorted set: reply id by place). */
  chatReplyPlaces(m: { channel: string; account: string; chatId: string }): string {
    return `${this.prefix}:chat:{${chatTag(m)}}:seq:places`;
  }
  /** The keys of one Telegram bot (by the hash of its token): `:pace:<chat>`, `:sent:<reply>`. */
  telegramBot(botId: string): string {
    return `${this.prefix}:telegram:${botId}`;
  }
  /**
   * The web chat of one browser: `stream` keeps its recent replies (read again when the page
   * reconnects), `channel` is where each new one is published to the web processes.
   */
  webChat(chatId: string): { stream: string; channel: string } {
    return { stream: `${this.prefix}:web:chat:${chatId}`, channel: `${this.prefix}:web:live:${chatId}` };
  }
  /** The keys of one WhatsApp account. */
  whatsapp(account: string): WhatsappKeys {
    const base = `${this.prefix}:wa:${account}`;
    return {
      contact: (chatId) => `${base}:contact:${chatId}`,
      reply: (replyId) => `${base}:reply:${replyId}`,
      sentMessage: (waMessageId) => `${base}:msg:${waMessageId}`,
      quotable: (waMessageId) => `${base}:quote:${waMessageId}`,
      // One script reserves both schedules at once: they share the account's hash tag.
      chatSlot: (chatId) => `${this.prefix}:wa:{${account}}:rl:chat:${chatId}`,
      accountSlot: () => `${this.prefix}:wa:{${account}}:rl:account`,
      statusBoard: () => `${base}:status`,
    };
  }
}

/** The Redis keys of one WhatsApp account. */
export interface WhatsappKeys {
  /** Marker: this chat wrote to us recently, so we may write to it. */
  contact(chatId: string): string;
  /** A reply id already sent (or being sent): the idempotency record. */
  reply(replyId: string): string;
  /** A message we sent, kept for Baileys' `getMessage` (retry requests). */
  sentMessage(waMessageId: string): string;
  /** A group message kept for a while, so that the reply can quote it. */
  quotable(waMessageId: string): string;
  /** Rate limiting: next free slot of one chat, and the account's schedule. */
  chatSlot(chatId: string): string;
  accountSlot(): string;
  /** Each whatsapp process' connection state (a hash: field = process), read by /ready and /metrics. */
  statusBoard(): string;
}

/** A chat's hash tag: the sender reads and writes a reply's mark and its chat's counter in one script. */
function chatTag(m: { channel: string; account: string; chatId: string }): string {
  return `${m.channel}:${m.account}:${m.chatId}`;
}
