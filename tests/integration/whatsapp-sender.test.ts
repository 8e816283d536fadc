import { redisLeases } from '../../src/stores/redis-lease';
import { randomUUID } from 'node:crypto';
import { createWhatsappChannel, type WhatsappChannel } from '../../src/channels/whatsapp';
import { WhatsappSendRefusedError } from '../../src/channels/whatsapp/errors';
import { ReplyLedger } from '../../src/channels/whatsapp/reply-ledger';
import { ChannelRateLimitedError, ProviderUnavailableError } from '../../src/core/errors';
import type { OutboundMessage } from '../../src/core/messages';
import { RedisKeys } from '../../src/core/redis-keys';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import {
  boom,
  fakeSocketFactory,
  loadUpsert,
  MemoryAudioStore,
  RecordingIngress,
  silentLogger,
  TestBackends,
  waitFor,
  type FakeFactory,
  TEST_SPOOL_DIR,
} from './whatsapp-fakes';

/** The sender against real Redis (markers, ledger, pacing, sent-message store) and a fake socket. */
const backends = new TestBackends();
const channels: WhatsappChannel[] = [];

beforeAll(() => backends.setUp());
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.stop()));
});
afterAll(() => backends.tearDown());

const CHAT = '5511987654321@s.whatsapp.net';

async function openChannel(send: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const account = backends.account();
  await new PgWhatsappAuthStore(backends.pool).writeCreds(account, {
    me: { id: '5511900000000:7@s.whatsapp.net' },
    account: { details: Buffer.from('adv') },
  } as never);
  const fake: FakeFactory = fakeSocketFactory();
  const ingress = new RecordingIngress();
  const channel = createWhatsappChannel({
    options: {
      account,
      redisPrefix: backends.prefix,
      spoolDir: TEST_SPOOL_DIR,
      send: { chatMinIntervalMs: 0, chatJitterMs: 0, accountMaxPerMinute: 6000, ...send },
      ...extra,
    },
    ingress,
    audioStore: new MemoryAudioStore(),
    redis: backends.redis(),
    authStore: new PgWhatsappAuthStore(backends.pool),
    leases: redisLeases(backends.redis()),
    logger: silentLogger,
    socketFactory: fake.factory,
  });
  channels.push(channel);
  await channel.start();
  await waitFor(() => fake.sockets.length === 1);
  const socket = fake.last();
  socket.open();
  await waitFor(() => channel.isActive());
  /** The person writes first: the adapter marks the chat. */
  // Waits for this message's own envelope: after a group message, one is already there.
  const personWrites = async () => {
    const before = ingress.envelopes.length;
    socket.upsert(loadUpsert('text'));
    await waitFor(() => ingress.envelopes.length > before);
  };
  const reply = (overrides: Partial<OutboundMessage> = {}): OutboundMessage => ({
    id: `reply-${randomUUID()}`,
    kind: 'text',
    channel: 'whatsapp',
    account,
    chatId: CHAT,
    tenantId: 't1',
    conversationId: 'c1',
    correlationId: randomUUID(),
    text: 'Você deve R$ 120,50 de luz.',
    ...overrides,
  });
  return { channel, socket, fake, personWrites, reply, account, ingress };
}

