import { redisLeases } from '../../src/stores/redis-lease';
import type { Redis } from 'ioredis';
import { ChatPacer } from '../../src/channels/telegram/pacer';
import {
  createTelegramChannel,
  type TelegramChannel,
  type TelegramOptionsInput,
} from '../../src/channels/telegram';
import {
  ChannelRateLimitedError,
  InvalidInputError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../src/core/errors';
import type { OutboundMessage } from '../../src/core/messages';
import { FakeBotApi } from './telegram-fake-bot-api';
import {
  MemoryAudioStore,
  RecordingIngress,
  deleteKeys,
  freePort,
  newRedis,
  noPacing,
  silentLogger,
  testBotInfo,
  testPrefix,
} from './telegram-helpers';

/** The ChannelSender against a fake Bot API that can answer errors (telegram-test-api cannot). */
describe('TelegramSender', () => {
  const token = '616161:sender-test-token';
  const prefix = testPrefix('tg-sender');
  const api = new FakeBotApi(token);
  let redis: Redis;
  let counter = 0;

  function channelWith(options: Partial<TelegramOptionsInput> = {}, client: Redis = redis): TelegramChannel {
    return createTelegramChannel({
      options: { token, apiRoot: api.apiRoot, redisPrefix: prefix, pacing: noPacing, ...options },
      ingress: new RecordingIngress(),
      audioStore: new MemoryAudioStore(),
      redis: client,
      leases: redisLeases(client),
      logger: silentLogger,
      botInfo: testBotInfo,
    });
  }

  function reply(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
    counter += 1;
    return {
      id: `turn-${counter}:0`,
      kind: 'text',
      channel: 'telegram',
      account: 'IrisTestBot',
      chatId: '123456789',
      tenantId: 't1',
      conversationId: 'c1',
      correlationId: `corr-${counter}`,
      text: 'Boleto criado.',
      ...overrides,
    };
  }

  beforeAll(async () => {
    await api.start();
    redis = newRedis();
  });

  afterAll(async () => {
    await api.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  beforeEach(() => {
    api.handlers.clear();
    api.calls.length = 0;
  });

  it('turns a 429 into ChannelRateLimitedError with retry_after in milliseconds', async () => {
    api.handlers.set('sendMessage', () => ({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    }));
    const error = await channelWith()
      .sender.send(reply())
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ChannelRateLimitedError);
    expect((error as ChannelRateLimitedError).retryAfterMs).toBe(3000);
    expect((error as ChannelRateLimitedError).retryable).toBe(true);
  });

  it('makes a 5xx retryable and a 4xx final', async () => {
    const sender = channelWith().sender;
    api.handlers.set('sendMessage', () => ({ ok: false, error_code: 502, description: 'Bad Gateway' }));
    const down = await sender.send(reply()).catch((err: unknown) => err);
    expect(down).toBeInstanceOf(ProviderResponseError);
    expect((down as ProviderResponseError).retryable).toBe(true);

    api.handlers.set('sendMessage', () => ({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    }));
    const blocked = await sender.send(reply()).catch((err: unknown) => err);
    expect(blocked).toBeInstanceOf(ProviderResponseError);
    expect((blocked as ProviderResponseError).status).toBe(403);
    expect((blocked as ProviderResponseError).retryable).toBe(false);
  });

  it('turns an unreachable API into a retryable ProviderUnavailableError that does not carry the token', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const error = await channelWith({ apiRoot: closed })
      .sender.send(reply())
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).retryable).toBe(true);
    expect(
      JSON.stringify({ message: (error as Error).message, cause: String((error as Error).cause) }),
    ).not.toContain(token);
  });

  it('sends typing as a chat action', async () => {
    await channelWith().sender.send(reply({ kind: 'typing', text: '' }));
    expect(api.callsOf('sendChatAction')[0]?.payload).toEqual({ chat_id: 123456789, action: 'typing' });
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('sends plain text with a reply reference, and buttons carrying the nonce', async () => {
    await channelWith().sender.send(
      reply({
        chatId: '-1001234567890',
        replyTo: '61',
        buttons: { nonce: 'abc', yesLabel: 'Sí', noLabel: 'No' },
      }),
    );
    expect(api.callsOf('sendMessage')[0]?.payload).toEqual({
      chat_id: -1001234567890,
      text: 'Boleto criado.',
      reply_parameters: { message_id: 61, allow_sending_without_reply: true },
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Sí', callback_data: 'c:abc:y' },
            { text: 'No', callback_data: 'c:abc:n' },
          ],
        ],
      },
    });
  });

  it('sends a document after its text, once even when the job runs again', async () => {
    const pdf = Buffer.from('%PDF-1.4 boleto 12');
    const message = reply({
      text: 'Segue o PDF do boleto nº 12.',
      document: { fileName: 'boleto-12.pdf', mimeType: 'application/pdf', base64: pdf.toString('base64') },
    });
    const sender = channelWith().sender;
    await sender.send(message);
    await sender.send(message);
    expect(api.calls.map((call) => call.method)).toEqual(['sendMessage', 'sendDocument']);
    expect(api.callsOf('sendDocument')[0]?.payload).toEqual({
      chat_id: '123456789',
      document: { fileName: 'boleto-12.pdf', bytes: pdf },
    });
  });

  it('sends the prompt without buttons when the nonce cannot fit in callback data', async () => {
    await channelWith().sender.send(
      reply({ buttons: { nonce: 'n'.repeat(80), yesLabel: 'Sim', noLabel: 'Não' } }),
    );
    expect(api.callsOf('sendMessage')[0]?.payload.reply_markup).toBeUndefined();
  });

  it('takes the buttons off the last prompt once a reply says the prompt is closed, and only then', async () => {
    const sender = channelWith().sender;
    const chatId = '555000111';
    await sender.send(
      reply({ chatId, text: 'Confirma?', buttons: { nonce: 'k1', yesLabel: 'Sim', noLabel: 'Não' } }),
    );
    const promptId = api.callsOf('sendMessage').length; // the fake numbers messages by count
    // "Responda exatamente: sim / não": the prompt is still open, its buttons stay.
    await sender.send(reply({ chatId, text: 'Responda exatamente: sim / não' }));
    expect(api.callsOf('editMessageReplyMarkup')).toHaveLength(0);
    // "sim" typed: the answer closes the prompt.
    await sender.send(reply({ chatId, text: 'Boleto criado.', closesPrompt: true }));
    expect(api.callsOf('editMessageReplyMarkup').map((call) => call.payload)).toEqual([
      { chat_id: 555000111, message_id: promptId, reply_markup: { inline_keyboard: [] } },
    ]);
    // Nothing left to take off afterwards.
    await sender.send(reply({ chatId, text: 'Operação cancelada.', closesPrompt: true }));
    expect(api.callsOf('editMessageReplyMarkup')).toHaveLength(1);
  });

  it('sends a reply even when its stale buttons cannot be taken off', async () => {
    const sender = channelWith().sender;
    const chatId = '555000222';
    await sender.send(
      reply({ chatId, text: 'Confirma?', buttons: { nonce: 'k2', yesLabel: 'Sim', noLabel: 'Não' } }),
    );
    api.handlers.set('editMessageReplyMarkup', () => ({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message is not modified',
    }));
    await sender.send(reply({ chatId, text: 'Boleto criado.', closesPrompt: true }));
    expect(api.callsOf('sendMessage').at(-1)?.payload.text).toBe('Boleto criado.');
  });

  it('does not send the same reply twice when a job is retried', async () => {
    const sender = channelWith().sender;
    const message = reply();
    await sender.send(message);
    await sender.send(message);
    expect(api.callsOf('sendMessage')).toHaveLength(1);
  });

  it('refuses a message for another channel', async () => {
    await expect(channelWith().sender.send(reply({ channel: 'whatsapp' }))).rejects.toBeInstanceOf(
      InvalidInputError,
    );
  });

  it('paces one chat across two processes: slots at least one interval apart, whoever takes them', async () => {
    const interval = 1000;
    const otherRedis = newRedis();
    const keyPrefix = `${prefix}:pace-test`;
    const intervals = { privateIntervalMs: interval, groupIntervalMs: 3 * interval };
    const here = new ChatPacer(redis, keyPrefix, intervals);
    const there = new ChatPacer(otherRedis, keyPrefix, intervals);
    const taken = await Promise.all([here, there, here, there, here].map((pacer) => pacer.reserve('555')));
    const groupTaken = await Promise.all([here, there].map((pacer) => pacer.reserve('-100555')));
    otherRedis.disconnect();

    const slots = taken.map((slot) => slot.slotAtMs).sort((a, b) => a - b);
    slots.slice(1).forEach((slot, i) => expect(slot - slots[i]!).toBeGreaterThanOrEqual(interval));
    expect(taken.filter((slot) => slot.waitMs > 0)).toHaveLength(4); // only the first goes at once
    const [g1, g2] = groupTaken.map((slot) => slot.slotAtMs).sort((a, b) => a - b);
    expect(g2! - g1!).toBeGreaterThanOrEqual(3 * interval);
  });

  it('takes a pacing slot for every message it sends', async () => {
    const sender = channelWith({ pacing: { privateIntervalMs: 50, groupIntervalMs: 50 } });
    await sender.sender.send(reply({ chatId: '556' }));
    await sender.sender.send(reply({ chatId: '556' }));
    expect(api.callsOf('sendMessage')).toHaveLength(2);
    expect(await redis.exists(`${prefix}:telegram:${sender.tokenId}:pace:556`)).toBe(1);
  });
});
