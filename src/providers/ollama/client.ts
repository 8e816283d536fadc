import { Ollama } from 'ollama';

/**
 * An `ollama` client for one call. The client passes no signal for a non-streamed call: its
 * fetch carries this call's, so the resilient caller's time-out really stops the request.
 */
export function ollamaClient(baseUrl: string, signal: AbortSignal | undefined): Ollama {
  return new Ollama({
    host: baseUrl,
    fetch: (input, init) => fetch(input, signal ? { ...init, signal } : init),
  });
}
