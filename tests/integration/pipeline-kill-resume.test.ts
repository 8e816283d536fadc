import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { conversationIdFor } from '../../src/app/ingress';
import { renderSharedMetrics, sharedMetricsOf } from '../../src/app/shared-metrics';
import { LockHolders } from '../../src/stores/lock-holders';
import { CONFIRM, waitFor } from '../support/conversation';
import { Harness } from '../support/harness';

/**
 * A process SIGKILLed in the middle of a turn leaves the conversation locked. The conversation
 * resumes on another pipeline process once the killed one has stopped saying it runs: its
 * message is answered although the dead holder's lock would have lived ten minutes (seconds
 * after the kill, where the 4 s lock TTL used to cost 5-6 s).
 */
describe('a pipeline process killed holding a conversation', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('the conversation resumes on another process, without waiting out the lock', async () => {
    const { tenant, user, chat } = await h.boletosTenant();
    const conversationId = conversationIdFor(tenant.id, 'console', chat.chatId, user.id);
    const { child, exited, token } = await lockHolder('conversation', conversationId);
    try {
      expect(token).not.toBeNull();
      expect(LockHolders.holderOf(token!)).toBeDefined();

      // The message waits behind the lock; the holder dies "mid-turn".
      const answer = h.say(chat, 'cria um boleto de R$ 30 pro João Silva pra dia 10/12/2099');
      await waitFor('the message queued behind the lock', async () =>
        (await h.container.conversations.length(conversationId)) > 0 ? true : undefined,
      );
      const killedAt = Date.now();
      child.kill('SIGKILL');
      const replies = await answer;
      console.log(`answered ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);
      expect(replies.join('\n')).toContain(CONFIRM);
      expect(await h.container.redis.get(h.container.keys.conversationLock(conversationId))).not.toBe(token);
      // Operators see it on /metrics.
      await sharedMetricsOf(h.container).flush();
      const metrics = await renderSharedMetrics(h.container.redis, h.container.keys.metrics());
      expect(metrics).toContain('\niris_locks_of_stopped_processes_total 1\n');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('a sender held during an outage is taken over from a drainer killed holding it', async () => {
    const { tenant, user, chat } = await h.boletosTenant();
    const envelope = {
      channel: 'console' as const,
      account: chat.account,
      platformMessageId: `${chat.account}-held`,
      externalUserId: `${tenant.id}:${user.id}`,
      chatId: chat.chatId,
      sentAt: new Date().toISOString(),
      content: { type: 'text' as const, text: 'cria um boleto de R$ 30 pro João Silva pra dia 10/12/2099' },
    };
    const sender = h.container.intake.senderOf(envelope);
    const { child, exited, token } = await lockHolder('sender', sender);
    try {
      expect(LockHolders.holderOf(token!)).toBeDefined();
      // What ingress does while PostgreSQL cannot say who wrote; the drainer that took the
      // sender's lock dies before handing the message over.
      const id = randomUUID();
      await h.container.intake.hold(sender, envelope.platformMessageId, {
        id,
        receivedAt: new Date().toISOString(),
        envelope,
      });
      child.kill('SIGKILL');
      const answer = await waitFor('the held message answered', async () =>
        h.replies.find((reply) => reply.correlationId === id && !reply.interim),
      );
      expect(answer.text).toContain(CONFIRM);
      expect(await h.container.intake.holds(sender)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  /** A process (lock-holder-child.ts) holding a conversation's or a held sender's lock. */
  async function lockHolder(kind: 'conversation' | 'sender', id: string) {
    const child = fork(join(__dirname, 'lock-holder-child.ts'), [h.prefix, kind, id], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const token = await new Promise<string | null>((resolve) =>
      child.once('message', (message: { token: string | null }) => resolve(message.token)),
    );
    return { child, exited, token };
  }
});
