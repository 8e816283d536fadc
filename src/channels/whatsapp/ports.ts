import type { Logger } from 'pino';
import type { AuthenticationCreds, SignalKeyStore } from '@whiskeysockets/baileys' with {
  'resolution-mode': 'import',
};
import type { WaConnectionUpdate, WaMessage, WaMessagesUpsert } from './wa-types';

/**
 * The ports of the WhatsApp adapter: what it needs from the outside (an audio store, a socket
 * factory) and the narrow view of a Baileys socket it talks to. The real socket is adapted to
 * `WhatsappSocket` in baileys-socket-factory.ts (the one file that loads Baileys); the tests
 * pass a fake with the same event names and payload shapes.
 */

/**
 * Where the number's credentials and signal keys live (PostgreSQL in the app:
 * `PgWhatsappAuthStore`), so a restarted or moved process resumes without pairing again.
 */
export interface AuthStateStore {
  /** The stored credentials, or undefined when the account was never paired (or was cleared). */
  readCreds(account: string): Promise<AuthenticationCreds | undefined>;
  writeCreds(account: string, creds: AuthenticationCreds): Promise<void>;
  /** Baileys' signal key store for the account. */
  keys(account: string): SignalKeyStore;
  /** Forgets the account (logged out, or an unfinished pairing). */
  clear(account: string): Promise<void>;
  /** Waits for queued writes. */
  flush(account?: string): Promise<void>;
  /**
   * Makes this process the only writer of the account's auth state from now on (the lease
   * holder calls it before reading); writes of an earlier holder are refused from then on.
   */
  claim(account: string, holder: string): Promise<string>;
  /** Listens to failed writes; `fencedOff` when another process claimed the account. Returns an unsubscribe. */
  onWriteFailed(listener: (account: string, error: unknown, fencedOff: boolean) => void): () => void;
}

/** Stores audio bytes (bounded, with a TTL) and returns the key the envelope carries. */
export interface AudioStore {
  put(bytes: Buffer, mimeType: string): Promise<string>;
}

/** The Baileys events the adapter listens to (names and payloads as in Baileys' `BaileysEventMap`). */
export interface WhatsappEventMap {
  'connection.update': WaConnectionUpdate;
  'creds.update': Partial<AuthenticationCreds>;
  'messages.upsert': WaMessagesUpsert;
}

export interface WhatsappEvents {
  on<K extends keyof WhatsappEventMap>(event: K, listener: (arg: WhatsappEventMap[K]) => void): unknown;
  off<K extends keyof WhatsappEventMap>(event: K, listener: (arg: WhatsappEventMap[K]) => void): unknown;
}

/** What `sendMessage` resolves with (a `WAMessage`): its id and the content, kept for retries. */
export interface SentWaMessage {
  key: { id?: string | null; remoteJid?: string | null };
  message?: unknown;
}

/** A received message as Baileys needs it to quote it: its key and content. */
export interface QuotableMessage {
  key: {
    id?: string | null;
    remoteJid?: string | null;
    participant?: string | null;
    fromMe?: boolean | null;
  };
  message?: unknown;
}

export type PresenceType = 'composing' | 'paused' | 'available' | 'unavailable' | 'recording';

/** What Iris sends: text, or a document (a boleto's PDF) with the text as its caption. */
export type WhatsappOutgoingContent =
  { text: string } | { document: Buffer; mimetype: string; fileName: string; caption?: string };

export interface WhatsappSocket {
  readonly ev: WhatsappEvents;
  /** Our own identity once logged in (`creds.me`): `id` with device, `lid` when known. */
  readonly user?: { id: string; lid?: string | null } | undefined;
  /** `quoted`: the message this one answers, shown above it (replies in groups). */
  sendMessage(
    jid: string,
    content: WhatsappOutgoingContent,
    options?: { quoted: QuotableMessage },
  ): Promise<SentWaMessage | undefined>;
  sendPresenceUpdate(type: PresenceType, jid?: string): Promise<void>;
  /** Blue ticks on received messages. */
  readMessages?(keys: Array<QuotableMessage['key']>): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  /** Closes the connection without logging out (the credentials stay valid). */
  end(error?: Error): unknown;
}

export interface SocketFactoryParams {
  account: string;
  /** Stored credentials, or undefined to start a new pairing. */
  creds: AuthenticationCreds | undefined;
  /** The signal key store (PostgreSQL); the factory may wrap it in a cache. */
  keys: SignalKeyStore;
  logger: Logger;
  baileysLogLevel: string;
  /** Serves Baileys' `getMessage`: the content of a message we sent, as a plain object. */
  getMessage(key: {
    id?: string | null;
    remoteJid?: string | null;
  }): Promise<Record<string, unknown> | undefined>;
  audioDownloadTimeoutMs: number;
}

/** One socket and the helpers that need Baileys' code. */
export interface WhatsappConnection {
  socket: WhatsappSocket;
  /** The credentials object the socket reads and mutates; saved on every `creds.update`. */
  creds: AuthenticationCreds;
  /**
   * Downloads a media message (re-requesting expired media from the sender's phone), reading at
   * most `maxBytes`: throws `MediaTooLargeError` beyond.
   */
  downloadMedia(message: WaMessage, options: { maxBytes: number }): Promise<Buffer>;
  /** The phone JID behind a LID, from Baileys' LID mapping store, when known. */
  resolvePhoneForLid?(lid: string): Promise<string | undefined>;
  /** Calls `listener` on every frame received (pings included): the watchdog's heartbeat. */
  onActivity?(listener: () => void): void;
}

export type SocketFactory = (params: SocketFactoryParams) => Promise<WhatsappConnection>;

/** What an operator needs to pair: a QR to scan, or a code to type on the phone. */
export type PairingEvent =
  | { type: 'qr'; account: string; qr: string }
  | { type: 'code'; account: string; code: string; phoneNumber: string };

/**
 * Where the channel is. `standby`: another process holds the number; `unpaired`: no usable
 * credentials, waiting for `npm run whatsapp:pair`; `replaced`, `forbidden`: stopped until an
 * operator acts (the lease is kept so no other process fights over the number).
 */
export type ChannelStatus =
  | 'idle'
  | 'standby'
  | 'connecting'
  | 'pairing'
  | 'open'
  | 'reconnecting'
  | 'unpaired'
  | 'logged_out'
  | 'replaced'
  | 'forbidden'
  /** WhatsApp refused the protocol version (405): reconnecting, but an upgrade may be needed. */
  | 'outdated'
  | 'stopped';
