import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectAudioFormat, mimeTypeFromHeader, sniffAudioMimeType } from '../../src/providers/audio';
import { estimateDurationMs } from '../../src/providers/audio-duration';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/audio', name));

/** Bytes from a hex string, padded with zeros to `length`. */
function hex(value: string, length = 64): Uint8Array {
  const bytes = new Uint8Array(Math.max(length, value.length / 2));
  bytes.set(Buffer.from(value, 'hex'));
  return bytes;
}

/** A minimal PCM WAV: 44-byte header + `dataBytes` of silence. */
function wav(
  sampleRate: number,
  channels: number,
  bits: number,
  dataBytes: number,
  declaredSize = dataBytes,
) {
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  buffer.writeUInt16LE((channels * bits) / 8, 32);
  buffer.writeUInt16LE(bits, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(declaredSize >>> 0, 40);
  return buffer;
}

describe('audio format sniffing', () => {
  it.each([
    ['boleto-pt-br.ogg', 'audio/ogg'],
    ['gasto-es-mx.ogg', 'audio/ogg'],
    ['boleto-pt-br.mp3', 'audio/mpeg'],
    ['boleto-pt-br-noid3.mp3', 'audio/mpeg'],
    ['boleto-pt-br.m4a', 'audio/mp4'],
    ['boleto-pt-br.wav', 'audio/wav'],
    ['gasto-es-mx.webm', 'audio/webm'],
  ])('recognizes %s as %s', (name, mime) => {
    expect(detectAudioFormat(fixture(name))).toBe(mime);
  });

  it.each([
    ['MPEG-1 layer III frame sync', 'fffb9064', 'audio/mpeg'],
    ['MPEG-2 layer III frame sync', 'fff3', 'audio/mpeg'],
    ['MPEG-2.5 layer III frame sync', 'ffe3', 'audio/mpeg'],
    ['ADTS AAC', 'fff15080', 'audio/aac'],
    ['FLAC', '664c6143', 'audio/flac'],
    ['MP4 with another brand', '00000020667479706d703432', 'audio/mp4'],
  ])('recognizes %s', (_label, bytes, mime) => {
    expect(sniffAudioMimeType(hex(bytes))).toBe(mime);
  });

  it.each([
    ['empty', ''],
    ['text', Buffer.from('hello, this is not audio').toString('hex')],
    ['PNG', '89504e470d0a1a0a'],
    ['PDF', '255044462d312e34'],
    ['RIFF that is not WAVE (AVI)', '52494646000000004156492020'],
    ['Matroska video', '1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61'],
    ['MPEG layer II', 'fffd'],
    ['reserved MPEG version', 'ffeb'],
  ])('refuses %s', (_label, bytes) => {
    expect(detectAudioFormat(hex(bytes, bytes.length / 2))).toBe('unsupported');
  });

  it('trusts the bytes over the label', () => {
    // A voice note forwarded as a generic file is still Ogg.
    expect(mimeTypeFromHeader('application/octet-stream')).toBeUndefined();
    expect(detectAudioFormat(fixture('boleto-pt-br.ogg'))).toBe('audio/ogg');
  });
});

describe('declared mime types', () => {
  it.each([
    ['audio/ogg', 'audio/ogg'],
    ['audio/ogg; codecs=opus', 'audio/ogg'],
    ['AUDIO/OGG;codecs="opus"', 'audio/ogg'],
    ['audio/opus', 'audio/ogg'],
    ['audio/mpeg', 'audio/mpeg'],
    ['audio/mp3', 'audio/mpeg'],
    ['audio/x-m4a', 'audio/mp4'],
    ['audio/mp4', 'audio/mp4'],
    ['audio/x-wav', 'audio/wav'],
    ['audio/wave', 'audio/wav'],
    ['audio/webm;codecs=opus', 'audio/webm'],
    ['audio/aac', 'audio/aac'],
    ['audio/flac', 'audio/flac'],
  ])('%s means %s', (declared, mime) => {
    expect(mimeTypeFromHeader(declared)).toBe(mime);
  });

  it.each(['video/mp4', 'image/jpeg', 'text/plain', '', 'audio/amr'])('%s is not accepted', (declared) => {
    expect(mimeTypeFromHeader(declared)).toBeUndefined();
  });

  it('undefined is not accepted', () => {
    expect(mimeTypeFromHeader(undefined)).toBeUndefined();
  });
});

describe('duration estimate', () => {
  // The speech lasts 3.926 s (pt-BR) and 3.743 s (es-MX) at the source (espeak-ng).
  it.each([
    ['boleto-pt-br.wav', 3926],
    ['boleto-pt-br.ogg', 3926],
    ['gasto-es-mx.ogg', 3743],
    ['boleto-pt-br.m4a', 3927],
  ])('%s lasts about %d ms', (name, expected) => {
    const duration = estimateDurationMs(fixture(name));
    expect(duration).toBeDefined();
    expect(Math.abs((duration ?? 0) - expected)).toBeLessThanOrEqual(60);
  });

  it.each(['boleto-pt-br.mp3', 'boleto-pt-br-noid3.mp3', 'gasto-es-mx.webm'])(
    '%s has no cheap duration (undefined)',
    (name) => {
      expect(estimateDurationMs(fixture(name))).toBeUndefined();
    },
  );

  it('reads WAV durations exactly from the header', () => {
    expect(estimateDurationMs(wav(16_000, 1, 16, 32_000))).toBe(1000);
    expect(estimateDurationMs(wav(48_000, 2, 16, 96_000))).toBe(500);
  });

  it('trusts the bytes present when a streamed WAV declares a placeholder data size', () => {
    expect(estimateDurationMs(wav(8_000, 1, 8, 4_000, 0xffffffff))).toBe(500);
    expect(estimateDurationMs(wav(8_000, 1, 8, 4_000, 0))).toBe(500);
  });

  it('reads FLAC STREAMINFO (rate and total samples)', () => {
    const flac = Buffer.alloc(42);
    flac.write('fLaC', 0, 'ascii');
    flac[4] = 0x80; // last metadata block, type 0 (STREAMINFO)
    flac.writeUIntBE(34, 5, 3);
    // sample rate 16000 (20 bits), mono (000), 16 bits (01111), 24 000 samples (36 bits)
    flac.writeUInt32BE((16_000 << 12) | (0 << 9) | (15 << 4) | 0, 18);
    flac.writeUInt32BE(24_000, 22);
    expect(estimateDurationMs(flac)).toBe(1500);
  });

  it('gives undefined, never throws, on truncated or corrupt headers', () => {
    const ogg = fixture('boleto-pt-br.ogg');
    expect(estimateDurationMs(ogg.subarray(0, 30))).toBeUndefined();
    expect(estimateDurationMs(fixture('boleto-pt-br.wav').subarray(0, 20))).toBeUndefined();
    expect(estimateDurationMs(fixture('boleto-pt-br.m4a').subarray(0, 40))).toBeUndefined();
    expect(estimateDurationMs(hex('664c6143'))).toBeUndefined();
    expect(estimateDurationMs(new Uint8Array(0))).toBeUndefined();
    expect(estimateDurationMs(hex('52494646ffffffff57415645'), 'audio/wav')).toBeUndefined();
  });

  it('works on a Buffer that is a slice of a larger pool', () => {
    const original = fixture('boleto-pt-br.ogg');
    // A view 7 bytes into a larger memory, as Node's buffer pool hands out.
    const pooled = Buffer.from(new ArrayBuffer(original.length + 7), 7, original.length);
    original.copy(pooled);
    expect(pooled.byteOffset).toBe(7);
    expect(estimateDurationMs(pooled)).toBe(estimateDurationMs(original));
  });
});
