import type { Logger } from 'pino';
import { repeatRounds } from '../core/rounds';
import { IrisError } from '../core/errors';
import { isLocale } from '../core/locale';
import { asOutboundDocument, type BoletoPdf, type BoletoPdfs } from '../core/boleto-pdf';
import type { MailTransport } from '../core/mail';
import type { OutboundDocument } from '../core/messages';
import type { ClaimedMessage, ContactChannel, MessageOutbox } from '../core/message-outbox';
import { say } from '../pipeline/catalog';

/** Hands a message to the tenant's WhatsApp number for one contact (see `WhatsappContactTransport`). */
export interface ContactChatTransport {
  send(message: {
    id: string;
    tenantId: string;
    phone: string;
    text: string;
    correlationId: string;
    /** A file sent with the text as its caption (a boleto's PDF). */
    document?: OutboundDocument;
  }): Promise<void>;
}

export interface DeliveryOptions {
  /** How often the outbox is looked at when the last look found less than a full batch. */
  everyMs: number;
  /** Messages claimed per look. */
  batch: number;
  /** How long a claim lasts: a deliverer that dies leaves its messages to another after this. */
  leaseMs: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts: number;
  /** WhatsApp: messages a tenant's number sends to contacts in any 24 hours. */
  whatsappDailyCap: number;
  /** WhatsApp: the least time between two of a tenant's messages to contacts. */
  whatsappSpacingMs: number;
}

export const DELIVERY_DEFAULTS: DeliveryOptions = {
  everyMs: 2_000,
  batch: 10,
  leaseMs: 60_000,
  maxAttempts: 6,
  whatsappDailyCap: 50,
  whatsappSpacingMs: 20_000,
};

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'postponed';

/** Wait before attempt `attempt + 1`: 30 s, 2 min, 8 min, 32 min, then every hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 4 ** (attempt - 1), 3_600_000);
}

const DAY_MS = 24 * 3_600_000;

/**
 * Sends the messages tenants queued for their contacts (the queue_message tool), by e-mail or
 * through the tenant's WhatsApp number, whichever transports this process was given. Any number
 * of pipeline processes may run one: a message is claimed by one at a time, and a claim outlives
 * a crash only by its lease. Delivery is at least once — a process killed after the mail server
 * accepted a mail and before recording it sends it again after the lease; the mail keeps the
 * same Message-ID, so the receiving side can tell. A WhatsApp message is handed to the
 * WhatsApp process' outbound queue under the message's id, so handing it twice sends it once.
 */
