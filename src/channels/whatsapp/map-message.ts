import type { InboundContent, InboundEnvelope } from '../../core/messages';
import { parseCommand } from './commands';
import {
  isBroadcastJid,
  isGroupJid,
  isNewsletterJid,
  isStatusBroadcastJid,
  normalizeJid,
  parseJid,
  senderIdentity,
  type SenderIdentity,
} from './jid';
import { longToNumber, type WaContextInfo, type WaMessage, type WaMessageContent } from './wa-types';

/**
 * Maps one Baileys `WAMessage` (as JSON) to what Iris does with it: ignore it, or an envelope
 * draft for ingress. Pure: no I/O, no clock except `now` for a message without a timestamp.
 * What needs I/O is left to the caller and marked in the result: downloading a voice note
 * (`audio_pending`) and resolving a LID to a phone when the key carries no phone JID.
 */

export interface AudioLimits {
  /** Voice notes are transcribed; when not, none is downloaded. */
  enabled: boolean;
  maxBytes: number;
  maxDurationSec: number;
  /** Accepted base MIME types (`audio/ogg`, ...); others are rejected as `unsupported_format`. */
  mimeTypes: readonly string[];
}

export interface MapContext {
  account: string;
  /** The `messages.upsert` type: `notify` (live) or `append` (delivered after being offline). */
  upsertType: string;
  /** Our own identities (`sock.user`): `id` is the phone JID with device, `lid` the LID. */
  self: { id?: string | null; lid?: string | null };
  audio: AudioLimits;
  now: () => Date;
}

export type IgnoreReason =
  | 'upsert_type'
  | 'missing_key'
  | 'from_me'
  | 'status_broadcast'
  | 'broadcast'
  | 'newsletter'
  | 'no_content'
  | 'protocol'
  | 'reaction'
  | 'edited'
  | 'poll_update'
  | 'unknown_type'
  | 'group_not_mentioned';

/** A voice note or audio file to download, with what the sender declared about it. */
export interface PendingAudio {
  type: 'audio_pending';
  mimeType: string;
  declaredBytes?: number;
  durationSec?: number;
  ptt: boolean;
}

export type MapResult =
  | { kind: 'ignore'; reason: IgnoreReason }
  | {
      kind: 'accept';
      /** Everything but the sender's phone (needs a LID lookup sometimes) and the content. */
      envelope: Omit<InboundEnvelope, 'externalUserId' | 'content'>;
      sender: SenderIdentity;
      content: InboundContent | PendingAudio;
    };

/** Message types a person sends that Iris does not handle: answered with "text or voice, please". */
const UNSUPPORTED: Record<string, string> = {
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'video',
  documentMessage: 'document',
  stickerMessage: 'sticker',
  locationMessage: 'location',
  liveLocationMessage: 'location',
  contactMessage: 'contact',
  contactsArrayMessage: 'contact',
  pollCreationMessage: 'poll',
  pollCreationMessageV2: 'poll',
  pollCreationMessageV3: 'poll',
};

/** Wrappers around the real content (disappearing messages, view-once, captioned documents). */
const WRAPPERS = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
] as const;

function unwrap(content: WaMessageContent): WaMessageContent {
  let current = content;
  for (let depth = 0; depth < 5; depth += 1) {
    const wrapper = WRAPPERS.map((name) => current[name]).find((w) => w?.message);
    if (!wrapper?.message) break;
    current = wrapper.message;
  }
  return current;
}

/** The content key of a message (`conversation`, `audioMessage`, ...), ignoring metadata keys. */
function contentType(content: WaMessageContent): string | undefined {
  return Object.keys(content).find(
    (key) =>
      content[key] !== null &&
      content[key] !== undefined &&
      (key === 'conversation' || key.endsWith('Message')) &&
      key !== 'senderKeyDistributionMessage',
  );
}

function contextInfoOf(content: WaMessageContent, type: string): WaContextInfo | undefined {
  const inner = content[type];
  if (!inner || typeof inner !== 'object') return undefined;
  const info = (inner as { contextInfo?: WaContextInfo | null }).contextInfo;
  return info ?? undefined;
}

/** The users (without server) the bot answers to when mentioned: its phone and its LID. */
function selfUsers(self: MapContext['self']): string[] {
  return [self.id, self.lid]
    .map((jid) => normalizeJid(jid))
    .filter((jid): jid is string => jid !== undefined);
}

function mentionsSelf(info: WaContextInfo | undefined, self: MapContext['self']): boolean {
  const mine = selfUsers(self);
  return (info?.mentionedJid ?? []).some((jid) => mine.includes(normalizeJid(jid) ?? ''));
}

