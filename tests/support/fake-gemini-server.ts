import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for the Gemini Developer API, enough of it for `models.generateContent`:
 * `POST /{version}/models/{model}:generateContent` (the SDK calls `/v1beta/...`), JSON in,
 * JSON out, errors shaped like Google's (`{ error: { code, message, status, details } }`).
 *
 * It listens on 127.0.0.1 on a free port, records every request, and answers from a script:
 * `server.enqueue(reply, ...)` queues replies consumed one per request; when the queue is
 * empty, `server.fallback` answers. Point the real `@google/genai` client at `server.baseUrl`.
 */

export type FakeGeminiReply =
  /** 200 with one candidate whose single text part is `text`. */
  | { kind: 'transcript'; text: string }
  /** 200 with a candidate that has no parts (the model said nothing). */
  | { kind: 'empty' }
  /** 200 with no candidate and `promptFeedback.blockReason`. */
  | { kind: 'blocked'; reason: string }
  /** Google's error body for the status (400, 403, 429, 500, 503). */
  | { kind: 'error'; status: 400 | 403 | 429 | 500 | 503; retryDelay?: string }
  /** Accepts the request and never answers (until the client gives up or the server closes). */
  | { kind: 'hang' }
  /** Anything else, verbatim. */
  | { kind: 'raw'; status: number; body: string; contentType?: string }
  /**
   * 200 with one candidate whose parts are function calls (`functionCall: { name, args }`), as
   * Gemini answers a request with `tools`. `usage` defaults to 900 prompt / 20 output tokens.
   */
  | {
      kind: 'function_call';
      calls: Array<{ name: string; args?: unknown }>;
      avgLogprobs?: number;
      usage?: { input: number; output: number };
    };

export interface RecordedRequest {
  method: string;
  path: string;
  /** `{model}` from the path, or undefined when the path is not a generateContent call. */
  model: string | undefined;
  apiVersion: string | undefined;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body (`undefined` when it was not JSON). */
  body: GenerateContentBody | undefined;
  /** True once the client closed the connection before an answer (a time-out's abort). */
  aborted: boolean;
}

/** The parts of the REST request body the tests look at. */
export interface GenerateContentBody {
  contents?: Array<{
    role?: string;
    parts?: Array<{ text?: string; inlineData?: { mimeType?: string; data?: string } }>;
  }>;
  generationConfig?: {
    temperature?: number;
    candidateCount?: number;
    maxOutputTokens?: number;
    thinkingConfig?: { thinkingBudget?: number };
  };
  systemInstruction?: { role?: string; parts?: Array<{ text?: string }> };
  tools?: Array<{
    functionDeclarations?: Array<{
      name?: string;
      description?: string;
      parameters?: unknown;
      parametersJsonSchema?: unknown;
    }>;
  }>;
  toolConfig?: unknown;
  [key: string]: unknown;
}

export interface FakeGeminiServer {
  /** `http://127.0.0.1:<port>`: the `baseUrl` for the client (the SDK appends `/v1beta`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answer used when no scripted reply is queued. Default: a transcript `"ok"`. */
  fallback: FakeGeminiReply;
  enqueue(...replies: FakeGeminiReply[]): void;
  close(): Promise<void>;
}

const GOOGLE_ERRORS: Record<number, { message: string; status: string; details?: unknown[] }> = {
  400: {
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ],
  },
  403: {
    message: 'The caller does not have permission',
    status: 'PERMISSION_DENIED',
  },
  429: {
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    status: 'RESOURCE_EXHAUSTED',
  },
  500: {
    message:
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    status: 'INTERNAL',
  },
  503: { message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
};

function errorBody(status: number, retryDelay: string | undefined): string {
  const known = GOOGLE_ERRORS[status] ?? { message: 'error', status: 'UNKNOWN' };
  const details =
    status === 429
      ? [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
                quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
                quotaValue: '10',
              },
            ],
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [
              {
                description: 'Learn more about Gemini API quotas',
                url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
              },
            ],
          },
          ...(retryDelay === undefined
            ? []
            : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }]),
        ]
      : known.details;
  return JSON.stringify(
    {
      error: { code: status, message: known.message, status: known.status, ...(details ? { details } : {}) },
    },
    null,
    2,
  );
}

function usage(promptTokens: number, outputTokens: number) {
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: outputTokens,
    totalTokenCount: promptTokens + outputTokens,
    promptTokensDetails: [
      { modality: 'TEXT', tokenCount: 40 },
      { modality: 'AUDIO', tokenCount: promptTokens - 40 },
    ],
  };
}

