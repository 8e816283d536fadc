import { genai, type GoogleGenAI } from './sdk';
import { ConfigError } from '../../core/errors';

export interface GeminiClientOptions {
  /** Gemini Developer API key (env `GEMINI_API_KEY`). Sent as the `x-goog-api-key` header. */
  apiKey: string;
  /**
   * Endpoint root, without the API version (env `GEMINI_BASE_URL`). Default: Google's
   * public endpoint. Tests point it at a local fake server; operators at a proxy or gateway.
   */
  baseUrl?: string;
  /**
   * Client-side deadline of one HTTP request, in ms. Also sent to Google as
   * `X-Server-Timeout` so the server can stop work nobody waits for. The resilient caller
   * keeps its own, equal deadline; this one is the safety net for direct SDK use.
   */
  timeoutMs?: number;
}

/**
 * Builds the real `@google/genai` client for the Gemini Developer API.
 *
 * - `vertexai: false` explicitly, so a stray `GOOGLE_GENAI_USE_VERTEXAI` in the environment
 *   cannot switch the backend (and the URL shape) under us.
 * - No `retryOptions`: the SDK then makes exactly one request per call. Retries, backoff
 *   and the circuit breaker live in one place, `createResilientCaller`, where they are
 *   counted, logged and bounded; two retry layers would multiply attempts.
 * - Our own `fetch`: without one, the SDK reaches undici's global dispatcher through a
 *   global symbol to lift undici's 300 s header/body timeouts, and that symbol is missing
 *   in sandboxed realms (jest, `vm`), where every request then fails with "fetch failed".
 *   Our deadlines are far below 300 s, so the lifted limits never mattered to us, and with
 *   this the client behaves the same in tests and in production.
 * - No I/O here: the SDK connects on the first request.
 */
export function createGeminiClient(options: GeminiClientOptions): GoogleGenAI {
  if (options.apiKey.trim() === '') {
    throw new ConfigError(
      'GEMINI_API_KEY is empty: set it to a Gemini API key, or disable the Gemini provider',
    );
  }
  return new (genai().GoogleGenAI)({
    apiKey: options.apiKey,
    vertexai: false,
    httpOptions: {
      baseUrl: options.baseUrl, // undefined: Google's endpoint
      timeout: options.timeoutMs,
      fetch: (input, init) => fetch(input, init),
    },
  });
}
