import { sniffAudioMimeType, type AudioMimeType } from './audio';

/**
 * Audio duration read from container headers, for the duration cap (`AUDIO_MAX_SECONDS`)
 * and for logs and cost estimates. Only where it is cheap and exact enough: no decoding,
 * no scanning of every frame.
 *
 * - WAV: `data` chunk size / `fmt ` byte rate (exact).
 * - Ogg: last page's granule position / sample rate, less Opus pre-skip (exact for Opus,
 *   whose granule clock is always 48 kHz; Vorbis uses its own rate).
 * - MP4/M4A: `moov/mvhd` duration / time scale.
 * - FLAC: STREAMINFO total samples / sample rate.
 * - MP3, WebM, AAC: `undefined` (would need a frame scan or an EBML parser); callers then
 *   fall back to the byte-size cap.
 *
 * Never throws on malformed input: anything unexpected gives `undefined`.
 */
export function estimateDurationMs(bytes: Uint8Array, mimeType?: AudioMimeType): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mimeType ?? sniffAudioMimeType(bytes)) {
      case 'audio/wav':
        return wavDurationMs(bytes, view);
      case 'audio/ogg':
        return oggDurationMs(bytes, view);
      case 'audio/mp4':
        return mp4DurationMs(bytes, view);
      case 'audio/flac':
        return flacDurationMs(bytes, view);
      default:
        return undefined;
    }
  } catch {
    return undefined; // a header pointing past the end (RangeError) or similar
  }
}

function tag(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

function positiveMs(numerator: number, perSecond: number): number | undefined {
  if (!(perSecond > 0) || !(numerator >= 0) || !Number.isFinite(numerator)) return undefined;
  return Math.round((numerator / perSecond) * 1000);
}

/** RIFF chunks after the 12-byte header: `id(4) size(4 LE) data`, padded to even size. */
function wavDurationMs(bytes: Uint8Array, view: DataView): number | undefined {
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = tag(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') {
      // Streamed WAVs may carry a placeholder size (0 or 0xFFFFFFFF): trust the bytes we have.
      const available = bytes.length - (offset + 8);
      const dataSize = size === 0 || size > available ? available : size;
      return byteRate === undefined ? undefined : positiveMs(dataSize, byteRate);
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** Ogg page header: `OggS`, version 0 at 4, granule (int64 LE) at 6, serial at 14, segments at 26. */
function oggDurationMs(bytes: Uint8Array, view: DataView): number | undefined {
  const packet = 27 + (bytes[26] ?? 0);
  let rate: number;
  let preSkip = 0;
  if (tag(bytes, packet) + tag(bytes, packet + 4) === 'OpusHead') {
    rate = 48_000;
    preSkip = view.getUint16(packet + 10, true);
  } else if (
    bytes[packet] === 1 &&
    tag(bytes, packet + 1) + tag(bytes, packet + 5).slice(0, 2) === 'vorbis'
  ) {
    rate = view.getUint32(packet + 12, true);
  } else {
    return undefined;
  }
  const serial = view.getUint32(14, true);
  // The last page with a granule position for our stream; pages whose packet does not end
  // there carry granule -1 and are skipped.
  for (let offset = bytes.length - 27; offset > 0; offset--) {
    if (bytes[offset] !== 0x4f || tag(bytes, offset) !== 'OggS' || bytes[offset + 4] !== 0) continue;
    if (view.getUint32(offset + 14, true) !== serial) continue;
    const low = view.getUint32(offset + 6, true);
    const high = view.getInt32(offset + 10, true);
    if (high === -1 && low === 0xffffffff) continue;
    return positiveMs(Math.max(0, high * 2 ** 32 + low - preSkip), rate);
  }
  return undefined;
}

/** ISO BMFF boxes: `size(4 BE) type(4)`; size 1 means a 64-bit size follows, 0 means "to the end". */
function findBox(bytes: Uint8Array, view: DataView, type: string, start: number, end: number) {
  for (let offset = start; offset + 8 <= end;) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) return undefined;
    if (tag(bytes, offset + 4) === type) return { body: offset + header, end: Math.min(end, offset + size) };
    offset += size;
  }
  return undefined;
}

function mp4DurationMs(bytes: Uint8Array, view: DataView): number | undefined {
  const moov = findBox(bytes, view, 'moov', 0, bytes.length);
  const mvhd = moov && findBox(bytes, view, 'mvhd', moov.body, moov.end);
  if (!mvhd) return undefined;
  const version = bytes[mvhd.body];
  if (version === 1) {
    // version/flags 4, creation 8, modification 8, time scale 4, duration 8
    return positiveMs(Number(view.getBigUint64(mvhd.body + 24)), view.getUint32(mvhd.body + 20));
  }
  // version/flags 4, creation 4, modification 4, time scale 4, duration 4
  return positiveMs(view.getUint32(mvhd.body + 16), view.getUint32(mvhd.body + 12));
}

/** STREAMINFO is the first metadata block: its bytes 10..17 hold rate (20 bits) and samples (36 bits). */
function flacDurationMs(bytes: Uint8Array, view: DataView): number | undefined {
  if (((bytes[4] ?? 0xff) & 0x7f) !== 0) return undefined;
  const info = 8;
  const rate = view.getUint32(info + 10) >>> 12;
  const totalSamples = ((bytes[info + 13] ?? 0) & 0x0f) * 2 ** 32 + view.getUint32(info + 14);
  return totalSamples === 0 ? undefined : positiveMs(totalSamples, rate);
}
