import type { Logger } from 'pino';
import type { Ingress, IngressOutcome } from '../../core/channel';
import type { InboundContent, InboundEnvelope } from '../../core/messages';
import { intakeAudio } from './audio-intake';
import type { IntakeSpool } from './intake-spool';
import type { QuotableMessages } from './quotable-messages';
import type { FirstContactMarkers } from './first-contact';
import { parseJid, phoneFromJid, type SenderIdentity } from './jid';
import { mapMessage, type AudioLimits, type MapResult } from './map-message';
import type { AudioStore, WhatsappConnection, WhatsappSocket } from './ports';
import type { WaMessage, WaMessagesUpsert } from './wa-types';

export interface InboundDeps {
  account: string;
  ingress: Ingress;
  audioStore: AudioStore;
  markers: FirstContactMarkers;
  audio: AudioLimits;
  /** Send read receipts (blue ticks) for the messages ingress accepted. */
  readReceipts?: boolean;
  /** Group messages kept for the reply to quote them. */
  quotable?: QuotableMessages;
  /** Where a message waits until ingress accepts it (see `intake-spool.ts`). */
  spool: IntakeSpool;
  /** Failed attempts at ingress before each further failure is logged as an error. */
  ingressAttempts: number;
  /** Longest pause between two attempts at ingress. */
  ingressRetryMaxMs?: number;
  logger: Logger;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** What the handler needs from the socket that delivered the messages. */
export interface InboundSocketContext {
  self: { id?: string | null; lid?: string | null };
  connection: Pick<WhatsappConnection, 'downloadMedia' | 'resolvePhoneForLid'> & {
    socket?: Pick<WhatsappSocket, 'readMessages'>;
  };
}

type Accepted = Extract<MapResult, { kind: 'accept' }>;

/** The thread id of every direct chat: the conversation is the person's, not the address form's. */
export const DIRECT_THREAD = 'direct';

/**
 * Turns `messages.upsert` events into envelopes for ingress. Messages of one chat are handled
 * one at a time in arrival order (a voice note that takes a second to download must not let the
 * text sent after it overtake it in the engine's queue); different chats run side by side.
 * Ingress dedupes by platform message id, so a message Baileys delivers twice is passed twice.
 *
 * No message is given up: it is spooled to disk before ingress is tried, tried again (backing off)
 * for as long as ingress fails — later messages of the same chat wait behind it, other chats go
 * on — and removed from the spool once accepted. On `stop` the attempts end and the spool keeps
 * what was not accepted; `replaySpool` hands it over at the next start.
 */
export class InboundHandler {
  private readonly chains = new Map<string, Promise<void>>();
  private stopped = false;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: InboundDeps) {
    this.now = deps.now ?? (() => new Date());
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  handleUpsert(upsert: WaMessagesUpsert, ctx: InboundSocketContext): void {
    for (const message of upsert.messages ?? []) {
      let result: MapResult;
      try {
        result = mapMessage(message, {
          account: this.deps.account,
          upsertType: upsert.type,
          self: ctx.self,
          audio: this.deps.audio,
          now: this.now,
        });
      } catch (error) {
        this.deps.logger.error({ err: error, waMessageId: message?.key?.id }, 'whatsapp: message not mapped');
        continue;
      }
      if (result.kind === 'ignore') {
        this.deps.logger.debug({ waMessageId: message.key?.id, reason: result.reason }, 'whatsapp: ignored');
        continue;
      }
      const accepted = result;
      this.serialize(accepted.envelope.chatId, () => this.deliver(message, accepted, ctx));
    }
  }

  /**
   * Hands over what an earlier run spooled and ingress never accepted (a crash, a stop during an
   * outage), in arrival order per chat. Ingress drops any it already has.
   */
  async replaySpool(): Promise<number> {
    const waiting = await this.deps.spool.pending();
    for (const { id, envelope } of waiting) {
      const log = this.deps.logger.child({
        waMessageId: envelope.platformMessageId,
        chatId: envelope.chatId,
      });
      this.serialize(envelope.chatId, async () => {
        try {
          const outcome = await this.handOver(envelope, log);
          await this.deps.spool.remove(id);
          log.info({ outcome: outcome.status }, 'whatsapp: spooled message handed over');
        } catch (error) {
          log.warn({ err: error }, 'whatsapp: spooled message kept for the next start');
        }
      });
    }
    if (waiting.length > 0)
      this.deps.logger.info({ messages: waiting.length }, 'whatsapp: replaying the spool');
    return waiting.length;
  }

  /** Ends the attempts at ingress: what was not accepted stays in the spool. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when every message handed over so far has been delivered (or kept in the spool). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  private serialize(chatId: string, task: () => Promise<void>): void {
    const next = (this.chains.get(chatId) ?? Promise.resolve()).then(task);
    this.chains.set(chatId, next);
    void next.then(() => {
      if (this.chains.get(chatId) === next) this.chains.delete(chatId);
    });
  }

  private async deliver(message: WaMessage, accepted: Accepted, ctx: InboundSocketContext): Promise<void> {
    const log = this.deps.logger.child({
      waMessageId: accepted.envelope.platformMessageId,
      chatId: accepted.envelope.chatId,
    });
    try {
      const { externalUserId, aliases } = await this.senderIds(
        accepted.sender,
        accepted.envelope.chatId,
        ctx,
        log,
      );
      const content: InboundContent =
        accepted.content.type === 'audio_pending' && !this.deps.audio.enabled
          ? { type: 'unsupported', what: 'audio_disabled' }
          : accepted.content.type === 'audio_pending'
            ? await intakeAudio(message, accepted.content, {
                download: ctx.connection.downloadMedia,
                audioStore: this.deps.audioStore,
                maxBytes: this.deps.audio.maxBytes,
                logger: log,
              })
            : accepted.content;
      const envelope: InboundEnvelope = { ...accepted.envelope, externalUserId, content };
      if (aliases.length > 0) envelope.aliases = aliases;
      // One person, one direct conversation, whether WhatsApp addressed them by phone or by LID.
      if (!envelope.inGroup) envelope.threadId = DIRECT_THREAD;
      if (envelope.inGroup)
        await this.deps.quotable?.save(message).catch((error: unknown) => {
          log.warn(
            { err: error },
            'whatsapp: group message not kept for quoting (the reply will not quote it)',
          );
        });
      const spooled = await this.deps.spool.put(envelope);
      const outcome = await this.handOver(envelope, log);
      await this.deps.spool.remove(spooled);
      if (this.deps.readReceipts && outcome.status === 'queued')
        await ctx.connection.socket?.readMessages?.([message.key]).catch((error: unknown) => {
          log.debug({ err: error }, 'whatsapp: read receipt not sent');
        });
      log.info({ outcome: outcome.status, content: content.type }, 'whatsapp: message received');
    } catch (error) {
      log.error(
        { err: error },
        'whatsapp: message not handed to ingress (kept in the spool if it got there)',
      );
    }
  }

  /**
   * Who sent the message, as ingress looks them up: the phone, canonical (digits, Brazil's ninth
   * digit), when the key carries it or Baileys' LID->phone mapping knows it, with the LID as an
   * alias (`lid:<number>`, the id an invite sent before the phone was known linked); else
   * `lid:<number>` alone, which stays stable per person (an unknown person is refused as such,
   * one linked by invite under it is found).
   */
  private async senderIds(
    sender: SenderIdentity,
    chatId: string,
    ctx: InboundSocketContext,
    log: Logger,
  ): Promise<{ externalUserId: string; aliases: string[] }> {
    const lidId = sender.lid ? `lid:${parseJid(sender.lid)?.user ?? sender.lid}` : undefined;
    const aliases = lidId ? [lidId] : [];
    const direct = phoneFromJid(sender.phoneJid);
    if (direct) return { externalUserId: direct, aliases };
    if (sender.lid && lidId) {
      const mapped = await ctx.connection.resolvePhoneForLid?.(sender.lid).catch((error: unknown) => {
        log.warn({ err: error }, 'whatsapp: LID lookup failed');
        return undefined;
      });
      const phone = phoneFromJid(mapped);
      if (phone) return { externalUserId: phone, aliases };
      log.warn({ lid: sender.lid }, 'whatsapp: sender known by LID only');
      return { externalUserId: lidId, aliases: [] };
    }
    return { externalUserId: `jid:${chatId}`, aliases: [] };
  }

  /** Marks the chat and tries ingress until it accepts, backing off (200 ms doubling, capped); throws once stopped. */
  private async handOver(envelope: InboundEnvelope, log: Logger): Promise<IngressOutcome> {
    const maxDelayMs = this.deps.ingressRetryMaxMs ?? 10_000;
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Marked before ingress: the refusal or the answer ingress queues must be allowed out.
        await this.deps.markers.mark(envelope.chatId);
        return await this.deps.ingress.handle(envelope);
      } catch (error) {
        if (this.stopped) throw error;
        const level = attempt >= this.deps.ingressAttempts ? 'error' : 'warn';
        log[level]({ err: error, attempt }, 'whatsapp: ingress failed, retrying (the message is spooled)');
        await this.sleep(Math.min(maxDelayMs, 200 * 2 ** Math.min(attempt - 1, 16)));
      }
    }
  }
}
