import type { Logger } from 'pino';
import { abortableSleep } from '../core/abortable-sleep';
import { IrisError } from '../core/errors';
import { isLocale } from '../core/locale';
import type { MailTransport } from '../core/mail';
import type { ClaimedMessage, MessageOutbox } from '../core/message-outbox';
import { say } from '../pipeline/catalog';

export interface DeliveryOptions {
  /** How often the outbox is looked at when the last look found less than a full batch. */
  everyMs: number;
  /** Messages claimed per look. */
  batch: number;
  /** How long a claim lasts: a deliverer that dies leaves its messages to another after this. */
  leaseMs: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts: number;
}

export const DELIVERY_DEFAULTS: DeliveryOptions = {
  everyMs: 2_000,
  batch: 10,
  leaseMs: 60_000,
  maxAttempts: 6,
};

export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

/** Wait before attempt `attempt + 1`: 30 s, 2 min, 8 min, 32 min, then every hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 4 ** (attempt - 1), 3_600_000);
}

/**
 * Sends the messages tenants queued for their contacts (the queue_message tool), by e-mail.
 * Any number of pipeline processes may run one: a message is claimed by one at a time, and a
 * claim outlives a crash only by its lease. Delivery is at least once — a process killed after
 * the server accepted a mail and before recording it sends it again after the lease; the mail
 * keeps the same Message-ID, so the receiving side can tell.
 */
export function startMessageDeliverer(deps: {
  outbox: MessageOutbox;
  mail: MailTransport;
  logger: Logger;
  options?: Partial<DeliveryOptions>;
  onOutcome?: (outcome: DeliveryOutcome) => void;
}): { stop(): Promise<void> } {
  const options = { ...DELIVERY_DEFAULTS, ...deps.options };
  const stopping = new AbortController();
  const deliverOne = async (message: ClaimedMessage): Promise<void> => {
    const outcome = await attempt(message, deps.mail, options, deps.outbox);
    deps.onOutcome?.(outcome.kind);
    const log = { messageId: message.id, attempt: message.attempts, outcome: outcome.kind };
    if (outcome.kind === 'sent') deps.logger.info(log, 'message delivered');
    else deps.logger.warn({ ...log, error: outcome.error }, 'message not delivered');
  };
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let claimed: ClaimedMessage[] = [];
      try {
        claimed = await deps.outbox.claimDue(options.batch, options.leaseMs);
        for (const message of claimed) {
          // Stopping: the rest of the batch goes back untried, for another process now.
          if (stopping.signal.aborted) await deps.outbox.release(message.id, message.attempts);
          else await deliverOne(message);
        }
      } catch (error) {
        // PostgreSQL away: look again later; claimed messages come back after their lease.
        deps.logger.warn({ err: error }, 'message outbox unavailable');
      }
      if (claimed.length < options.batch) await abortableSleep(options.everyMs, stopping.signal);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

async function attempt(
  message: ClaimedMessage,
  mail: MailTransport,
  options: DeliveryOptions,
  outbox: MessageOutbox,
): Promise<{ kind: DeliveryOutcome; error?: string }> {
  const locale = isLocale(message.locale) ? message.locale : 'pt-BR';
  try {
    await mail.send({
      id: message.id,
      to: message.address,
      fromName: message.tenantName,
      subject: say(locale, 'contact_mail_subject', { tenant: message.tenantName }),
      text: `${message.content}\n\n${say(locale, 'contact_mail_signature', { tenant: message.tenantName })}`,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof IrisError) || error.retryable;
    if (retryable && message.attempts < options.maxAttempts) {
      await outbox.markRetry(
        message.id,
        message.attempts,
        reason,
        new Date(Date.now() + retryDelayMs(message.attempts)),
      );
      return { kind: 'retry', error: reason };
    }
    await outbox.markFailed(message.id, message.attempts, reason);
    return { kind: 'failed', error: reason };
  }
  await outbox.markSent(message.id, message.attempts);
  return { kind: 'sent' };
}
