import { randomUUID } from 'node:crypto';
import { startSender } from '../../src/app/channels/sender';
import type { OutboundMessage } from '../../src/core/messages';
import { Harness } from '../support/harness';
import { sleep, waitFor } from '../support/conversation';

/**
 * Replies of consecutive turns reach a chat in the order they were queued, even when a
 * channel's outbound worker sends several messages at once and the first reply meets a slow
 * network: a per-chat sequence at queue time, and a sender that waits for an unsent predecessor
 * (src/queues/outbound-worker.ts). Without that, a person could read an older proposal last
 * while a typed "sim" confirms the newer one. (This was a bug report; it is fixed.)
 */
describe('replies of consecutive turns reach a chat in order', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('a slow first reply is not overtaken by the next turn', async () => {
    const { tenant, user } = await h.boletosTenant();
    const account = randomUUID();
    const delivered: OutboundMessage[] = [];
    let first = true;
    startSender(h.container, 'console', account, {
      async send(message) {
        if (message.kind !== 'text') return;
        if (first) {
          // The first reply's network is slow: it lands after any other reply sent meanwhile
          // (a sender that sends one reply of a chat at a time never lets the other start).
          first = false;
          const until = Date.now() + 5_000;
          while (delivered.length === 0 && Date.now() < until) await sleep(20);
        }
        delivered.push(message);
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
    await say('talvez'); // re-asked: "Confirma? (Sim/Não)"
    await waitFor('both replies', async () => (delivered.length === 2 ? true : undefined), 15_000);

    expect(delivered.map((m) => m.text.split('\n')[0])).toEqual([
      'Vou criar um boleto de R$ 100,00 para João Silva, com vencimento em 10/12/2099.',
      'Confirma? (Sim/Não)',
    ]);
  });
});