describe('WhatsApp sender', () => {
  it('refuses to write to a chat that did not write first', async () => {
    const { channel, socket, reply } = await openChannel();
    await expect(channel.sender.send(reply())).rejects.toBeInstanceOf(WhatsappSendRefusedError);
    await expect(channel.sender.send(reply({ kind: 'typing', text: '' }))).rejects.toMatchObject({
      reason: 'no_first_contact',
      retryable: false,
    });
    expect(socket.sent).toEqual([]);
    expect(socket.presences).toEqual([]);
  });

  it('writes first only with a message to a contact who opted in (the contact delivery checked it)', async () => {
    const { channel, socket, reply } = await openChannel();
    await channel.sender.send(reply({ text: 'Seu boleto vence amanhã.', toOptedInContact: true }));
    expect(socket.sent).toEqual([{ jid: CHAT, text: 'Seu boleto vence amanhã.' }]);
  });

  it("writes first with a notice to one of the tenant's users (a boleto paid)", async () => {
    const { channel, socket, reply } = await openChannel();
    await channel.sender.send(
      reply({ text: 'O boleto nº 1 de João Silva foi pago: R$ 75,00.', noticeToUser: true }),
    );
    expect(socket.sent).toEqual([{ jid: CHAT, text: 'O boleto nº 1 de João Silva foi pago: R$ 75,00.' }]);
  });

  it('sends a reply once: the same reply id again is dropped', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    const message = reply({
      text: 'Confirma? (Sim/Não)',
      buttons: { nonce: 'n1', yesLabel: 'Sim', noLabel: 'Não' },
    });
    await channel.sender.send(message);
    await channel.sender.send(message);
    await Promise.all([channel.sender.send(message), channel.sender.send(message)]);
    expect(socket.sent).toEqual([{ jid: CHAT, text: 'Confirma? (Sim/Não)' }]); // plain text, no buttons
  });

  it('a reply sent while Redis fails to record it is recorded once Redis answers, and never sent twice', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    const outage = new Error('Connection is closed.');
    const markSent = jest
      .spyOn(ReplyLedger.prototype, 'markSent')
      .mockRejectedValueOnce(outage)
      .mockRejectedValueOnce(outage);
    try {
      const message = reply();
      await channel.sender.send(message);
      await channel.sender.send(message); // the job's retry, had it failed: dropped
      expect(markSent).toHaveBeenCalledTimes(3);
      expect(socket.sent).toHaveLength(1);
    } finally {
      markSent.mockRestore();
    }
  });

  it('lets one of two concurrent attempts of a new reply send; the other is told to retry', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    const message = reply();
    const results = await Promise.allSettled([channel.sender.send(message), channel.sender.send(message)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ code: 'whatsapp_send_in_flight', retryable: true });
    await channel.sender.send(message); // the retry finds it sent
    expect(socket.sent).toHaveLength(1);
  });

  it('in a group, quotes the message it answers, and the group is open for minutes, not a day', async () => {
    const { channel, socket, reply, account, ingress } = await openChannel();
    socket.upsert(loadUpsert('group-mention'));
    await waitFor(() => ingress.envelopes.length > 0);
    const asked = ingress.envelopes[0]!;
    expect(asked.inGroup).toBe(true);
    await channel.sender.send(reply({ chatId: asked.chatId, replyTo: asked.replyTo }));
    expect(socket.sent).toEqual([
      { jid: asked.chatId, text: 'Você deve R$ 120,50 de luz.', quotedId: asked.platformMessageId },
    ]);
    const ttl = await backends
      .redis()
      .ttl(new RedisKeys(backends.prefix).whatsapp(account).contact(asked.chatId));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
  });

  it('with group amounts masked, a group reads no amount except in a prompt to confirm; a direct chat reads all', async () => {
    const { channel, socket, reply, ingress, personWrites } = await openChannel(
      {},
      { groupAmounts: 'masked' },
    );
    socket.upsert(loadUpsert('group-mention'));
    await waitFor(() => ingress.envelopes.length > 0);
    const group = ingress.envelopes[0]!.chatId;
    await personWrites();
    const prompt =
      'Vou criar um boleto de R$ 1.234,56 para João, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)';
    await channel.sender.send(reply({ chatId: group, text: 'Você deve R$ 1.234,56 e -R$ 5,00 de luz.' }));
    await channel.sender.send(
      reply({
        chatId: group,
        text: prompt,
        buttons: { nonce: randomUUID(), yesLabel: 'Sim', noLabel: 'Não' },
      }),
    );
    await channel.sender.send(reply({ chatId: CHAT, text: 'Você deve R$ 1.234,56 de luz.' }));
    expect(socket.sent.map((m) => m.text)).toEqual([
      'Você deve R$ ••• e R$ ••• de luz.',
      prompt,
      'Você deve R$ 1.234,56 de luz.',
    ]);
  });

  it('goes back to "paused" once the reply is out; with typing off, shows no presence at all', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    await channel.sender.send(reply({ kind: 'typing', text: '' }));
    await channel.sender.send(reply());
    expect(socket.presences).toEqual([
      { type: 'composing', jid: CHAT },
      { type: 'paused', jid: CHAT },
    ]);
    const quiet = await openChannel({}, { presence: { typing: false } });
    await quiet.personWrites();
    await quiet.channel.sender.send(quiet.reply({ kind: 'typing', text: '' }));
    await quiet.channel.sender.send(quiet.reply());
    expect(quiet.socket.presences).toEqual([]);
    expect(quiet.socket.sent).toHaveLength(1);
  });

  it('sends read receipts only when asked to', async () => {
    const off = await openChannel();
    await off.personWrites();
    expect(off.socket.read).toEqual([]);
    const on = await openChannel({}, { presence: { readReceipts: true } });
    await on.personWrites();
    await waitFor(() => on.socket.read.length === 1);
    expect(on.socket.read).toEqual([on.ingress.envelopes[0]!.platformMessageId]);
  });

  it('shows typing as a composing presence', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    await channel.sender.send(reply({ kind: 'typing', text: '' }));
    expect(socket.presences).toEqual([{ type: 'composing', jid: CHAT }]);
    expect(socket.sent).toEqual([]);
  });

  it("keeps sent messages for Baileys' getMessage (retry requests)", async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    await channel.sender.send(reply());
    const stored = await socket.params.getMessage({ id: '3EB0SENT000000000001', remoteJid: CHAT });
    expect(stored).toEqual({
      extendedTextMessage: { text: 'Você deve R$ 120,50 de luz.' },
      messageContextInfo: { messageSecret: Buffer.from([1, 2, 3, 4]) },
    });
    expect(await socket.params.getMessage({ id: 'unknown' })).toBeUndefined();
  });

  it('spaces messages to one chat', async () => {
    const { channel, socket, personWrites, reply } = await openChannel({ chatMinIntervalMs: 250 });
    await personWrites();
    const started = Date.now();
    await channel.sender.send(reply({ text: 'um' }));
    await channel.sender.send(reply({ text: 'dois' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(socket.sent.map((m) => m.text)).toEqual(['um', 'dois']);
  });

  it('asks the worker to pause (ChannelRateLimitedError) instead of waiting past maxWaitMs', async () => {
    const { channel, socket, personWrites, reply } = await openChannel({
      accountMaxPerMinute: 1,
      maxWaitMs: 100,
    });
    await personWrites();
    await channel.sender.send(reply({ text: 'um' }));
    const second = reply({ text: 'dois' });
    const error = await channel.sender.send(second).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelRateLimitedError);
    expect((error as ChannelRateLimitedError).retryAfterMs).toBeGreaterThan(50_000);
    expect(socket.sent).toHaveLength(1);
  });

  it('maps socket failures to retryable errors and lets the retry send', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    const message = reply();
    socket.failNextSend = boom(428, 'Connection Closed');
    await expect(channel.sender.send(message)).rejects.toBeInstanceOf(ProviderUnavailableError);
    socket.failNextSend = Object.assign(new Error('rate-overlimit'), { data: 429 });
    await expect(channel.sender.send(message)).rejects.toBeInstanceOf(ChannelRateLimitedError);
    await channel.sender.send(message);
    expect(socket.sent).toHaveLength(1);
  });

  it('throws a retryable error when the socket is not open in this process', async () => {
    const { channel, socket, personWrites, reply } = await openChannel();
    await personWrites();
    socket.close(428);
    await waitFor(() => !channel.isActive());
    await expect(channel.sender.send(reply())).rejects.toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
  });

  it('refuses replies for another account or channel', async () => {
    const { channel, personWrites, reply } = await openChannel();
    await personWrites();
    await expect(channel.sender.send(reply({ account: 'other' }))).rejects.toMatchObject({
      reason: 'wrong_account',
    });
    await expect(channel.sender.send(reply({ channel: 'telegram' }))).rejects.toMatchObject({
      reason: 'wrong_channel',
    });
  });
});
