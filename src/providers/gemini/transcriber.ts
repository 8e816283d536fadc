import type { GenerateContentParameters, GenerateContentResponse } from './sdk';
import { InvalidInputError, ProviderResponseError } from '../../core/errors';
import type { Locale } from '../../core/locale';
import type { Transcriber, TranscriptionRequest } from '../../core/providers';
import { detectAudioFormat, type AudioMimeType } from '../audio';
import { estimateDurationMs } from '../audio-duration';
import type { CircuitStateName, ResilientCaller } from '../resilience';

/**
 * Default transcription model: Gemini 2.5 Flash, the stable (GA) Flash model of the
 * Gemini Developer API, multilingual audio input, cheap per second of audio. Override
 * with `GEMINI_TRANSCRIBE_MODEL` (for example a newer `gemini-*-flash` name).
 */
export const DEFAULT_GEMINI_TRANSCRIBE_MODEL = 'gemini-2.5-flash';

/** Prefix of this provider's errors and log lines; also the name of its resilient caller. */
export const GEMINI_TRANSCRIBER_LABEL = 'gemini-transcriber';

/**
 * Instructions to the model, per tenant locale. Written in the language of the speech,
 * which keeps the model from translating. Not user-visible, so they live here and not in
 * the reply catalogs.
 */
const PROMPTS: Readonly<Record<Locale, string>> = {
  'pt-BR':
    'Transcreva este áudio palavra por palavra, em português do Brasil. ' +
    'Responda somente com a transcrição: sem comentários, sem aspas, sem traduzir e sem corrigir o que foi dito. ' +
    'Se não houver fala compreensível, responda com uma resposta vazia.',
  'es-MX':
    'Transcribe este audio palabra por palabra, en español de México. ' +
    'Responde solo con la transcripción: sin comentarios, sin comillas, sin traducir y sin corregir lo que se dijo. ' +
    'Si no hay habla comprensible, responde con una respuesta vacía.',
};

export function transcriptionPrompt(locale: Locale): string {
  return PROMPTS[locale];
}

/**
 * Gemini's documented audio types (wav, mp3, aiff, aac, ogg, flac) name MP3 `audio/mp3`;
 * the others are sent as sniffed. M4A (`audio/mp4`) and WebM are not on that list: they
 * are sent as they are, and should Gemini refuse one, its 400 comes back as a final
 * `ProviderResponseError` (the person is asked to send the audio again or type).
 */
const GEMINI_MIME: Partial<Record<AudioMimeType, string>> = { 'audio/mpeg': 'audio/mp3' };

/** Token counts of one call, for cost attribution (docs/gemini.md). */
export interface TranscriptionUsage {
  correlationId: string;
  model: string;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  audioDurationMs: number | undefined;
}

/** The one SDK method this provider needs; the real `GoogleGenAI#models` satisfies it. */
export interface GenerateContentApi {
  generateContent(params: GenerateContentParameters): Promise<GenerateContentResponse>;
}

/** The subset of a pino logger this provider uses. */
export interface TranscriberLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GeminiTranscriberOptions {
  /** Usually `createGeminiClient(...).models`. */
  models: GenerateContentApi;
  /** Timeouts, retries and circuit breaker; its `classifyError` should be Gemini's. */
  caller: ResilientCaller;
  /** Default {@link DEFAULT_GEMINI_TRANSCRIBE_MODEL}. */
  model?: string;
  /**
   * Thinking tokens allowed. Default 0: transcription needs no reasoning, and thinking
   * would add latency and billed tokens. `null` leaves the model's default (for models
   * that do not accept a budget).
   */
  thinkingBudget?: number | null;
  /** Cap on generated tokens; stops a runaway repetition loop from billing. Default 2048. */
  maxOutputTokens?: number;
  logger?: TranscriberLogger;
  /** Called after each successful call with its token counts. */
  onUsage?: (usage: TranscriptionUsage) => void;
}

