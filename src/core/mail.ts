/** An e-mail Iris sends for a tenant: one queued message to one contact. */
export interface OutgoingMail {
  /**
   * Stable for the message, whatever the attempt: the transport puts it in the Message-ID, so
   * a mail sent again after a crash between sending and recording is recognisable as the same.
   */
  id: string;
  to: string;
  /** The tenant's name, shown as the sender's display name. */
  fromName: string;
  subject: string;
  text: string;
  /** Files sent with it (a boleto's PDF). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

/**
 * Sends e-mail. Throws `ProviderResponseError` when the server refused the mail (`retryable`
 * for a temporary 4xx refusal, not for a 5xx one such as an unknown mailbox) and
 * `ProviderUnavailableError` when it could not be reached.
 */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
