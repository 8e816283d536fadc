import { Ollama } from 'ollama';
import { ProviderResponseError, ProviderUnavailableError } from '../../src/core/errors';
import { toOllamaError } from '../../src/providers/ollama/errors';
import { readOllamaAnswer } from '../../src/providers/ollama/text-generator';

/** The local provider's reading of Ollama's answers and errors (the wire format is tested against the fake server). */

/** What the `ollama` client itself throws for an HTTP status (its `ResponseError`). */
async function thrownFor(status: number): Promise<unknown> {
  const client = new Ollama({
    host: 'http://127.0.0.1:1',
    fetch: async () =>
      new Response(JSON.stringify({ error: 'model "x" not found' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
  return client.chat({ model: 'x', messages: [] }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("Ollama's errors in the project's hierarchy", () => {
  it('5xx and 429 are retryable, 404 (model not pulled) and 400 are final', async () => {
    for (const [status, retryable] of [
      [500, true],
      [503, true],
      [429, true],
      [404, false],
      [400, false],
    ] as const) {
      const error = toOllamaError('local-model', await thrownFor(status));
      expect(error).toBeInstanceOf(ProviderResponseError);
      expect(error.retryable).toBe(retryable);
      expect(error.message).toBe(`local-model: HTTP ${status}: model "x" not found`);
    }
  });

  it('a refused connection and an abort are "unavailable"', () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' }),
    });
    expect(toOllamaError('local-model', refused)).toBeInstanceOf(ProviderUnavailableError);
    expect(toOllamaError('local-model', refused).message).toBe('local-model: unreachable (ECONNREFUSED)');
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(toOllamaError('local-model', abort)).toBeInstanceOf(ProviderUnavailableError);
  });
});

describe("reading Ollama's chat answer", () => {
  const base = {
    model: 'llama3.1:8b',
    created_at: new Date(),
    done: true,
    total_duration: 1,
    load_duration: 1,
    prompt_eval_count: 120,
    prompt_eval_duration: 1,
    eval_count: 7,
    eval_duration: 1,
  };

  it('tool calls with their arguments, usage, and the finish reason in the contract vocabulary', () => {
    const answer = readOllamaAnswer({
      ...base,
      done_reason: 'stop',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'list_boletos', arguments: { status: 'overdue' } } }],
      },
    });
    expect(answer).toEqual({
      calls: [{ name: 'list_boletos', args: { status: 'overdue' } }],
      text: '',
      finishReason: 'STOP',
      blockReason: undefined,
      avgLogprobs: undefined,
      usage: { inputTokens: 120, outputTokens: 7 },
    });
  });

  it('an answer cut by num_predict is MAX_TOKENS; an unknown reason passes through, upper-cased', () => {
    const message = { role: 'assistant', content: ' Olá ' };
    expect(readOllamaAnswer({ ...base, done_reason: 'length', message }).finishReason).toBe('MAX_TOKENS');
    expect(readOllamaAnswer({ ...base, done_reason: 'load', message })).toMatchObject({
      finishReason: 'LOAD',
      text: 'Olá',
    });
  });
});
