import { randomUUID } from 'node:crypto';
import { startSender } from '../../src/app/channels/sender';
import { Harness } from '../support/harness';
import { sleep, waitFor } from '../support/conversation';

/**
 * Many replies queued to one chat at once (an owner's notices of a busy day, a turn's parts) go
 * out in their order while the sender works on several jobs at a time: each waits for the ones
 * ahead of it, checking again later the more there are (src/queues/outbound-worker.ts).
 */
describe('a burst of replies to one chat', () => {
  const h = new Harness();
  afterAll(() => h.close());

  it('reaches the chat in the order it was queued, with a send that takes its time', async () => {
    const account = randomUUID();
    const delivered: string[] = [];
    startSender(h.container, 'console', account, {
      async send(message) {
        await sleep(message.text.endsWith(' 1') ? 120 : 5);
        delivered.push(message.text);
      },
    });
    const texts = Array.from({ length: 25 }, (_, i) => `aviso ${i + 1}`);
    await h.container.outbox.send(
      texts.map((text, i) => ({
        id: `burst-${account}-${i}`,
        channel: 'console' as const,
        account,
        chatId: 'owner-chat',
        tenantId: 'tenant',
        conversationId: 'conversation',
        correlationId: `burst-${i}`,
        text,
      })),
    );
    await waitFor('every reply', async () => (delivered.length === texts.length ? true : undefined), 20_000);
    expect(delivered).toEqual(texts);
  });
});