/** Removes the `@<number>` tokens that address the bot, so the engine reads only the request. */
function stripSelfMentions(text: string, self: MapContext['self']): string {
  let result = text;
  for (const jid of selfUsers(self)) {
    const user = parseJid(jid)?.user;
    if (user) result = result.split(`@${user}`).join(' ');
  }
  return result.replace(/\s+/g, ' ').trim();
}

function audioContent(content: WaMessageContent, limits: AudioLimits): InboundContent | PendingAudio {
  const audio = content.audioMessage ?? {};
  const mimeType = (audio.mimetype ?? 'audio/ogg').split(';')[0]?.trim().toLowerCase() || 'audio/ogg';
  const durationSec = typeof audio.seconds === 'number' ? audio.seconds : undefined;
  const declaredBytes = longToNumber(audio.fileLength ?? undefined);
  if (!limits.mimeTypes.includes(mimeType)) return { type: 'audio_rejected', reason: 'unsupported_format' };
  if (durationSec !== undefined && durationSec > limits.maxDurationSec) {
    return { type: 'audio_rejected', reason: 'too_long' };
  }
  if (declaredBytes !== undefined && declaredBytes > limits.maxBytes) {
    return { type: 'audio_rejected', reason: 'too_large' };
  }
  const pending: PendingAudio = { type: 'audio_pending', mimeType, ptt: audio.ptt === true };
  if (durationSec !== undefined) pending.durationSec = durationSec;
  if (declaredBytes !== undefined) pending.declaredBytes = declaredBytes;
  return pending;
}

function sentAtOf(message: WaMessage, now: () => Date): string {
  const seconds = longToNumber(message.messageTimestamp ?? undefined);
  return (seconds && seconds > 0 ? new Date(seconds * 1000) : now()).toISOString();
}

export function mapMessage(message: WaMessage, ctx: MapContext): MapResult {
  const ignore = (reason: IgnoreReason): MapResult => ({ kind: 'ignore', reason });
  if (ctx.upsertType !== 'notify' && ctx.upsertType !== 'append') return ignore('upsert_type');
  const { key } = message;
  const chatId = key?.remoteJid;
  if (!key?.id || !chatId) return ignore('missing_key');
  if (key.fromMe) return ignore('from_me');
  if (isStatusBroadcastJid(chatId)) return ignore('status_broadcast');
  if (isBroadcastJid(chatId) || message.broadcast) return ignore('broadcast');
  if (isNewsletterJid(chatId)) return ignore('newsletter');
  // No content: a stub (CIPHERTEXT while Baileys asks the sender to retry, membership changes...).
  if (!message.message) return ignore('no_content');
  if (message.message.editedMessage) return ignore('edited');

  const content = unwrap(message.message);
  const type = contentType(content);
  if (!type) return ignore('no_content');
  if (type === 'protocolMessage') return ignore('protocol');
  if (type === 'reactionMessage' || type === 'encReactionMessage') return ignore('reaction');
  if (type === 'pollUpdateMessage') return ignore('poll_update');
  if (type !== 'conversation' && type !== 'extendedTextMessage' && type !== 'audioMessage') {
    if (!UNSUPPORTED[type]) return ignore('unknown_type');
  }

  const inGroup = isGroupJid(chatId);
  if (inGroup && !mentionsSelf(contextInfoOf(content, type), ctx.self)) return ignore('group_not_mentioned');

  let mapped: InboundContent | PendingAudio;
  if (type === 'conversation' || type === 'extendedTextMessage') {
    const raw = type === 'conversation' ? content.conversation : content.extendedTextMessage?.text;
    const text = inGroup ? stripSelfMentions(raw ?? '', ctx.self) : (raw ?? '');
    mapped = parseCommand(text) ?? { type: 'text', text };
  } else if (type === 'audioMessage') {
    mapped = audioContent(content, ctx.audio);
  } else {
    mapped = { type: 'unsupported', what: UNSUPPORTED[type] ?? 'other' };
  }

  const envelope: Omit<InboundEnvelope, 'externalUserId' | 'content'> = {
    channel: 'whatsapp',
    account: ctx.account,
    platformMessageId: key.id,
    chatId,
    sentAt: sentAtOf(message, ctx.now),
  };
  const displayName = message.pushName?.trim().slice(0, 200);
  if (displayName) envelope.displayName = displayName;
  if (inGroup) {
    envelope.replyTo = key.id;
    envelope.inGroup = true;
  }
  return { kind: 'accept', envelope, sender: senderIdentity(key), content: mapped };
}
