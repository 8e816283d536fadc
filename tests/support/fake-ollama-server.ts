import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fakeEmbedding } from './fake-gemini-server';

/**
 * A local stand-in for Ollama's HTTP API, the part Iris uses: `POST /api/chat` not streamed
 * (`"stream": false`), `POST /api/embed`, and `GET /api/version`. Requests are checked the way Ollama reads them
 * (a model name, messages with a known role and string content, tools of type "function" with
 * a name and an object schema, `options` numbers); a request Ollama would refuse gets its 400
 * with `{ "error": "…" }`. Answers follow Ollama's documented body: `message` with `content` and
 * `tool_calls[].function.{name, arguments}` (arguments as an object), `done`, `done_reason`,
 * `prompt_eval_count`, `eval_count` and the durations in nanoseconds.
 *
 * It records every request and answers from a script (`enqueue`), then `fallback`.
 */

export type FakeOllamaReply =
  | { kind: 'text'; text: string }
  | { kind: 'tool_call'; calls: Array<{ name: string; arguments: Record<string, unknown> }> }
  /** Ollama's error body for a status (404: model not pulled; 500: the runner crashed). */
  | { kind: 'error'; status: 404 | 500 | 503; message?: string }
  /** Answers after `ms` (a slow CPU model). */
  | { kind: 'slow'; ms: number; then: FakeOllamaReply };

export interface OllamaChatBody {
  model?: unknown;
  messages?: Array<{ role?: unknown; content?: unknown; tool_calls?: unknown }>;
  tools?: Array<{
    type?: unknown;
    function?: { name?: unknown; description?: unknown; parameters?: unknown };
  }>;
  stream?: unknown;
  options?: Record<string, unknown>;
  keep_alive?: unknown;
  [key: string]: unknown;
}

export interface RecordedOllamaRequest {
  method: string;
  path: string;
  body: OllamaChatBody | undefined;
}

export interface FakeOllamaServer {
  /** `http://127.0.0.1:<port>`: `LOCAL_AI_URL`. */
  baseUrl: string;
  requests: RecordedOllamaRequest[];
  fallback: FakeOllamaReply;
  /** Consulted before the queue: an answer chosen from the request (a summary or an understanding). */
  decide: ((body: OllamaChatBody) => FakeOllamaReply | undefined) | undefined;
  enqueue(...replies: FakeOllamaReply[]): void;
  close(): Promise<void>;
}

/** The configuration that points a Harness' processes at `server`. */
export function localModelEnv(server: FakeOllamaServer): Record<string, string> {
  return { LOCAL_AI_URL: server.baseUrl, LOCAL_AI_MODEL: 'llama3.1:8b', LOCAL_AI_TIMEOUT_MS: '2000' };
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** Why Ollama would refuse this chat request, or undefined. */
function invalid(body: OllamaChatBody | undefined): string | undefined {
  if (!body) return 'invalid character in request body';
  if (typeof body.model !== 'string' || body.model === '') return 'model is required';
  if (!Array.isArray(body.messages)) return 'messages must be an array';
  for (const message of body.messages) {
    if (typeof message.role !== 'string' || !ROLES.has(message.role))
      return `invalid role: ${String(message.role)}`;
    if (typeof message.content !== 'string') return 'message content must be a string';
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return 'tools must be an array';
    for (const tool of body.tools) {
      if (tool.type !== 'function') return 'tool type must be "function"';
      if (typeof tool.function?.name !== 'string') return 'tool function name is required';
      const parameters = tool.function.parameters as { type?: unknown } | undefined;
      if (parameters !== undefined && parameters.type !== 'object')
        return 'tool parameters must be an object schema';
    }
  }
  for (const [key, value] of Object.entries(body.options ?? {}))
    if (typeof value !== 'number' && !Array.isArray(value) && typeof value !== 'boolean')
      return `option ${key} has the wrong type`;
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function chatAnswer(model: string, reply: FakeOllamaReply): unknown {
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.text }
      : reply.kind === 'tool_call'
        ? { role: 'assistant', content: '', tool_calls: reply.calls.map((c) => ({ function: c })) }
        : { role: 'assistant', content: '' };
  return {
    model,
    created_at: new Date().toISOString(),
    message,
    done: true,
    done_reason: 'stop',
    total_duration: 812_000_000,
    load_duration: 2_000_000,
    prompt_eval_count: 640,
    prompt_eval_duration: 500_000_000,
    eval_count: 24,
    eval_duration: 300_000_000,
  };
}

/** `POST /api/embed`: `input` a string or strings, one normalised vector each (768 numbers). */
function embed(res: ServerResponse, body: OllamaChatBody | undefined) {
  const input = (body as { input?: unknown } | undefined)?.input;
  const texts = typeof input === 'string' ? [input] : input;
  if (typeof body?.model !== 'string' || body.model === '')
    return send(res, 400, { error: 'model is required' });
  if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
    return send(res, 400, { error: 'invalid input type' });
  send(res, 200, {
    model: body.model,
    embeddings: (texts as string[]).map((t) => fakeEmbedding(t, 768)),
    total_duration: 14_000_000,
    load_duration: 1_000_000,
    prompt_eval_count: (texts as string[]).reduce((n, t) => n + t.split(/\s+/).length, 0),
  });
}

export async function startFakeOllamaServer(): Promise<FakeOllamaServer> {
  const queue: FakeOllamaReply[] = [];
  const requests: RecordedOllamaRequest[] = [];
  const sockets = new Set<Socket>();
  const state = {
    fallback: { kind: 'text', text: 'ok' } as FakeOllamaReply,
    decide: undefined as FakeOllamaServer['decide'],
  };

  const answer = (res: ServerResponse, model: string, reply: FakeOllamaReply) => {
    if (reply.kind === 'slow') {
      setTimeout(() => {
        if (!res.destroyed) answer(res, model, reply.then);
      }, reply.ms);
      return;
    }
    if (reply.kind === 'error') {
      const message =
        reply.message ??
        (reply.status === 404
          ? `model "${model}" not found, try pulling it first`
          : 'llama runner process has terminated');
      send(res, reply.status, { error: message });
      return;
    }
    send(res, 200, chatAnswer(model, reply));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      let body: OllamaChatBody | undefined;
      try {
        body =
          chunks.length === 0
            ? undefined
            : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as OllamaChatBody);
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? '', path, body });
      if (req.method === 'GET' && path === '/api/version') return send(res, 200, { version: '0.12.6' });
      if (req.method === 'POST' && path === '/api/embed') return embed(res, body);
      if (req.method !== 'POST' || path !== '/api/chat')
        return send(res, 404, { error: '404 page not found' });
      const problem = invalid(body);
      if (problem) return send(res, 400, { error: problem });
      if (body!.stream !== false) return send(res, 400, { error: 'this fake answers only "stream": false' });
      answer(res, body!.model as string, state.decide?.(body!) ?? queue.shift() ?? state.fallback);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: FakeOllamaReply) {
      state.fallback = reply;
    },
    get decide() {
      return state.decide;
    },
    set decide(fn) {
      state.decide = fn;
    },
    enqueue: (...replies) => queue.push(...replies),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
