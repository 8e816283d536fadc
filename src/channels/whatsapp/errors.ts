import { IrisError } from '../../core/errors';

/**
 * The sender refused a reply on purpose (not a failure of WhatsApp): the chat never wrote first,
 * or the reply is for another channel or account. Retrying cannot help.
 */
export class WhatsappSendRefusedError extends IrisError {
  readonly reason: 'no_first_contact' | 'wrong_channel' | 'wrong_account';
  constructor(reason: WhatsappSendRefusedError['reason'], message: string) {
    super('whatsapp_send_refused', message);
    this.reason = reason;
  }
}

/** The same reply id is being sent right now by another attempt; retry later. */
export class WhatsappSendInFlightError extends IrisError {
  constructor(replyId: string) {
    super('whatsapp_send_in_flight', `reply ${replyId} is being sent by another attempt`, {
      retryable: true,
    });
  }
}

/** A media download went past its byte cap and was aborted. */
export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`media larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLargeError';
  }
}
