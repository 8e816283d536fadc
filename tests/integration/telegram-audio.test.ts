import { redisLeases } from '../../src/stores/redis-lease';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import {
  createTelegramChannel,
  type TelegramChannel,
  type TelegramOptionsInput,
} from '../../src/channels/telegram';
import { FakeBotApi } from './telegram-fake-bot-api';
import {
  MemoryAudioStore,
  RecordingIngress,
  deleteKeys,
  fastPolling,
  newRedis,
  noPacing,
  silentLogger,
  testPrefix,
  waitFor,
} from './telegram-helpers';

/** A Telegram channel on the fake Bot API, polling fast, with these audio options. */
function pollingChannel(
  api: FakeBotApi,
  options: { token: string; prefix: string; audio: TelegramOptionsInput['audio'] },
  ingress: RecordingIngress,
  audioStore: MemoryAudioStore,
  redis: Redis,
): TelegramChannel {
  return createTelegramChannel({
    options: {
      token: options.token,
      apiRoot: api.apiRoot,
      redisPrefix: options.prefix,
      polling: fastPolling,
      pacing: noPacing,
      ...(options.audio ? { audio: options.audio } : {}),
    },
    ingress,
    audioStore,
    redis,
    leases: redisLeases(redis),
    logger: silentLogger,
  });
}

/**
 * Voice notes: telegram-test-api has no getFile and serves no files, so these tests use the
 * small fake Bot API server in telegram-fake-bot-api.ts, driven by the real grammY client and
 * the adapter's own poller.
 */
describe('Telegram voice notes (getFile + download -> AudioStore -> envelope)', () => {
  const token = '515151:audio-test-token';
  const prefix = testPrefix('tg-audio');
  const api = new FakeBotApi(token);
  const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(4000, 7)]);
  let redis: Redis;
  let ingress: RecordingIngress;
  let audioStore: MemoryAudioStore;
  let channel: TelegramChannel;
  let polling: Promise<void>;
  let nextUpdateId = 1000;

  /** The recorded voice update, with a fresh update id and file id. */
  function voiceUpdate(fileId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const update = JSON.parse(readFileSync(join(__dirname, '../fixtures/telegram/voice.json'), 'utf8')) as {
      update_id: number;
      message: { voice: Record<string, unknown> };
    };
    update.update_id = nextUpdateId++;
    update.message.voice = { ...update.message.voice, file_id: fileId, ...overrides };
    return update;
  }

  beforeAll(async () => {
    await api.start();
    redis = newRedis();
    ingress = new RecordingIngress();
    audioStore = new MemoryAudioStore();
    channel = pollingChannel(
      api,
      { token, prefix, audio: { maxBytes: 8192, maxDurationSec: 60 } },
      ingress,
      audioStore,
      redis,
    );
    polling = channel.startPolling();
  });

  afterAll(async () => {
    await channel.stop();
    await polling;
    await api.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  beforeEach(() => {
    ingress.envelopes.length = 0;
    api.handlers.clear();
  });

  it('downloads the voice note via getFile and hands the bytes to the AudioStore', async () => {
    api.files.set('voice/file_1.oga', ogg);
    api.handlers.set('getFile', (payload) => ({
      ok: true,
      result: {
        file_id: payload.file_id,
        file_unique_id: 'u1',
        file_size: ogg.length,
        file_path: 'voice/file_1.oga',
      },
    }));
    api.push(voiceUpdate('voice-file-1', { file_size: ogg.length }));

    await waitFor(() => ingress.envelopes.length === 1, 'the audio envelope');
    const [envelope] = ingress.envelopes;
    expect(envelope?.content).toMatchObject({
      type: 'audio',
      mimeType: 'audio/ogg',
      sizeBytes: ogg.length,
      durationSec: 4,
    });
    const key = envelope?.content.type === 'audio' ? envelope.content.audioKey : '';
    expect(audioStore.stored.get(key)).toEqual({ bytes: ogg, mimeType: 'audio/ogg' });
    expect(api.callsOf('getFile').at(-1)?.payload).toEqual({ file_id: 'voice-file-1' });
  });

  it('retries the update when the AudioStore is down, and delivers it once', async () => {
    api.files.set('voice/file_2.oga', ogg);
    api.handlers.set('getFile', () => ({
      ok: true,
      result: { file_id: 'voice-file-2', file_unique_id: 'u2', file_path: 'voice/file_2.oga' },
    }));
    audioStore.failuresLeft = 1;
    const putsBefore = audioStore.puts;
    api.push(voiceUpdate('voice-file-2', { file_size: ogg.length }));

    await waitFor(() => ingress.envelopes.length === 1, 'the audio envelope after a retry');
    expect(audioStore.puts - putsBefore).toBe(2);
    expect(ingress.envelopes[0]?.content.type).toBe('audio');
  });

  it('refuses a download that turns out larger than the cap (no size declared anywhere)', async () => {
    api.files.set('voice/big.oga', Buffer.alloc(20_000, 1));
    api.handlers.set('getFile', () => ({
      ok: true,
      result: { file_id: 'voice-big', file_unique_id: 'u3', file_path: 'voice/big.oga' },
    }));
    api.push(voiceUpdate('voice-big', { file_size: undefined }));

    await waitFor(() => ingress.envelopes.length === 1, 'the rejection');
    expect(ingress.envelopes[0]?.content).toEqual({ type: 'audio_rejected', reason: 'too_large' });
  });

  it("maps the Bot API's 'file is too big' to too_large", async () => {
    api.handlers.set('getFile', () => ({
      ok: false,
      error_code: 400,
      description: 'Bad Request: file is too big',
    }));
    api.push(voiceUpdate('voice-huge', { file_size: undefined }));

    await waitFor(() => ingress.envelopes.length === 1, 'the rejection');
    expect(ingress.envelopes[0]?.content).toEqual({ type: 'audio_rejected', reason: 'too_large' });
  });

  it('refuses a voice note over the caps without calling getFile', async () => {
    const getFileCalls = api.callsOf('getFile').length;
    api.push(voiceUpdate('voice-long', { duration: 61 }));

    await waitFor(() => ingress.envelopes.length === 1, 'the rejection');
    expect(ingress.envelopes[0]?.content).toEqual({ type: 'audio_rejected', reason: 'too_long' });
    expect(api.callsOf('getFile')).toHaveLength(getFileCalls);
  });
});

describe('Telegram voice notes with voice disabled', () => {
  const token = '525252:audio-off-token';
  const prefix = testPrefix('tg-audio-off');
  const api = new FakeBotApi(token);
  let redis: Redis;
  const ingress = new RecordingIngress();
  const audioStore = new MemoryAudioStore();
  let channel: TelegramChannel;
  let polling: Promise<void>;

  beforeAll(async () => {
    await api.start();
    redis = newRedis();
    channel = pollingChannel(api, { token, prefix, audio: { enabled: false } }, ingress, audioStore, redis);
    polling = channel.startPolling();
  });

  afterAll(async () => {
    await channel.stop();
    await polling;
    await api.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('hands over "audio disabled" without calling getFile or storing any bytes', async () => {
    const update = JSON.parse(
      readFileSync(join(__dirname, '../fixtures/telegram/voice.json'), 'utf8'),
    ) as Record<string, unknown>;
    api.push(update);
    await waitFor(() => ingress.envelopes.length === 1, 'the envelope');
    expect(ingress.envelopes[0]?.content).toEqual({ type: 'unsupported', what: 'audio_disabled' });
    expect(api.callsOf('getFile')).toHaveLength(0);
    expect(audioStore.puts).toBe(0);
  });
});
