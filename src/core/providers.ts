import type { Locale } from './locale';

/** Audio handed to a transcription provider. */
export interface AudioInput {
  bytes: Buffer;
  mimeType: string;
}

export interface TranscriptionRequest {
  audio: AudioInput;
  locale: Locale;
  correlationId: string;
}

/**
 * Speech to text. Returns the verbatim transcript; an empty string means the provider heard
 * nothing it could write down (Gate 1 then asks the person to send it again or type).
 * Throws `ProviderResponseError` when the provider answered with an error and
 * `ProviderUnavailableError` when it could not be reached.
 */
export interface Transcriber {
  readonly name: string;
  transcribe(request: TranscriptionRequest): Promise<{ text: string }>;
}
