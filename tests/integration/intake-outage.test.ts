import { randomUUID } from 'node:crypto';
import type { OutboundMessage } from '../../src/core/messages';
import { say } from '../../src/pipeline/catalog';
import { hostPort, TcpProxy, withPort } from '../chaos/tcp-proxy';
import { Harness } from '../support/harness';
import { deliver, newPlatformId, type Person, waitFor, boletosPerson } from '../support/conversation';
import { TEST_DATABASE_URL } from '../support/test-env';

const DELAYED =
  'Estou com dificuldades técnicas no momento. Já recebi sua mensagem e respondo assim que possível.';

/**
 * PostgreSQL away when someone writes for the first time (ingress has never identified them):
 * the message is held in Redis and the platform's delivery succeeds; the person is told the
 * answer is coming once it has waited; when the database is back, their messages are answered
 * in the order sent, and a stranger's get the usual refusal. Everything — ingress, the
 * pipeline, the drainer — reaches PostgreSQL through a loopback proxy that resets connections.
 */
describe('messages held while PostgreSQL cannot say who is writing', () => {
  const proxy = new TcpProxy(hostPort(TEST_DATABASE_URL, 5432));
  let h: Harness;

  beforeAll(async () => {
    h = new Harness({ DATABASE_URL: withPort(TEST_DATABASE_URL, await proxy.start()) });
    h.startPipelines(1);
  });
  afterAll(async () => {
    proxy.restore();
    await h.close();
    await proxy.close();
  });

  /** The non-interim reply to `correlationId`, once sent. */
  const answerTo = (correlationId: string): Promise<OutboundMessage> =>
    waitFor(
      `the answer to ${correlationId}`,
      async () => h.replies.find((r) => r.correlationId === correlationId && !r.interim),
      30_000,
    );

  it('holds them, says the answer is coming, and answers in order once the database is back', async () => {
    const who: Person = await boletosPerson(h);
    const strangerId = `stranger-${randomUUID()}`;
    const strangerChat = h.chat(strangerId);

    proxy.cut();
    const firstId = newPlatformId();
    const first = await deliver(h, who, 'lista meus boletos', { platformMessageId: firstId });
    expect(first.status).toBe('queued');
    // The platform delivers again: the held copy drops it.
    expect((await deliver(h, who, 'lista meus boletos', { platformMessageId: firstId })).status).toBe(
      'duplicate',
    );
    const second = await deliver(h, who, 'meus boletos');
    expect(second.status).toBe('queued');
    const stranger = await h.container.ingress.handle({
      channel: 'console',
      account: strangerChat.account,
      platformMessageId: newPlatformId(),
      externalUserId: strangerId,
      chatId: strangerChat.chatId,
      sentAt: new Date().toISOString(),
      content: { type: 'text', text: 'oi' },
    });
    expect(stranger.status).toBe('queued');
    if (first.status !== 'queued' || second.status !== 'queued' || stranger.status !== 'queued') return;

    const note = await waitFor(`the note to ${first.correlationId}`, async () =>
      h.replies.find((r) => r.correlationId === first.correlationId && r.interim),
    );
    expect(note.text).toBe(DELAYED);
    // The stranger's line is told too (each line's first message, once it has waited 3 s).
    await waitFor('the note to the stranger', async () =>
      h.replies.find((r) => r.correlationId === stranger.correlationId && r.interim),
    );
    // Nothing was answered while the database was away.
    expect(h.replies.filter((r) => !r.interim && r.chatId === who.chat.chatId)).toEqual([]);

    proxy.restore();
    const third = await deliver(h, who, 'quais boletos estão vencidos?');
    expect(third.status).toBe('queued');
    if (third.status !== 'queued') return;

    const answers = await Promise.all([first, second, third].map((o) => answerTo(o.correlationId)));
    expect(answers[0]!.text).toBe('Nenhum boleto encontrado.');
    // The chat got them in the order they were sent.
    const seqs = answers.map((a) => a.seq!);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(h.replies.filter((r) => r.correlationId === first.correlationId && r.interim)).toHaveLength(1);

    // The stranger: told, then refused (a refusal belongs to no conversation: found by chat).
    const toStranger = await waitFor('the refusal to the stranger', async () => {
      const replies = h.replies.filter((r) => r.chatId === strangerChat.chatId);
      return replies.length === 2 ? replies : undefined;
    });
    expect(toStranger.map((r) => r.text)).toEqual([DELAYED, say('pt-BR', 'unknown_user')]);
    // Every held line was emptied and forgotten.
    await waitFor('the held senders to be forgotten', async () =>
      (await h.container.intake.waiting().next()).done ? true : undefined,
    );
  }, 60_000);
});
