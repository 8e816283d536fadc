import type { Logger } from 'pino';
import type { ChannelSender } from '../../core/channel';
import {
  ChannelRateLimitedError,
  InvalidInputError,
  IrisError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../core/errors';
import type { OutboundMessage } from '../../core/messages';
import { rideOut } from '../../core/ride-out';
import { disconnectStatusCode } from './disconnect-policy';
import { WhatsappSendInFlightError, WhatsappSendRefusedError } from './errors';
import type { FirstContactMarkers } from './first-contact';
import { groupText, type GroupAmounts } from './group-amounts';
import { isGroupJid } from './jid';
import type { WhatsappSocket } from './ports';
import type { ReplyLedger } from './reply-ledger';
import type { SendPacer } from './send-pacer';
import type { QuotableMessages } from './quotable-messages';
import type { SentMessageStore } from './sent-message-store';

export interface WhatsappSenderDeps {
  account: string;
  markers: FirstContactMarkers;
  ledger: ReplyLedger;
  pacer: SendPacer;
  sentMessages: SentMessageStore;
  /** The group messages replies quote. */
  quotable?: QuotableMessages;
  /** The socket, only while it is open in this process. */
  activeSocket: () => WhatsappSocket | undefined;
  /** Show "typing…" while a turn runs (and "paused" once its reply is out). */
  typing?: boolean;
  /** Amounts in replies to groups: shown, or masked outside confirmation prompts. */
  groupAmounts?: GroupAmounts;
  logger: Logger;
  sleep?: (ms: number) => Promise<void>;
}

/** WhatsApp's "slow down" answer has no retry-after; a minute is what senders report works. */
const RATE_OVERLIMIT_PAUSE_MS = 60_000;

/**
 * The WhatsApp `ChannelSender`. In order: refuse anything for another channel/account or for a
 * chat that did not write first; `typing` becomes a "composing" presence (best effort); a text
 * is claimed in the reply ledger (a reply id already sent is dropped), paced, sent as plain text
 * or, with a `document`, as that file with the text as its caption (`buttons` are ignored: the text already asks "Confirma? (Sim/Não)"; in a group, quoting the
 * message it answers), stored for Baileys'
 * retry requests, and marked sent. Errors come out as the core hierarchy, so the outbound worker
 * knows what to retry: `ProviderUnavailableError` (socket not open, connection dropped),
 * `ChannelRateLimitedError` (pause the channel), `WhatsappSendRefusedError` (never retry).
 */
export class WhatsappSender implements ChannelSender {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: WhatsappSenderDeps) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async send(message: OutboundMessage): Promise<void> {
    const log = this.deps.logger.child({
      correlationId: message.correlationId,
      replyId: message.id,
      chatId: message.chatId,
    });
    if (message.channel !== 'whatsapp') {
      throw new WhatsappSendRefusedError('wrong_channel', `reply for channel ${message.channel}`);
    }
    if (message.account !== this.deps.account) {
      throw new WhatsappSendRefusedError('wrong_account', `reply for account ${message.account}`);
    }
    // A reply goes only to a chat that wrote recently; a message to a contact who opted in and a
    // notice to one of the tenant's users are what Iris writes first (see OutboundMessage).
    if (
      message.toOptedInContact !== true &&
      message.noticeToUser !== true &&
      !(await this.deps.markers.has(message.chatId))
    ) {
      log.warn('whatsapp: reply refused, the chat has not written to us recently');
      throw new WhatsappSendRefusedError('no_first_contact', 'the chat has not written to us recently');
    }
    if (message.kind === 'typing') {
      if (this.deps.typing === false) return;
      return this.sendPresence('composing', message.chatId, log);
    }
    if (!message.text.trim()) throw new InvalidInputError(`reply ${message.id} has no text`);

    const claim = await this.deps.ledger.claim(message.id);
    if (claim.status === 'sent') {
      log.info({ waMessageId: claim.waMessageId }, 'whatsapp: reply already sent, dropped');
      return;
    }
    if (claim.status === 'in_flight') throw new WhatsappSendInFlightError(message.id);
    let sent: Awaited<ReturnType<WhatsappSocket['sendMessage']>>;
    let wait: number;
    try {
      wait = await this.deps.pacer.reserve(message.chatId);
      if (wait > 0) await this.sleep(wait);
      const socket = this.requireSocket();
      const quoted = await this.quotedFor(message, log);
      const text = groupText(message.text, {
        inGroup: isGroupJid(message.chatId),
        amounts: this.deps.groupAmounts ?? 'full',
        isConfirmationPrompt: message.buttons !== undefined,
      });
      const content = message.document
        ? {
            document: Buffer.from(message.document.base64, 'base64'),
            mimetype: message.document.mimeType,
            fileName: message.document.fileName,
            caption: text,
          }
        : { text };
      sent = await socket.sendMessage(message.chatId, content, quoted && { quoted });
    } catch (error) {
      await this.deps.ledger.release(message.id, claim.token).catch(() => undefined);
      const mapped = toChannelError(error);
      log.warn({ err: error, code: mapped.code, retryable: mapped.retryable }, 'whatsapp: reply not sent');
      throw mapped;
    }
    // The person has the reply: from here on the claim is never released (a retry would send it
    // again), and recording it as sent rides out a Redis outage.
    const waMessageId = sent?.key.id ?? '';
    if (waMessageId)
      await this.deps.sentMessages.save(waMessageId, sent?.message).catch((error: unknown) => {
        log.warn({ err: error }, "whatsapp: sent message not kept for Baileys' retry requests");
      });
    await rideOut(
      () => this.deps.ledger.markSent(message.id, waMessageId || 'unknown'),
      30_000,
      (error, retryInMs) =>
        log.warn({ err: error, retryInMs }, 'whatsapp: reply sent, not yet recorded; retrying'),
    );
    log.info({ waMessageId, waitedMs: wait }, 'whatsapp: reply sent');
    if (this.deps.typing !== false) await this.sendPresence('paused', message.chatId, log);
  }

  /** In a group, the message the reply answers (if still kept): the group sees whose request it is. */
  private async quotedFor(message: OutboundMessage, log: Logger) {
    if (!message.replyTo || !this.deps.quotable) return undefined;
    return this.deps.quotable.get(message.replyTo).catch((error: unknown) => {
      log.warn({ err: error }, 'whatsapp: the message to quote could not be read; replying without it');
      return undefined;
    });
  }

  /** Typing is cosmetic: never retried, never fails the job. */
  private async sendPresence(type: 'composing' | 'paused', chatId: string, log: Logger): Promise<void> {
    const socket = this.deps.activeSocket();
    if (!socket) return;
    await socket.sendPresenceUpdate(type, chatId).catch((error: unknown) => {
      log.debug({ err: error, type }, 'whatsapp: typing indicator not sent');
    });
  }

  private requireSocket(): WhatsappSocket {
    const socket = this.deps.activeSocket();
    if (!socket) throw new ProviderUnavailableError('whatsapp', 'the socket is not open in this process');
    return socket;
  }
}

/** Baileys throws `Boom`s: 428/408 when the connection dropped, `rate-overlimit` (429) when throttled. */
export function toChannelError(error: unknown): IrisError {
  if (error instanceof IrisError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const status = disconnectStatusCode(error);
  const data = (error as { data?: unknown } | null)?.data;
  if (/rate-overlimit/i.test(message) || data === 429 || status === 429) {
    return new ChannelRateLimitedError('whatsapp', RATE_OVERLIMIT_PAUSE_MS, error);
  }
  if (status === 428 || status === 408 || /connection (closed|lost)|timed out/i.test(message)) {
    return new ProviderUnavailableError('whatsapp', message, error);
  }
  const code = typeof data === 'number' ? data : status;
  return new ProviderResponseError('whatsapp', message, {
    ...(code === undefined ? {} : { status: code }),
    retryable: code === undefined || code >= 500,
    cause: error,
  });
}
