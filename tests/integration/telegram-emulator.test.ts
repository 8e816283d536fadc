import { redisLeases } from '../../src/stores/redis-lease';
import TelegramServer from 'telegram-test-api';
import type { Redis } from 'ioredis';
import { createTelegramChannel, type TelegramChannel } from '../../src/channels/telegram';
import type { OutboundMessage } from '../../src/core/messages';
import {
  MemoryAudioStore,
  RecordingIngress,
  deleteKeys,
  fastPolling,
  freePort,
  newRedis,
  noPacing,
  silentLogger,
  testPrefix,
  waitFor,
} from './telegram-helpers';

/**
 * The real grammY client against telegram-test-api (a local Bot API emulator): a person's text
 * reaches ingress as an envelope; a reply with buttons reaches the person; a press on a button
 * comes back as a confirmation envelope and the buttons disappear.
 */
describe('Telegram adapter against the telegram-test-api emulator', () => {
  const token = '424242:emulator-test-token';
  const prefix = testPrefix('tg-emulator');
  let server: TelegramServer;
  let redis: Redis;
  let ingress: RecordingIngress;
  let channel: TelegramChannel;
  let polling: Promise<void>;
  const apiCalls: string[] = [];

  beforeAll(async () => {
    server = new TelegramServer({ port: await freePort(), host: '127.0.0.1' });
    await server.start();
    redis = newRedis();
    ingress = new RecordingIngress();
    channel = createTelegramChannel({
      options: {
        token,
        apiRoot: server.config.apiURL,
        redisPrefix: prefix,
        polling: fastPolling,
        pacing: noPacing,
      },
      ingress,
      audioStore: new MemoryAudioStore(),
      redis,
      leases: redisLeases(redis),
      logger: silentLogger,
    });
    channel.bot.api.config.use((prev, method, payload, signal) => {
      apiCalls.push(method);
      return prev(method, payload, signal);
    });
    polling = channel.startPolling();
  });

  afterAll(async () => {
    await channel.stop();
    await polling;
    await server.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('hands a text message to ingress as an envelope', async () => {
    const client = server.getClient(token, { userId: 5551, chatId: 5551, firstName: 'Ana' });
    await client.sendMessage(client.makeMessage('pagar boleto de 150 reais'));
    await waitFor(() => ingress.envelopes.length === 1, 'the text envelope');
    expect(ingress.envelopes[0]).toMatchObject({
      channel: 'telegram',
      account: 'TestNameBot',
      externalUserId: '5551',
      chatId: '5551',
      displayName: 'Ana',
      content: { type: 'text', text: 'pagar boleto de 150 reais' },
    });
    expect(ingress.envelopes[0]!.platformMessageId).toMatch(/^\d+$/);
  });

  it('maps /start <code> typed by the person to a link', async () => {
    const client = server.getClient(token, { userId: 5552, chatId: 5552 });
    await client.sendCommand(client.makeCommand('/start inv_abc123'));
    await waitFor(() => ingress.envelopes.some((e) => e.externalUserId === '5552'), 'the link envelope');
    expect(ingress.envelopes.find((e) => e.externalUserId === '5552')?.content).toEqual({
      type: 'link',
      code: 'inv_abc123',
    });
  });

  it('sends a prompt with buttons; a press comes back as a confirmation and removes them', async () => {
    const client = server.getClient(token, { userId: 5553, chatId: 5553 });
    const prompt: OutboundMessage = {
      id: 'turn-1:0',
      kind: 'text',
      channel: 'telegram',
      account: 'TestNameBot',
      chatId: '5553',
      tenantId: 't1',
      conversationId: 'c1',
      correlationId: 'corr-prompt',
      text: 'Confirma o boleto de R$ 150,00?',
      buttons: { nonce: 'n0nce-7f3a', yesLabel: 'Sim', noLabel: 'Não' },
    };
    await channel.sender.send(prompt);

    const received = await client.getUpdates();
    const sent = received.result[0] as unknown as {
      messageId: number;
      message: {
        text: string;
        reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] };
      };
    };
    expect(sent.message.text).toBe('Confirma o boleto de R$ 150,00?');
    const [yes, no] = sent.message.reply_markup.inline_keyboard[0]!;
    expect([yes?.text, no?.text]).toEqual(['Sim', 'Não']);
    expect(Buffer.byteLength(yes!.callback_data)).toBeLessThanOrEqual(64);

    await client.sendCallback(
      client.makeCallbackQuery(yes!.callback_data, { message: { message_id: sent.messageId } }),
    );
    await waitFor(() => ingress.envelopes.some((e) => e.content.type === 'confirmation'), 'the confirmation');
    expect(ingress.envelopes.find((e) => e.content.type === 'confirmation')).toMatchObject({
      externalUserId: '5553',
      chatId: '5553',
      content: { type: 'confirmation', nonce: 'n0nce-7f3a', answer: 'yes' },
    });

    expect(apiCalls).toContain('answerCallbackQuery');
    const history = server.getUpdatesHistory(token) as unknown as {
      messageId: number;
      message: { reply_markup?: { inline_keyboard: unknown[] } };
    }[];
    const edited = history.find((update) => update.messageId === sent.messageId);
    expect(edited?.message.reply_markup?.inline_keyboard).toEqual([]);
  });
});
