import type { Logger } from 'pino';
import type { InboundContent } from '../../core/messages';
import { MediaTooLargeError } from './errors';
import type { PendingAudio } from './map-message';
import type { AudioStore, WhatsappConnection } from './ports';
import type { WaMessage } from './wa-types';

/**
 * Downloads a voice note at once (WhatsApp media URLs expire; Baileys asks the sender's phone
 * to re-upload expired media through `reuploadRequest`), reading at most `maxBytes` whatever
 * the message declared, and stores the bytes through the `AudioStore` port.
 *
 * Failures never drop the message: too large -> `audio_rejected` (the engine explains the cap);
 * a download or store failure -> `unsupported` with `what: 'audio_unavailable'`, so the person is
 * asked to send it again or type it (the engine's catalog has the sentence).
 */
export async function intakeAudio(
  message: WaMessage,
  pending: PendingAudio,
  deps: {
    download: WhatsappConnection['downloadMedia'];
    audioStore: AudioStore;
    maxBytes: number;
    logger: Logger;
  },
): Promise<InboundContent> {
  let bytes: Buffer;
  try {
    bytes = await deps.download(message, { maxBytes: deps.maxBytes });
  } catch (error) {
    if (error instanceof MediaTooLargeError) return { type: 'audio_rejected', reason: 'too_large' };
    deps.logger.error({ err: error }, 'whatsapp: voice note download failed');
    return { type: 'unsupported', what: 'audio_unavailable' };
  }
  if (bytes.length > deps.maxBytes) return { type: 'audio_rejected', reason: 'too_large' };
  try {
    const audioKey = await deps.audioStore.put(bytes, pending.mimeType);
    const content: InboundContent = {
      type: 'audio',
      audioKey,
      mimeType: pending.mimeType,
      sizeBytes: bytes.length,
    };
    if (pending.durationSec !== undefined) content.durationSec = pending.durationSec;
    return content;
  } catch (error) {
    deps.logger.error({ err: error }, 'whatsapp: voice note could not be stored');
    return { type: 'unsupported', what: 'audio_unavailable' };
  }
}
