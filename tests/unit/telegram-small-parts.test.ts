import { GrammyError, HttpError } from 'grammy';
import { decodeConfirmation, encodeConfirmation } from '../../src/channels/telegram/callback-data';
import { toChannelError } from '../../src/channels/telegram/api-errors';
import { telegramOptionsSchema } from '../../src/channels/telegram/options';
import { describeError, redact, tokenId } from '../../src/channels/telegram/secrets';
import { splitText } from '../../src/channels/telegram/split-text';
import {
  ChannelRateLimitedError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../src/core/errors';

const TOKEN = '123456789:AAEhBP0av18tEST_t0ken-abcdefghijklmno';

describe('callback data', () => {
  it('round-trips a nonce and an answer within 64 bytes', () => {
    const data = encodeConfirmation('8f14e45fceea167a5a36dedd4bea2543', 'no');
    expect(data).toBe('c:8f14e45fceea167a5a36dedd4bea2543:n');
    expect(decodeConfirmation(data)).toEqual({ nonce: '8f14e45fceea167a5a36dedd4bea2543', answer: 'no' });
  });

  it('refuses a nonce that would not fit, and data that is not ours', () => {
    expect(encodeConfirmation('x'.repeat(61), 'yes')).toBeUndefined();
    expect(encodeConfirmation('x'.repeat(60), 'yes')).toHaveLength(64);
    expect(decodeConfirmation('c::y')).toBeUndefined();
    expect(decodeConfirmation('other')).toBeUndefined();
    expect(decodeConfirmation(undefined)).toBeUndefined();
  });
});

describe('api errors', () => {
  const grammyError = (error_code: number, parameters = {}) =>
    new GrammyError(
      "Call to 'sendMessage' failed!",
      { ok: false, error_code, description: 'Too Many Requests: retry after 3', parameters },
      'sendMessage',
      { chat_id: 1, text: 'private words' },
    );

  it('turns a 429 into ChannelRateLimitedError with retry_after in ms', () => {
    const err = toChannelError(grammyError(429, { retry_after: 3 }), TOKEN);
    expect(err).toBeInstanceOf(ChannelRateLimitedError);
    expect((err as ChannelRateLimitedError).retryAfterMs).toBe(3000);
  });

  it('makes API errors retryable only for 5xx', () => {
    const bad = toChannelError(grammyError(400), TOKEN) as ProviderResponseError;
    expect(bad).toBeInstanceOf(ProviderResponseError);
    expect([bad.status, bad.retryable]).toEqual([400, false]);
    const down = toChannelError(grammyError(502), TOKEN) as ProviderResponseError;
    expect([down.status, down.retryable]).toEqual([502, true]);
  });

  it('never throws on an error body without a description (getFile failing that way stopped polling)', () => {
    const bare = new GrammyError(
      "Call to 'getFile' failed!",
      { ok: false, error_code: 400 } as never,
      'getFile',
      { file_id: 'x' },
    );
    const err = toChannelError(bare, TOKEN) as ProviderResponseError;
    expect(err).toBeInstanceOf(ProviderResponseError);
    expect(err.message).toContain('getFile: (no description)');
  });

  it('turns a network failure into a retryable ProviderUnavailableError without the token', () => {
    const raw = new Error(
      `request to https://api.telegram.org/bot${TOKEN}/sendMessage failed, reason: ECONNRESET`,
    );
    const err = toChannelError(new HttpError("Network request for 'sendMessage' failed!", raw), TOKEN);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as ProviderUnavailableError).retryable).toBe(true);
    expect(JSON.stringify(describeError(err))).not.toContain(TOKEN);
    expect(String((err.cause as Error).message)).not.toContain(TOKEN);
  });
});

describe('secrets', () => {
  it('names the bot by a hash and scrubs the token from text', () => {
    expect(tokenId(TOKEN)).toMatch(/^[0-9a-f]{16}$/);
    expect(tokenId(TOKEN)).not.toContain('123456789');
    expect(redact(`GET /bot${TOKEN}/getMe`, TOKEN)).toBe('GET /bot<token>/getMe');
    expect(redact(`GET /bot${TOKEN}/getMe`)).toBe('GET /bot<token>/getMe');
  });
});

describe('split text', () => {
  it('keeps short replies whole and splits long ones at line breaks', () => {
    expect(splitText('oi')).toEqual(['oi']);
    const line = 'a'.repeat(30);
    const text = Array.from({ length: 10 }, () => line).join('\n');
    const pieces = splitText(text, 100);
    expect(pieces.every((piece) => piece.length <= 100)).toBe(true);
    expect(pieces.join('\n')).toBe(text);
  });

  it('never cuts a surrogate pair', () => {
    const pieces = splitText('a'.repeat(9) + '😀'.repeat(5), 10);
    expect(pieces.join('')).toBe('a'.repeat(9) + '😀'.repeat(5));
    expect(pieces.every((piece) => !/[\ud800-\udbff]$/.test(piece))).toBe(true);
  });
});

describe('options', () => {
  it('fills the documented defaults', () => {
    const options = telegramOptionsSchema.parse({ token: TOKEN });
    expect(options).toMatchObject({
      apiRoot: 'https://api.telegram.org',
      redisPrefix: 'iris',
      audio: { enabled: true, maxBytes: 10 * 1024 * 1024, maxDurationSec: 180, downloadTimeoutMs: 15_000 },
      polling: { leaseTtlMs: 3_600, timeoutSec: 30 },
      pacing: { privateIntervalMs: 1000, groupIntervalMs: 3000 },
    });
    expect(options.webhook).toBeUndefined();
  });

  it('by default a standby takes over within 5 s of the poller dying (TTL plus one retry interval)', () => {
    const { leaseTtlMs } = telegramOptionsSchema.parse({ token: TOKEN }).polling;
    expect(leaseTtlMs + leaseTtlMs / 3).toBeLessThanOrEqual(5_000);
  });

  it('refuses a malformed token without echoing it', () => {
    const result = telegramOptionsSchema.safeParse({ token: 'not-a-token-secret' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).not.toContain('not-a-token-secret');
  });
});
