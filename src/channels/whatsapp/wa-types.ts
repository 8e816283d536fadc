/**
 * The shapes of the Baileys events the adapter reads, written down structurally so that the
 * pure mapping code (and the tests, which feed recorded JSON) need no Baileys import. They are
 * the subset of `WAMessage`, `WAMessageKey` and `ConnectionState` of Baileys 7.0.0-rc14 that
 * the adapter uses; every field is optional because WhatsApp omits what it does not send.
 */

/** A 64-bit protobuf number as it may arrive: number, decimal string, bigint or a `Long`. */
export type LongLike = number | string | bigint | { low: number; high: number; unsigned?: boolean } | null;

export interface WaMessageKey {
  remoteJid?: string | null;
  fromMe?: boolean | null;
  id?: string | null;
  /** Group author (`participant`), or the sender in a broadcast. */
  participant?: string | null;
  /**
   * Baileys 7 (rc14, `decodeMessageNode`): the sender's *other* identity. In a LID-addressed
   * chat it is the phone JID (from the stanza's `sender_pn` / `participant_pn`), in a
   * phone-addressed chat the LID. `remoteJidAlt` is set for 1:1 chats, `participantAlt` in groups.
   */
  remoteJidAlt?: string | null;
  participantAlt?: string | null;
  /** `'lid'` or `'pn'`: how the stanza addressed the sender. */
  addressingMode?: string | null;
  /** Older 6.7.x / early 7.0 releases exposed the same facts under these names. */
  senderPn?: string | null;
  senderLid?: string | null;
  participantPn?: string | null;
  participantLid?: string | null;
}

export interface WaContextInfo {
  mentionedJid?: string[] | null;
  stanzaId?: string | null;
  participant?: string | null;
}

export interface WaAudioMessage {
  mimetype?: string | null;
  /** Duration in seconds, as the sender's app declared it. */
  seconds?: number | null;
  /** Push-to-talk: a voice note recorded in the chat (as opposed to a forwarded audio file). */
  ptt?: boolean | null;
  fileLength?: LongLike;
  contextInfo?: WaContextInfo | null;
}

/** `proto.IMessage`, narrowed to what Iris reads; other message types are just present keys. */
export interface WaMessageContent {
  conversation?: string | null;
  extendedTextMessage?: { text?: string | null; contextInfo?: WaContextInfo | null } | null;
  audioMessage?: WaAudioMessage | null;
  imageMessage?: { caption?: string | null; contextInfo?: WaContextInfo | null } | null;
  videoMessage?: { caption?: string | null; contextInfo?: WaContextInfo | null } | null;
  documentMessage?: { caption?: string | null; contextInfo?: WaContextInfo | null } | null;
  /** Wrappers Baileys' `normalizeMessageContent` unwraps (disappearing, view-once, captions). */
  ephemeralMessage?: { message?: WaMessageContent | null } | null;
  viewOnceMessage?: { message?: WaMessageContent | null } | null;
  viewOnceMessageV2?: { message?: WaMessageContent | null } | null;
  viewOnceMessageV2Extension?: { message?: WaMessageContent | null } | null;
  documentWithCaptionMessage?: { message?: WaMessageContent | null } | null;
  editedMessage?: { message?: WaMessageContent | null } | null;
  [other: string]: unknown;
}

export interface WaMessage {
  key: WaMessageKey;
  message?: WaMessageContent | null;
  /** Seconds since the epoch, when the sender's phone sent it. */
  messageTimestamp?: LongLike;
  pushName?: string | null;
  /** Set on stubs (e.g. `CIPHERTEXT`: a message Baileys could not decrypt yet). */
  messageStubType?: number | null;
  messageStubParameters?: unknown;
  broadcast?: boolean | null;
}

/** `messages.upsert`: `notify` for live messages, `append` for ones delivered after being offline. */
export interface WaMessagesUpsert {
  messages: WaMessage[];
  type: string;
  requestId?: string;
}

/** `connection.update`, narrowed. `lastDisconnect.error` is a `Boom` whose status tells why. */
export interface WaConnectionUpdate {
  connection?: 'open' | 'connecting' | 'close';
  lastDisconnect?: { error?: Error | undefined; date?: Date };
  qr?: string;
  isNewLogin?: boolean;
  receivedPendingNotifications?: boolean;
}

/** Reads a `LongLike` as a JS number (safe here: timestamps, sizes). */
export function longToNumber(value: LongLike | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  const low = value.low >>> 0;
  const high = value.unsigned ? value.high >>> 0 : value.high | 0;
  return high * 4294967296 + low;
}