/** Finish reasons after which an empty answer simply means "nothing was said". */
const NORMAL_FINISH = new Set([undefined, 'STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

/**
 * Speech to text with Gemini: the audio travels inline (base64, with its sniffed mime type)
 * next to a short instruction, at temperature 0 so the same audio gives the same words.
 * Inline data keeps one request per voice note; it is fine up to Gemini's 20 MB request
 * size, well above `AUDIO_MAX_BYTES`.
 */
export class GeminiTranscriber implements Transcriber {
  readonly name = 'gemini';
  private readonly model: string;

  constructor(private readonly options: GeminiTranscriberOptions) {
    this.model = options.model ?? DEFAULT_GEMINI_TRANSCRIBE_MODEL;
  }

  /** The provider's circuit: `'open'` means calls currently fail fast without a request. */
  circuitState(): CircuitStateName {
    return this.options.caller.state();
  }

  async transcribe(request: TranscriptionRequest): Promise<{ text: string }> {
    const { audio, locale, correlationId } = request;
    const mimeType = detectAudioFormat(audio.bytes);
    if (mimeType === 'unsupported') {
      throw new InvalidInputError(
        `unsupported audio (declared ${audio.mimeType}, ${audio.bytes.length} bytes)`,
      );
    }
    const audioDurationMs = estimateDurationMs(audio.bytes, mimeType);
    const started = Date.now();
    const response = await this.options.caller.call((signal) =>
      this.options.models.generateContent(this.buildRequest(audio.bytes, mimeType, locale, signal)),
    );
    const text = this.extractText(response, correlationId);
    const usage = response.usageMetadata;
    this.options.logger?.info(
      {
        correlationId,
        provider: GEMINI_TRANSCRIBER_LABEL,
        model: this.model,
        mimeType,
        bytes: audio.bytes.length,
        audioDurationMs,
        latencyMs: Date.now() - started,
        chars: text.length,
        inputTokens: usage?.promptTokenCount,
        outputTokens: usage?.candidatesTokenCount,
      },
      'audio transcribed',
    );
    this.options.onUsage?.({
      correlationId,
      model: this.model,
      inputTokens: usage?.promptTokenCount,
      outputTokens: usage?.candidatesTokenCount,
      audioDurationMs,
    });
    return { text };
  }

  private buildRequest(
    bytes: Buffer,
    mimeType: AudioMimeType,
    locale: Locale,
    abortSignal: AbortSignal,
  ): GenerateContentParameters {
    const thinkingBudget = this.options.thinkingBudget === undefined ? 0 : this.options.thinkingBudget;
    return {
      model: this.model,
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: GEMINI_MIME[mimeType] ?? mimeType, data: bytes.toString('base64') } },
            { text: transcriptionPrompt(locale) },
          ],
        },
      ],
      config: {
        temperature: 0,
        candidateCount: 1,
        maxOutputTokens: this.options.maxOutputTokens ?? 2048,
        ...(thinkingBudget === null ? {} : { thinkingConfig: { thinkingBudget } }),
        abortSignal,
      },
    };
  }

  /** Text parts of the first candidate, thoughts excluded, trimmed. */
  private extractText(response: GenerateContentResponse, correlationId: string): string {
    const blockReason = response.promptFeedback?.blockReason;
    if (blockReason) {
      throw new ProviderResponseError(GEMINI_TRANSCRIBER_LABEL, `audio refused (${blockReason})`);
    }
    const candidate = response.candidates?.[0];
    const text = (candidate?.content?.parts ?? [])
      .filter((part) => typeof part.text === 'string' && part.thought !== true)
      .map((part) => part.text)
      .join('')
      .trim();
    const finishReason = candidate?.finishReason as string | undefined;
    if (text === '' && !NORMAL_FINISH.has(finishReason)) {
      throw new ProviderResponseError(
        GEMINI_TRANSCRIBER_LABEL,
        `no transcript (finish reason ${finishReason})`,
      );
    }
    if (finishReason === 'MAX_TOKENS') {
      this.options.logger?.warn(
        { correlationId, provider: GEMINI_TRANSCRIBER_LABEL, chars: text.length },
        'transcript cut at maxOutputTokens',
      );
    }
    return text;
  }
}
