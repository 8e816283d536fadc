/**
 * Which audio Iris accepts, decided from the bytes themselves.
 *
 * Platforms label audio loosely: Telegram voice notes arrive as `audio/ogg`, WhatsApp's as
 * `audio/ogg; codecs=opus`, forwarded files as `application/octet-stream` or whatever the
 * sender's phone chose. The declared type is therefore only a hint, good for refusing
 * early (before downloading) with {@link mimeTypeFromHeader}; the authoritative check is
 * {@link detectAudioFormat}, which sniffs the container's magic bytes. What a provider
 * receives is always the canonical type of what was sniffed.
 *
 * | container               | magic bytes                                  | canonical type |
 * |-------------------------|----------------------------------------------|----------------|
 * | Ogg (Opus, Vorbis)      | `OggS` at 0 (both channels' voice notes)      | `audio/ogg`    |
 * | MP3                     | `ID3` at 0, or an MPEG layer III frame sync   | `audio/mpeg`   |
 * | MP4 / M4A (AAC)         | `ftyp` at 4                                   | `audio/mp4`    |
 * | WAV                     | `RIFF` at 0 and `WAVE` at 8                   | `audio/wav`    |
 * | WebM (Opus)             | EBML `1A 45 DF A3` with doc type `webm`       | `audio/webm`   |
 * | FLAC                    | `fLaC` at 0                                   | `audio/flac`   |
 * | AAC (ADTS)              | frame sync `FFF` with layer bits `00`         | `audio/aac`    |
 *
 * Durations, where they are cheap to read from headers, are in `./audio-duration`.
 */

export const AUDIO_MIME_TYPES = [
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/webm',
  'audio/flac',
  'audio/aac',
] as const;
export type AudioMimeType = (typeof AUDIO_MIME_TYPES)[number];

/** Declared types (lower case, parameters removed) and the canonical type each one means. */
const DECLARED_ALIASES: Readonly<Record<string, AudioMimeType>> = {
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
  'audio/x-opus+ogg': 'audio/ogg',
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'audio/wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/webm': 'audio/webm',
  'audio/flac': 'audio/flac',
  'audio/x-flac': 'audio/flac',
  'audio/aac': 'audio/aac',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
};

/**
 * The canonical type a declared `Content-Type` / platform mime type stands for, or
 * `undefined` when it is not one we accept. `'audio/ogg; codecs=opus'` -> `'audio/ogg'`.
 * A hint only: use it to refuse early, never to label bytes (see {@link detectAudioFormat}).
 */
export function mimeTypeFromHeader(declared: string | undefined): AudioMimeType | undefined {
  if (declared === undefined) return undefined;
  const essence = declared.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return DECLARED_ALIASES[essence];
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (bytes.length < offset + length) return '';
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** EBML header: the DocType element (ID 0x4282) says `webm` or `matroska`. */
function isWebm(bytes: Uint8Array): boolean {
  if (!(bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)) return false;
  const head = ascii(bytes, 0, Math.min(bytes.length, 64));
  return head.includes('webm');
}

/**
 * MPEG audio frame header: 11 sync bits, then version (2 bits), layer (2 bits). Layer `01`
 * is Layer III (MP3); layer `00` with the 12-bit sync is an ADTS AAC frame.
 */
function frameSyncType(bytes: Uint8Array): AudioMimeType | undefined {
  const [b0, b1] = [bytes[0], bytes[1]];
  if (b0 !== 0xff || b1 === undefined || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 0b11; // 01 is reserved
  const layer = (b1 >> 1) & 0b11;
  if (layer === 0b01 && version !== 0b01) return 'audio/mpeg';
  if (layer === 0b00 && (b1 & 0xf0) === 0xf0) return 'audio/aac';
  return undefined;
}

/** The canonical type of the container in `bytes`, from its magic bytes; `undefined` if unknown. */
export function sniffAudioMimeType(bytes: Uint8Array): AudioMimeType | undefined {
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'audio/mp4';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  if (isWebm(bytes)) return 'audio/webm';
  return frameSyncType(bytes);
}

/**
 * The canonical type of the audio in `bytes`, or `'unsupported'`. The bytes decide: a recognized
 * container wins over a wrong label (a voice note sent as `application/octet-stream` is
 * still Ogg), and bytes we cannot recognize are refused whatever their label says, so a
 * provider never receives data we could not identify.
 */
export function detectAudioFormat(bytes: Uint8Array): AudioMimeType | 'unsupported' {
  return sniffAudioMimeType(bytes) ?? 'unsupported';
}
