import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConfigError,
  InvalidInputError,
  ProviderResponseError,
  ProviderUnavailableError,
} from '../../src/core/errors';
import type { Locale } from '../../src/core/locale';
import { GeminiRateLimitError } from '../../src/providers/gemini/errors';
import { transcriptionPrompt } from '../../src/providers/gemini/transcriber';
import { createTranscriber, type TranscriberConfig } from '../../src/providers/transcription';
import { startFakeGeminiServer, type FakeGeminiServer } from '../support/fake-gemini-server';

/**
 * The real `@google/genai` client, through `createTranscriber`, against a local fake of the
 * Gemini REST API: checks what goes on the wire and how each kind of answer comes back.
 */

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/audio', name));
const voiceNote = fixture('boleto-pt-br.ogg');

let server: FakeGeminiServer;
beforeEach(async () => {
  server = await startFakeGeminiServer();
});
afterEach(async () => {
  await server.close();
});

function transcriber(overrides: Partial<TranscriberConfig> = {}) {
  const created = createTranscriber({
    provider: 'gemini',
    apiKey: 'test-key-123',
    baseUrl: server.baseUrl,
    timeoutMs: 2_000,
    retries: 2,
    baseDelayMs: 10,
    maxDelayMs: 50,
    breaker: { kind: 'consecutive', threshold: 3, halfOpenAfterMs: 200 },
    ...overrides,
  });
  if (!created) throw new Error('expected a transcriber');
  return created;
}

const request = (bytes: Buffer, locale: Locale = 'pt-BR', mimeType = 'audio/ogg; codecs=opus') => ({
  audio: { bytes, mimeType },
  locale,
  correlationId: 'corr-1',
});

