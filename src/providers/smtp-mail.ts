import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { ProviderResponseError, ProviderUnavailableError } from '../core/errors';
import type { MailTransport, OutgoingMail } from '../core/mail';

/** Error codes nodemailer gives when the server was never reached or the link broke. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * E-mail through an SMTP server (nodemailer), e.g. `smtp://user:pass@smtp.example.com:587` or
 * `smtps://…:465`. One pooled connection per process.
 */
export class SmtpMailTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter<SMTPPool.SentMessageInfo>;
  private readonly fromAddress: string;

  constructor(options: { url: string; from: string; timeoutMs?: number }) {
    const timeout = options.timeoutMs ?? 15_000;
    const url = new URL(options.url);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      // A local relay without TLS (development, tests) is allowed only on loopback.
      ignoreTLS: url.searchParams.get('tls') === 'off' && isLoopback(url.hostname),
    });
    this.fromAddress = options.from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: { name: mail.fromName, address: this.fromAddress },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments
          ? {
              attachments: mail.attachments.map((file) => ({
                filename: file.fileName,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
        messageId: `<${mail.id}@iris.local>`,
      });
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      if (responseCode === undefined && code !== undefined && UNREACHABLE.has(code))
        throw new ProviderUnavailableError('smtp', code, error);
      throw new ProviderResponseError('smtp', `refused (${responseCode ?? code ?? 'unknown'})`, {
        status: responseCode,
        retryable: responseCode === undefined || (responseCode >= 400 && responseCode < 500),
        cause: error,
      });
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}