export function startMessageDeliverer(deps: {
  outbox: MessageOutbox;
  transports: { email?: MailTransport; whatsapp?: ContactChatTransport };
  /** The PDFs of boletos that messages deliver (attached when given). */
  pdfs?: BoletoPdfs;
  logger: Logger;
  options?: Partial<DeliveryOptions>;
  onOutcome?: (outcome: DeliveryOutcome, channel: ContactChannel, message: ClaimedMessage) => void;
}): { stop(): Promise<void> } {
  const options = { ...DELIVERY_DEFAULTS, ...deps.options };
  const channels = (['email', 'whatsapp'] as const).filter(
    (channel) => deps.transports[channel] !== undefined,
  );
  const stopping = new AbortController();
  const deliverOne = async (message: ClaimedMessage): Promise<void> => {
    const outcome = await attempt(message, deps, options, deps.logger);
    deps.onOutcome?.(outcome.kind, message.channel, message);
    const log = {
      messageId: message.id,
      channel: message.channel,
      attempt: message.attempts,
      outcome: outcome.kind,
    };
    if (outcome.kind === 'sent') deps.logger.info(log, 'message delivered');
    else if (outcome.kind === 'postponed')
      deps.logger.info({ ...log, until: outcome.until }, 'message held by a limit');
    else deps.logger.warn({ ...log, error: outcome.error }, 'message not delivered');
  };
  const loop =
    channels.length === 0
      ? Promise.resolve()
      : repeatRounds(
          stopping.signal,
          options.everyMs,
          async () => {
            const claimed = await deps.outbox.claimDue(options.batch, options.leaseMs, channels);
            for (const message of claimed) {
              // Stopping: the rest of the batch goes back untried, for another process now.
              if (stopping.signal.aborted) await deps.outbox.release(message.id, message.attempts);
              else await deliverOne(message);
            }
            return claimed.length < options.batch ? 'done' : 'more';
          },
          // PostgreSQL away: look again later; claimed messages come back after their lease.
          (error) => deps.logger.warn({ err: error }, 'message outbox unavailable'),
        );
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

type Attempt =
  { kind: 'sent' } | { kind: 'retry' | 'failed'; error: string } | { kind: 'postponed'; until: Date };

async function attempt(
  message: ClaimedMessage,
  deps: {
    outbox: MessageOutbox;
    transports: { email?: MailTransport; whatsapp?: ContactChatTransport };
    pdfs?: BoletoPdfs;
  },
  options: DeliveryOptions,
  logger: Logger,
): Promise<Attempt> {
  const { outbox } = deps;
  const locale = isLocale(message.locale) ? message.locale : 'pt-BR';
  const signature = say(locale, 'contact_message_signature', { tenant: message.tenantName });
  const text = `${message.content}\n\n${signature}`;
  try {
    if (message.channel === 'whatsapp') {
      const until = await whatsappLimit(message, outbox, options);
      if (until) {
        await outbox.release(message.id, message.attempts, until);
        return { kind: 'postponed', until };
      }
      const pdf = await pdfFor(message, deps.pdfs, options, logger);
      await deps.transports.whatsapp!.send({
        id: message.id,
        tenantId: message.tenantId,
        phone: message.address,
        text,
        correlationId: message.correlationId,
        ...(pdf ? { document: asOutboundDocument(pdf) } : {}),
      });
    } else {
      const pdf = await pdfFor(message, deps.pdfs, options, logger);
      await deps.transports.email!.send({
        id: message.id,
        to: message.address,
        fromName: message.tenantName,
        subject: say(locale, 'contact_mail_subject', { tenant: message.tenantName }),
        text,
        ...(pdf
          ? { attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }] }
          : {}),
      });
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof IrisError) || error.retryable;
    if (retryable && message.attempts < options.maxAttempts) {
      const at = new Date(Date.now() + retryDelayMs(message.attempts));
      await outbox.markRetry(message.id, message.attempts, reason, at);
      return { kind: 'retry', error: reason };
    }
    await outbox.markFailed(message.id, message.attempts, reason);
    return { kind: 'failed', error: reason };
  }
  await outbox.markSent(message.id, message.attempts);
  return { kind: 'sent' };
}

/**
 * The PDF of the boleto a message delivers. A PDF the provider will not give (a link that
 * serves no PDF), or still unavailable at the last attempt, does not hold the message back: it
 * goes without, since its text carries the digitable line and the provider's link.
 */
async function pdfFor(
  message: ClaimedMessage,
  pdfs: BoletoPdfs | undefined,
  options: DeliveryOptions,
  logger: Logger,
): Promise<BoletoPdf | undefined> {
  if (!message.boleto || !pdfs) return undefined;
  try {
    return await pdfs.pdfOf(message.boleto);
  } catch (error) {
    const retryable = !(error instanceof IrisError) || error.retryable;
    if (retryable && message.attempts < options.maxAttempts) throw error;
    logger.warn({ err: error, messageId: message.id }, 'boleto PDF unavailable; the message goes without it');
    return undefined;
  }
}

/**
 * Unsolicited messages get a WhatsApp number banned: a tenant's number sends contacts at most
 * `whatsappDailyCap` messages in 24 hours, `whatsappSpacingMs` apart. Returns when the message
 * may go, or undefined when it may go now. (Two processes may each let one through at the same
 * moment: the limits are approximate by one message per process.)
 */
async function whatsappLimit(
  message: ClaimedMessage,
  outbox: MessageOutbox,
  options: DeliveryOptions,
): Promise<Date | undefined> {
  const now = Date.now();
  const day = await outbox.sentSince(message.tenantId, 'whatsapp', new Date(now - DAY_MS));
  // Over the cap: look again in an hour (the 24-hour window frees places as its sends age).
  if (day.count >= options.whatsappDailyCap) return new Date(now + 3_600_000);
  if (day.last && now - day.last.getTime() < options.whatsappSpacingMs)
    return new Date(day.last.getTime() + options.whatsappSpacingMs);
  return undefined;
}