describe('GeminiTranscriber against a fake Gemini API', () => {
  it('sends the audio inline with the locale prompt at temperature 0, and returns the transcript', async () => {
    server.enqueue({ kind: 'transcript', text: '  cria um boleto de cento e cinquenta reais pro João\n' });
    const result = await transcriber().transcribe(request(voiceNote));
    expect(result).toEqual({ text: 'cria um boleto de cento e cinquenta reais pro João' });

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('test-key-123');
    expect(sent.headers['content-type']).toContain('application/json');

    const parts = sent.body?.contents?.[0]?.parts ?? [];
    expect(sent.body?.contents?.[0]?.role).toBe('user');
    expect(parts).toHaveLength(2);
    expect(parts[0]?.inlineData).toEqual({ mimeType: 'audio/ogg', data: voiceNote.toString('base64') });
    expect(parts[1]?.text).toBe(transcriptionPrompt('pt-BR'));
    expect(parts[1]?.text).toMatch(/português do Brasil/);
    expect(sent.body?.generationConfig).toMatchObject({
      temperature: 0,
      candidateCount: 1,
      thinkingConfig: { thinkingBudget: 0 },
    });
  });

  it('uses the model from the options and the es-MX prompt; MP3 goes as audio/mp3', async () => {
    server.enqueue({ kind: 'transcript', text: 'registra un gasto de doscientos pesos en comida' });
    const result = await transcriber({ model: 'gemini-flash-latest' }).transcribe(
      request(fixture('boleto-pt-br.mp3'), 'es-MX', 'application/octet-stream'),
    );
    expect(result.text).toBe('registra un gasto de doscientos pesos en comida');
    const sent = server.requests[0]!;
    expect(sent.model).toBe('gemini-flash-latest');
    const parts = sent.body?.contents?.[0]?.parts ?? [];
    expect(parts[0]?.inlineData?.mimeType).toBe('audio/mp3');
    expect(parts[1]?.text).toBe(transcriptionPrompt('es-MX'));
    expect(parts[1]?.text).toMatch(/español de México/);
  });

  it('returns an empty transcript for an empty candidate', async () => {
    server.enqueue({ kind: 'empty' });
    await expect(transcriber().transcribe(request(voiceNote))).resolves.toEqual({ text: '' });
  });

  it('returns an empty transcript when the model answers only whitespace', async () => {
    server.enqueue({ kind: 'transcript', text: ' \n\t ' });
    await expect(transcriber().transcribe(request(voiceNote))).resolves.toEqual({ text: '' });
  });

  it('reports token usage for cost attribution', async () => {
    const usage = jest.fn();
    server.enqueue({ kind: 'transcript', text: 'oi' });
    await transcriber({ onUsage: usage }).transcribe(request(voiceNote));
    expect(usage).toHaveBeenCalledWith({
      correlationId: 'corr-1',
      model: 'gemini-2.5-flash',
      inputTokens: 140,
      outputTokens: 12,
      audioDurationMs: 3926,
    });
  });

  it('retries a 429 and succeeds', async () => {
    server.enqueue(
      { kind: 'error', status: 429, retryDelay: '0.02s' },
      { kind: 'transcript', text: 'pagar boleto' },
    );
    const result = await transcriber().transcribe(request(voiceNote));
    expect(result.text).toBe('pagar boleto');
    expect(server.requests).toHaveLength(2);
  });

  it('does not wait in-process for a 429 whose RetryInfo is longer than maxDelayMs', async () => {
    server.enqueue({ kind: 'error', status: 429, retryDelay: '53s' });
    const error = await transcriber()
      .transcribe(request(voiceNote))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeminiRateLimitError);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 53_000 });
    expect(server.requests).toHaveLength(1);
  });

  it('500 on every attempt: a retryable ProviderResponseError, then the circuit opens and calls fail fast', async () => {
    server.fallback = { kind: 'error', status: 500 };
    const subject = transcriber();

    const first = await subject.transcribe(request(voiceNote)).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ProviderResponseError);
    expect(first).toMatchObject({ status: 500, retryable: true });
    expect((first as Error).message).toMatch(/^gemini-transcriber: HTTP 500: INTERNAL/);
    expect(server.requests).toHaveLength(3); // 1 + 2 retries = the breaker threshold
    expect(subject.circuitState()).toBe('open');

    const second = await subject.transcribe(request(voiceNote)).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(ProviderUnavailableError);
    expect((second as Error).message).toBe('gemini-transcriber: circuit open');
    expect(server.requests).toHaveLength(3); // nothing reached the server

    // After the cool-down one trial call goes through; its success closes the circuit.
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.fallback = { kind: 'transcript', text: 'voltou' };
    await expect(subject.transcribe(request(voiceNote))).resolves.toEqual({ text: 'voltou' });
    expect(subject.circuitState()).toBe('closed');
    expect(server.requests).toHaveLength(4);
  });

  it('a hanging server: ProviderUnavailableError after the time-out, and the request is aborted', async () => {
    server.fallback = { kind: 'hang' };
    const started = Date.now();
    const error = await transcriber({ timeoutMs: 300, retries: 0 })
      .transcribe(request(voiceNote))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toBe('gemini-transcriber: timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.requests).toHaveLength(1);
    await waitFor(() => server.requests[0]!.aborted);
  });

  it.each([400, 403] as const)(
    '%d: a final ProviderResponseError, not retried, circuit stays closed',
    async (status) => {
      server.fallback = { kind: 'error', status };
      const subject = transcriber();
      for (let i = 0; i < 4; i++) {
        const error = await subject.transcribe(request(voiceNote)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderResponseError);
        expect(error).toMatchObject({ status, retryable: false });
      }
      expect(server.requests).toHaveLength(4);
      expect(subject.circuitState()).toBe('closed');
    },
  );

  it('a refused prompt (blockReason) is a final ProviderResponseError', async () => {
    server.enqueue({ kind: 'blocked', reason: 'PROHIBITED_CONTENT' });
    const error = await transcriber({ retries: 0 })
      .transcribe(request(voiceNote))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({
      retryable: false,
      message: 'gemini-transcriber: audio refused (PROHIBITED_CONTENT)',
    });
  });

  it('an unreachable endpoint is ProviderUnavailableError', async () => {
    await server.close();
    const closed = await startFakeGeminiServer();
    const baseUrl = closed.baseUrl;
    await closed.close(); // nothing listens on that port any more
    const error = await transcriber({ baseUrl, retries: 1 })
      .transcribe(request(voiceNote))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toBe('gemini-transcriber: unreachable (ECONNREFUSED)');
    server = await startFakeGeminiServer(); // for afterEach
  });

  it('refuses bytes that are not a supported audio format without calling Gemini', async () => {
    const error = await transcriber()
      .transcribe(request(Buffer.from('%PDF-1.4 not audio'), 'pt-BR', 'audio/ogg'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('createTranscriber', () => {
  it("returns undefined when no provider is configured ('none')", () => {
    expect(createTranscriber({ provider: 'none' })).toBeUndefined();
  });

  it('refuses Gemini without an API key', () => {
    expect(() => createTranscriber({ provider: 'gemini' })).toThrow(ConfigError);
    expect(() => createTranscriber({ provider: 'gemini', apiKey: '' })).toThrow(ConfigError);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
