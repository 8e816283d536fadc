import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of the Telegram Bot API, for what telegram-test-api cannot do: `getFile` with a
 * file download, `sendChatAction`, and error answers (429 with retry_after, 5xx, 4xx). It speaks
 * the Bot API's format: `POST /bot<token>/<method>` with a JSON body, answers
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`, and serves
 * files at `GET /file/bot<token>/<file_path>`.
 */
export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  at: number;
}

export type MethodAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: Record<string, unknown> };

export type MethodHandler = (payload: Record<string, unknown>) => MethodAnswer;

export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  /** Overrides per method; unset methods get a plausible success. */
  readonly handlers = new Map<string, MethodHandler>();
  /** file_path -> bytes served at /file/bot<token>/<file_path>. */
  readonly files = new Map<string, Buffer>();
  /** Updates waiting for getUpdates (removed once confirmed by a later offset). */
  private pending: Record<string, unknown>[] = [];
  private server: Server | undefined;

  constructor(private readonly token: string) {}

  get apiRoot(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('fake Bot API not started');
    return `http://127.0.0.1:${address.port}`;
  }

  push(update: Record<string, unknown>): void {
    this.pending.push(update);
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '';
    const filePrefix = `/file/bot${this.token}/`;
    if (req.method === 'GET' && url.startsWith(filePrefix)) {
      const bytes = this.files.get(decodeURIComponent(url.slice(filePrefix.length)));
      res.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
      res.end(bytes ?? 'not found');
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (!match || match[1] !== this.token) {
      this.json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    const method = match[2]!;
    const payload = await readPayload(req);
    this.calls.push({ method, payload, at: Date.now() });
    const answer = this.handlers.get(method)?.(payload) ?? this.defaultAnswer(method, payload);
    this.json(res, answer.ok ? 200 : answer.error_code, answer);
  }

  private defaultAnswer(method: string, payload: Record<string, unknown>): MethodAnswer {
    switch (method) {
      case 'getMe':
        return {
          ok: true,
          result: { id: 7000000001, is_bot: true, first_name: 'Iris', username: 'IrisTestBot' },
        };
      case 'getUpdates': {
        const offset = Number(payload.offset ?? 0);
        this.pending = this.pending.filter((update) => Number(update.update_id) >= offset);
        const limit = Number(payload.limit ?? 100);
        return { ok: true, result: this.pending.slice(0, limit) };
      }
      case 'sendMessage':
        return {
          ok: true,
          result: {
            message_id: this.callsOf('sendMessage').length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: payload.chat_id, type: 'private' },
            text: payload.text,
          },
        };
      default:
        return { ok: true, result: true };
    }
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

/** A call's parameters: JSON, or multipart when a file is uploaded (files as name and bytes). */
async function readPayload(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  if (type.startsWith('multipart/form-data') && boundary) return parseMultipart(body, boundary);
  const text = body.toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * The parts of a multipart body as grammY sends them: a field per part, a file part (one with a
 * filename) as its name and bytes, and `attach://<id>` fields replaced by the file they name.
 */
function parseMultipart(body: Buffer, boundary: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    const fileName = /filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
    if (name) fields[name] = fileName === undefined ? content.toString('utf8') : { fileName, bytes: content };
    start = next;
  }
  for (const [key, value] of Object.entries(fields))
    if (typeof value === 'string' && value.startsWith('attach://')) {
      fields[key] = fields[value.slice('attach://'.length)];
      delete fields[value.slice('attach://'.length)];
    }
  return fields;
}