function successBody(reply: FakeGeminiReply, model: string | undefined): string {
  const common = { modelVersion: model ?? 'unknown', responseId: 'fake-response-id' };
  if (reply.kind === 'function_call') {
    const tokens = reply.usage ?? { input: 900, output: 20 };
    return JSON.stringify({
      candidates: [
        {
          content: { role: 'model', parts: reply.calls.map((call) => ({ functionCall: call })) },
          finishReason: 'STOP',
          index: 0,
          ...(reply.avgLogprobs === undefined ? {} : { avgLogprobs: reply.avgLogprobs }),
        },
      ],
      usageMetadata: {
        promptTokenCount: tokens.input,
        candidatesTokenCount: tokens.output,
        totalTokenCount: tokens.input + tokens.output,
      },
      ...common,
    });
  }
  if (reply.kind === 'blocked') {
    return JSON.stringify({
      promptFeedback: { blockReason: reply.reason },
      usageMetadata: usage(140, 0),
      ...common,
    });
  }
  const content =
    reply.kind === 'transcript' ? { parts: [{ text: reply.text }], role: 'model' } : { role: 'model' };
  return JSON.stringify({
    candidates: [{ content, finishReason: 'STOP', index: 0 }],
    usageMetadata: usage(140, reply.kind === 'transcript' ? 12 : 0),
    ...common,
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'application/json; charset=UTF-8',
) {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const ROUTE = /^\/([^/]+)\/models\/([^/:]+):generateContent$/;
const EMBED_ROUTE = /^\/([^/]+)\/models\/([^/:]+):batchEmbedContents$/;

/**
 * A stand-in embedding: character trigrams hashed into `dimensions` buckets, normalised, so that
 * texts sharing words point the same way (enough for plumbing tests, not for quality).
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const folded = ` ${text.toLowerCase()} `;
  for (let i = 0; i + 3 <= folded.length; i++) {
    let hash = 0;
    for (const char of folded.slice(i, i + 3)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((v) => v / norm);
}

/** Gemini's `batchEmbedContents`: each request checked as the API reads it, one embedding each. */
function embedAnswer(model: string, body: unknown): { status: number; body: string } {
  const requests = (body as { requests?: unknown } | undefined)?.requests;
  const invalid = (message: string) => ({
    status: 400,
    body: JSON.stringify({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }),
  });
  if (!Array.isArray(requests) || requests.length === 0) return invalid('requests must not be empty');
  const embeddings = [];
  for (const request of requests as Array<Record<string, unknown>>) {
    if (request.model !== `models/${model}`) return invalid(`each request's model must be models/${model}`);
    const text = (request.content as { parts?: Array<{ text?: unknown }> } | undefined)?.parts?.[0]?.text;
    if (typeof text !== 'string') return invalid('content.parts[0].text is required');
    const dimensions = typeof request.outputDimensionality === 'number' ? request.outputDimensionality : 3072;
    embeddings.push({ values: fakeEmbedding(text, dimensions) });
  }
  return { status: 200, body: JSON.stringify({ embeddings }) };
}

/** The configuration that points a Harness' processes at `server` (Gemini's client, 2 s time-out). */
export function geminiEnv(server: FakeGeminiServer): Record<string, string> {
  return { GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: server.baseUrl, GEMINI_TIMEOUT_MS: '2000' };
}

/**
 * Options for a server that stands in for a model under load (the bench's `--model-latency`):
 * every answer after `delayMs`, computed from the request by `respond` when nothing is queued,
 * and no request kept (`record: false`) so a long run does not grow.
 */
export interface FakeGeminiOptions {
  delayMs?: number;
  respond?: (body: GenerateContentBody | undefined) => FakeGeminiReply;
  record?: boolean;
}

export async function startFakeGeminiServer(options: FakeGeminiOptions = {}): Promise<FakeGeminiServer> {
  const queue: FakeGeminiReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const state = {
    fallback: { kind: 'transcript', text: 'ok' } as FakeGeminiReply,
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const match = ROUTE.exec(path);
      let body: GenerateContentBody | undefined;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GenerateContentBody;
      } catch {
        body = undefined;
      }
      const record: RecordedRequest = {
        method: req.method ?? '',
        path,
        apiVersion: match?.[1],
        model: match?.[2],
        headers: req.headers,
        body,
        aborted: false,
      };
      if (options.record !== false) requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      const embed = EMBED_ROUTE.exec(path);
      if (req.method === 'POST' && embed) {
        const answer = embedAnswer(embed[2]!, body);
        send(res, answer.status, answer.body);
        return;
      }
      if (req.method !== 'POST' || !match) {
        send(
          res,
          404,
          JSON.stringify({ error: { code: 404, message: `no route ${path}`, status: 'NOT_FOUND' } }),
        );
        return;
      }
      const reply = queue.shift() ?? options.respond?.(body) ?? state.fallback;
      if (options.delayMs) setTimeout(() => answer(res, reply, record.model), options.delayMs);
      else answer(res, reply, record.model);
    });
  });
  /** Sends `reply`, unless the client gave up meanwhile. */
  function answer(res: ServerResponse, reply: FakeGeminiReply, model: string | undefined): void {
    if (res.destroyed) return;
    switch (reply.kind) {
      case 'hang':
        return;
      case 'error':
        send(res, reply.status, errorBody(reply.status, reply.retryDelay));
        return;
      case 'raw':
        send(res, reply.status, reply.body, reply.contentType);
        return;
      default:
        send(res, 200, successBody(reply, model));
    }
  }
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: FakeGeminiReply) {
      state.fallback = reply;
    },
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy(); // hanging requests and keep-alive
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
