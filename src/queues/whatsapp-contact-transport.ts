import type { ContactChatTransport } from './message-deliverer';
import type { Outbox } from './outbox';

/**
 * A message to a contact, handed to the WhatsApp process through the same outbound queue as
 * replies: it goes out from the tenant's number with the sender's retries, pacing and sent
 * ledger. The job id is the queued message's, so handing it twice (a deliverer that died after
 * handing it over) queues it once.
 */
export class WhatsappContactTransport implements ContactChatTransport {
  constructor(
    private readonly outbox: Outbox,
    private readonly account: string,
  ) {}

  async send(message: Parameters<ContactChatTransport['send']>[0]) {
    await this.outbox.send([
      {
        id: `contact-message:${message.id}`,
        channel: 'whatsapp',
        account: this.account,
        chatId: `${message.phone}@s.whatsapp.net`,
        tenantId: message.tenantId,
        conversationId: `contact-message:${message.id}`,
        correlationId: message.correlationId,
        text: message.text,
        toOptedInContact: true,
        ...(message.document ? { document: message.document } : {}),
      },
    ]);
  }
}
