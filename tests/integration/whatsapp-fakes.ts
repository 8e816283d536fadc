import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import pino from 'pino';
import type { AuthenticationCreds } from '@whiskeysockets/baileys' with { 'resolution-mode': 'import' };
import type { Ingress, IngressOutcome } from '../../src/core/channel';
import type { InboundEnvelope } from '../../src/core/messages';
import type {
  AudioStore,
  QuotableMessage,
  SentWaMessage,
  SocketFactory,
  SocketFactoryParams,
  WhatsappOutgoingContent,
  WhatsappSocket,
} from '../../src/channels/whatsapp/ports';
import type { WaMessagesUpsert } from '../../src/channels/whatsapp/wa-types';
import { ensureWhatsappAuthSchema, fromBufferJson } from '../../src/stores/whatsapp-auth-store';

/**
 * Test doubles for the WhatsApp adapter: a fake Baileys socket (same event names and payload
 * shapes), a factory that records what the adapter asked for, an ingress and an audio store.
 * No real WhatsApp connection is ever opened.
 */

export const BOT = { id: '5511900000000:7@s.whatsapp.net', lid: '98765432101234:7@lid' };

/** Stored credentials of a paired account: the channel connects without pairing. */
export const PAIRED = {
  me: { id: '5511900000000:7@s.whatsapp.net', lid: '98765432101234:7@lid', name: 'Iris' },
  account: { details: Buffer.from('adv-details'), accountSignature: Buffer.from('sig') },
  registrationId: 42,
} as unknown as AuthenticationCreds;

export function loadUpsert(name: string): WaMessagesUpsert {
  const text = readFileSync(join(__dirname, '..', 'fixtures', 'whatsapp', `${name}.json`), 'utf8');
  return fromBufferJson(text) as WaMessagesUpsert;
}

/** A Baileys close error: a Boom with `output.statusCode`. */
export function boom(statusCode: number, message = 'Stream Errored'): Error {
  return Object.assign(new Error(message), { isBoom: true, output: { statusCode, payload: {} } });
}

export class FakeWaSocket implements WhatsappSocket {
  readonly ev = new EventEmitter();
  user: { id: string; lid?: string | null } | undefined;
  /** Texts sent; a document's caption is its text, and the document is kept beside it. */
  readonly sent: {
    jid: string;
    text: string;
    quotedId?: string;
    document?: { bytes: Buffer; mimetype: string; fileName: string };
  }[] = [];
  readonly presences: { type: string; jid: string | undefined }[] = [];
  readonly pairingRequests: string[] = [];
  /** Ids of the messages marked read (blue ticks). */
  readonly read: string[] = [];
  ended = false;
  /** Set to make the next sendMessage fail. */
  failNextSend: Error | undefined;
  private counter = 0;

  constructor(readonly params: SocketFactoryParams) {}

  async sendMessage(
    jid: string,
    content: WhatsappOutgoingContent,
    options?: { quoted: QuotableMessage },
  ): Promise<SentWaMessage> {
    if (this.failNextSend) {
      const error = this.failNextSend;
      this.failNextSend = undefined;
      throw error;
    }
    const quotedId = options?.quoted.key.id;
    const text = 'text' in content ? content.text : (content.caption ?? '');
    this.sent.push({
      jid,
      text,
      ...(quotedId ? { quotedId } : {}),
      ...('document' in content
        ? { document: { bytes: content.document, mimetype: content.mimetype, fileName: content.fileName } }
        : {}),
    });
    this.counter += 1;
    return {
      key: { id: `3EB0SENT${String(this.counter).padStart(12, '0')}`, remoteJid: jid },
      message: {
        extendedTextMessage: { text },
        messageContextInfo: { messageSecret: new Uint8Array([1, 2, 3, 4]) },
      },
    };
  }

  async readMessages(keys: Array<{ id?: string | null }>): Promise<void> {
    for (const key of keys) if (key.id) this.read.push(key.id);
  }

