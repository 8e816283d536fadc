import { ConfigError } from '../core/errors';
import type { Transcriber } from '../core/providers';
import { createGeminiClient } from './gemini/client';
import { toProviderError } from './gemini/errors';
import {
  GEMINI_TRANSCRIBER_LABEL,
  GeminiTranscriber,
  type TranscriberLogger,
  type TranscriptionUsage,
} from './gemini/transcriber';
import { createResilientCaller, type BreakerOptions, type CircuitStateName } from './resilience';

export interface TranscriberConfig {
  /**
   * `'gemini'`: Gemini through `@google/genai` (needs `apiKey`). `'none'`: no speech to
   * text; `createTranscriber` returns `undefined` and the engine answers voice notes with
   * "voice notes are not enabled" instead of failing. There is no offline engine: no
   * package on the npm registry ships a pt-BR / es-MX speech model (the engines there,
   * whisper.cpp, Vosk, sherpa-onnx ports, all download their model at run time).
   */
  provider: 'gemini' | 'none';
  /** `GEMINI_API_KEY`. */
  apiKey?: string;
  /** `GEMINI_BASE_URL`: another endpoint (a proxy, a test server). Default Google's. */
  baseUrl?: string;
  /** `GEMINI_TRANSCRIBE_MODEL`. Default `gemini-2.5-flash`. */
  model?: string;
  /** `GEMINI_TIMEOUT_MS`: deadline of one attempt. Default 15 000 ms. */
  timeoutMs?: number;
  /** Extra attempts for 429 / 5xx / network / time-out. Default 2. */
  retries?: number;
  /** Backoff between attempts: starts at 250 ms, doubles, jittered, at most 4 000 ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Default: open after 5 failed attempts in a row, one trial call after 30 s. */
  breaker?: BreakerOptions;
  /** See `GeminiTranscriberOptions`. Defaults 0 and 2048. */
  thinkingBudget?: number | null;
  maxOutputTokens?: number;
  /** Token counts of each call, for cost attribution per tenant. */
  onUsage?: (usage: TranscriptionUsage) => void;
}

/** A transcriber whose circuit state can be read for health checks and metrics. */
export interface ObservableTranscriber extends Transcriber {
  circuitState(): CircuitStateName;
}

/**
 * Builds the configured speech-to-text provider, or `undefined` when none is configured.
 * Does no I/O. Throws `ConfigError` when `provider` is `'gemini'` without an API key.
 *
 * ```ts
 * const transcriber = createTranscriber(
 *   { provider: env.GEMINI_API_KEY ? 'gemini' : 'none', apiKey: env.GEMINI_API_KEY,
 *     baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_TRANSCRIBE_MODEL, timeoutMs: env.GEMINI_TIMEOUT_MS },
 *   logger,
 * );
 * ```
 */
export function createTranscriber(
  config: TranscriberConfig,
  logger?: TranscriberLogger,
): ObservableTranscriber | undefined {
  if (config.provider === 'none') return undefined;
  if (!config.apiKey) {
    throw new ConfigError('GEMINI_API_KEY is required to transcribe voice notes with Gemini');
  }
  const name = GEMINI_TRANSCRIBER_LABEL;
  const caller = createResilientCaller({
    name,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    baseDelayMs: config.baseDelayMs,
    maxDelayMs: config.maxDelayMs,
    breaker: config.breaker,
    classifyError: (error) => toProviderError(name, error),
    logger,
  });
  const client = createGeminiClient({
    apiKey: config.apiKey,
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
  });
  return new GeminiTranscriber({
    models: client.models,
    caller,
    model: config.model,
    thinkingBudget: config.thinkingBudget,
    maxOutputTokens: config.maxOutputTokens,
    logger,
    onUsage: config.onUsage,
  });
}
