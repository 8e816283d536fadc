import { randomUUID } from 'node:crypto';
import { startSender } from '../../src/app/channels/sender';
import type { OutboundMessage } from '../../src/core/messages';
import { Harness } from '../support/harness';
import { sleep, waitFor } from '../support/conversation';

/**
 * A channel's outbound worker sends with concurrency, so two messages of one turn could overtake
 * each other on a slow network ("A proposta anterior foi cancelada." after the new proposal). A
 * turn therefore produces one message holding its parts in order.
 */
describe('replies reach a chat in the order they were produced', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('the two parts of one turn, with a network that is slower for the first message', async () => {
    const { tenant, user } = await h.boletosTenant();
    const account = randomUUID();
    const delivered: OutboundMessage[] = [];
    startSender(h.container, 'console', account, {
      async send(message) {
        // The first reply of a turn meets a slow network; the others do not.
        if (message.id.endsWith(':0')) await sleep(300);
        if (message.kind === 'text') delivered.push(message);
      },
    });
    const externalUserId = `ext-${randomUUID()}`;
    await h.db.channelIdentity.create({
      data: { tenantId: tenant.id, userId: user.id, channel: 'console', externalId: externalUserId },
    });
    const say = (text: string) =>
      h.container.ingress.handle({
        channel: 'console',
        account,
        platformMessageId: randomUUID(),
        externalUserId,
        chatId: 'chat-1',
        sentAt: new Date().toISOString(),
        content: { type: 'text', text },
      });

    await say('cria um boleto de 100 pro João Silva pra dia 10/12/2099');
    await waitFor('the first proposal', async () => (delivered.length === 1 ? true : undefined));
    await say('cria um boleto de 200 pro João Silva pra dia 10/12/2099');
    await waitFor('the reply of the second turn', async () => (delivered.length === 2 ? true : undefined));

    expect(delivered[1]!.text.split('\n').slice(0, 2)).toEqual([
      'A proposta anterior foi cancelada.',
      'Vou criar um boleto de R$ 200,00 para João Silva, com vencimento em 10/12/2099.',
    ]);
    expect(delivered[1]!.buttons).toBeDefined();
  });
});