  async sendPresenceUpdate(type: string, jid?: string): Promise<void> {
    this.presences.push({ type, jid });
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  /** Like Baileys: closing emits `connection.update` with `connection: 'close'`. */
  end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  open(): void {
    this.user = BOT;
    this.ev.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number): void {
    this.ended = true;
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: boom(statusCode), date: new Date() },
    });
  }

  upsert(payload: WaMessagesUpsert): void {
    this.ev.emit('messages.upsert', payload);
  }

  creds(update: Partial<AuthenticationCreds>): void {
    this.ev.emit('creds.update', update);
  }
}

export interface FakeFactory {
  factory: SocketFactory;
  sockets: FakeWaSocket[];
  last(): FakeWaSocket;
}

export function fakeSocketFactory(
  options: {
    download?: (maxBytes: number) => Promise<Buffer>;
    lids?: Record<string, string>;
  } = {},
): FakeFactory {
  const sockets: FakeWaSocket[] = [];
  const factory: SocketFactory = async (params) => {
    const socket = new FakeWaSocket(params);
    sockets.push(socket);
    const creds =
      params.creds ?? ({ registered: false, registrationId: 42 } as unknown as AuthenticationCreds);
    return {
      socket,
      creds,
      downloadMedia: async (_message, { maxBytes }) =>
        options.download ? options.download(maxBytes) : Buffer.from('OggS-fake-voice-note'),
      resolvePhoneForLid: async (lid) => options.lids?.[lid],
    };
  };
  return {
    factory,
    sockets,
    last: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket created yet');
      return socket;
    },
  };
}

/** Ingress that records envelopes and drops repeated ids, as the real one does. */
export class RecordingIngress implements Ingress {
  readonly envelopes: InboundEnvelope[] = [];
  readonly outcomes: IngressOutcome[] = [];
  private readonly seen = new Set<string>();
  /** Calls that throw first, as an ingress whose Redis is down would. */
  failuresLeft = 0;
  failures = 0;

  async handle(envelope: InboundEnvelope): Promise<IngressOutcome> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      this.failures += 1;
      throw new Error('ingress unavailable (test: Redis down)');
    }
    this.envelopes.push(envelope);
    const outcome: IngressOutcome = this.seen.has(envelope.platformMessageId)
      ? { status: 'duplicate' }
      : { status: 'queued', correlationId: randomUUID() };
    this.seen.add(envelope.platformMessageId);
    this.outcomes.push(outcome);
    return outcome;
  }
}

export class MemoryAudioStore implements AudioStore {
  readonly items = new Map<string, { bytes: Buffer; mimeType: string }>();
  async put(bytes: Buffer, mimeType: string): Promise<string> {
    const key = `audio:${this.items.size + 1}`;
    this.items.set(key, { bytes, mimeType });
    return key;
  }
}

export const silentLogger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL schema of its own (search_path) and Redis keys under a prefix of their own. */
export class TestBackends {
  readonly prefix = `test-wa-${randomUUID().slice(0, 8)}`;
  readonly schema = `wa_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  readonly url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  private readonly redises: Redis[] = [];
  private admin: Pool | undefined;
  pool!: Pool;
  accounts: string[] = [];

  async setUp(): Promise<void> {
    this.admin = new Pool({ connectionString: this.url, max: 1 });
    await this.admin.query(`CREATE SCHEMA ${this.schema}`);
    this.pool = new Pool({ connectionString: this.url, options: `-c search_path=${this.schema}`, max: 5 });
    await ensureWhatsappAuthSchema(this.pool);
  }

  redis(): Redis {
    const redis = new Redis({ host: '127.0.0.1', port: 6379, maxRetriesPerRequest: 1, lazyConnect: false });
    this.redises.push(redis);
    return redis;
  }

  account(): string {
    const account = `t${randomUUID().slice(0, 8)}`;
    this.accounts.push(account);
    return account;
  }

  async tearDown(): Promise<void> {
    const cleaner = new Redis({ host: '127.0.0.1', port: 6379 });
    const keys = await cleaner.keys(`${this.prefix}:*`); // markers, ledger, pacing, leases
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    for (const redis of this.redises) redis.disconnect();
    await this.pool.end();
    await this.admin?.query(`DROP SCHEMA ${this.schema} CASCADE`);
    await this.admin?.end();
  }
}

/** The tests' intake spool, outside the repository (one folder per account below it). */
export const TEST_SPOOL_DIR = join(tmpdir(), 'iris-wa-spool-tests');
