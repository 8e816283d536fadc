import { duplicateClient, type RedisClient } from '../../core/redis-client';
import type { RedisKeys } from '../../core/redis-keys';

/** What the page receives: a reply (kept, replayed on reconnect) or a typing signal (live only). */
export type FeedEvent =
  | {
      kind: 'reply';
      /** The stream entry id: the page's `Last-Event-ID` after a reconnect. */
      id: string;
      replyId: string;
      text: string;
      at: string;
      buttons?: { nonce: string; yesLabel: string; noLabel: string };
      closesPrompt?: boolean;
      /** A file with the reply (a boleto's PDF): the page offers it as a download. */
      document?: { fileName: string; mimeType: string; base64: string };
    }
  | {
      /** What the person sent from a page: shown again after a reload, and on their other tabs. */
      kind: 'said';
      id: string;
      messageId: string;
      text: string;
      at: string;
    }
  | { kind: 'typing' };

type Kept = Exclude<FeedEvent, { kind: 'typing' }>;

/** Replies kept per chat for a page that reconnects, and how long a silent chat keeps them. */
const KEPT_REPLIES = 200;
const KEPT_FOR_SEC = 24 * 3600;

/**
 * The replies of each web chat, shared by every web process through Redis: the sender appends a
 * reply to the chat's stream and publishes it; each web process holds one subscriber connection
 * and hands what arrives to the pages connected to it. A page that reconnects (a network blip, a
 * reload) reads what it missed from the stream, so no reply is lost between processes.
 */
export class ChatFeed {
  private subscriber: RedisClient | undefined;
  private readonly listeners = new Map<string, Set<(event: FeedEvent) => void>>();

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  /** Called by the sender (any web process) for each reply. */
  async publishReply(
    chatId: string,
    reply: Omit<Extract<Kept, { kind: 'reply' }>, 'kind' | 'id'>,
  ): Promise<void> {
    await this.keep(chatId, { kind: 'reply', ...reply });
  }

  /** Called when a page sent a message that ingress accepted. */
  async publishSaid(
    chatId: string,
    said: Omit<Extract<Kept, { kind: 'said' }>, 'kind' | 'id'>,
  ): Promise<void> {
    await this.keep(chatId, { kind: 'said', ...said });
  }

  private async keep(chatId: string, event: Omit<Kept, 'id'>): Promise<void> {
    const { stream, channel } = this.keys.webChat(chatId);
    const id = await this.redis.xadd(
      stream,
      'MAXLEN',
      '~',
      String(KEPT_REPLIES),
      '*',
      'event',
      JSON.stringify(event),
    );
    await this.redis.expire(stream, KEPT_FOR_SEC);
    await this.redis.publish(channel, JSON.stringify({ ...event, id }));
  }

  async publishTyping(chatId: string): Promise<void> {
    await this.redis.publish(this.keys.webChat(chatId).channel, JSON.stringify({ kind: 'typing' }));
  }

  /** What was said after `afterId` (or the latest of it when a page opens without one). */
  async history(chatId: string, afterId: string | undefined): Promise<FeedEvent[]> {
    const { stream } = this.keys.webChat(chatId);
    const entries = afterId
      ? await this.redis.xrange(stream, `(${afterId}`, '+', 'COUNT', KEPT_REPLIES)
      : (await this.redis.xrevrange(stream, '+', '-', 'COUNT', 50)).reverse();
    return entries.flatMap(([id, fields]) => {
      const body = fields[1];
      return body === undefined ? [] : [{ ...(JSON.parse(body) as Omit<Kept, 'id'>), id } as FeedEvent];
    });
  }

  /** Listens to one chat's live events; returns the function that stops listening. */
  async listen(chatId: string, listener: (event: FeedEvent) => void): Promise<() => Promise<void>> {
    const channel = this.keys.webChat(chatId).channel;
    const subscriber = await this.subscriberConnection();
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await subscriber.subscribe(channel);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      await subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber?.disconnect();
    this.subscriber = undefined;
  }

  private async subscriberConnection(): Promise<RedisClient> {
    if (this.subscriber) return this.subscriber;
    const subscriber = duplicateClient(this.redis);
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.listeners.get(channel);
      if (!listeners) return;
      const event = JSON.parse(message) as FeedEvent;
      for (const listener of listeners) listener(event);
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}
