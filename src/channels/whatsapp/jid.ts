import { canonicalPhone } from './phone';
import type { WaMessageKey } from './wa-types';

/**
 * WhatsApp addresses (JIDs), the pure part. Forms seen with Baileys 7:
 *
 * - `5511987654321@s.whatsapp.net` — a person by phone number (PN); `@c.us` is the legacy server.
 * - `5511987654321:12@s.whatsapp.net` — one *device* of that person (`:12`), e.g. our own
 *   `sock.user.id`; `_1` after the user is an agent (hosted) suffix.
 * - `123456789012345@lid` — a person by *LID*, the privacy identity WhatsApp now uses in groups
 *   and, more and more, in 1:1 chats; it carries no phone number.
 * - `120363012345678901@g.us` groups, `status@broadcast` statuses, `...@newsletter` channels.
 *
 * The rules mirror Baileys' `jidDecode` / `jidNormalizedUser` (src/WABinary/jid-utils.ts) so the
 * tests can pin them without importing the ESM package.
 */

export interface ParsedJid {
  user: string;
  server: string;
  device?: number;
  agent?: number;
}

export function parseJid(jid: string | null | undefined): ParsedJid | undefined {
  if (typeof jid !== 'string') return undefined;
  const at = jid.indexOf('@');
  if (at < 0) return undefined;
  const server = jid.slice(at + 1);
  const [userAgent = '', device] = jid.slice(0, at).split(':');
  const [user = '', agent] = userAgent.split('_');
  const parsed: ParsedJid = { user, server };
  if (device !== undefined && device !== '') parsed.device = Number(device);
  if (agent !== undefined && agent !== '') parsed.agent = Number(agent);
  return parsed;
}

/**
 * `user@server` without device or agent, `c.us` and `hosted` mapped to `s.whatsapp.net` and
 * `hosted.lid` to `lid` (as Baileys' `cleanMessage` does). Undefined when not a JID.
 */
export function normalizeJid(jid: string | null | undefined): string | undefined {
  const parsed = parseJid(jid);
  if (!parsed || !parsed.user) return undefined;
  const server =
    parsed.server === 'c.us' || parsed.server === 'hosted'
      ? 's.whatsapp.net'
      : parsed.server === 'hosted.lid'
        ? 'lid'
        : parsed.server;
  return `${parsed.user}@${server}`;
}

export const isPhoneJid = (jid: string | null | undefined): jid is string =>
  typeof jid === 'string' && /@(s\.whatsapp\.net|c\.us|hosted)$/.test(jid);
export const isLidJid = (jid: string | null | undefined): jid is string =>
  typeof jid === 'string' && /@(lid|hosted\.lid)$/.test(jid);
export const isGroupJid = (jid: string | null | undefined): boolean =>
  typeof jid === 'string' && jid.endsWith('@g.us');
export const isStatusBroadcastJid = (jid: string | null | undefined): boolean => jid === 'status@broadcast';
export const isBroadcastJid = (jid: string | null | undefined): boolean =>
  typeof jid === 'string' && jid.endsWith('@broadcast');
export const isNewsletterJid = (jid: string | null | undefined): boolean =>
  typeof jid === 'string' && jid.endsWith('@newsletter');

/** Same person (or group), whatever device: compares the normalized JIDs. */
export function sameUser(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = normalizeJid(a);
  return left !== undefined && left === normalizeJid(b);
}

/** The canonical phone (digits, Brazil's ninth digit added) of a phone JID; undefined for LIDs. */
export function phoneFromJid(jid: string | null | undefined): string | undefined {
  if (!isPhoneJid(jid)) return undefined;
  const user = parseJid(jid)?.user;
  if (!user || !/^\d{6,15}$/.test(user)) return undefined;
  return canonicalPhone(user);
}

/** `5511987654321` -> `5511987654321@s.whatsapp.net`. */
export function phoneToJid(phone: string): string {
  return `${phone.replace(/\D+/g, '')}@s.whatsapp.net`;
}

/** Who sent a message, as far as the key tells: the phone JID and/or the LID, normalized. */
export interface SenderIdentity {
  phoneJid?: string;
  lid?: string;
}

/**
 * The sender of an incoming message. In a group the author is `participant`, otherwise the chat
 * itself (`remoteJid`). Baileys 7 puts the other identity in `participantAlt` / `remoteJidAlt`;
 * older builds used `participantPn` / `senderPn` (and `...Lid`). Every candidate is looked at, so
 * whichever of them carries the phone JID wins, and the LID is kept for a mapping lookup.
 */
export function senderIdentity(key: WaMessageKey): SenderIdentity {
  const inGroup = isGroupJid(key.remoteJid);
  const candidates = inGroup
    ? [key.participant, key.participantAlt, key.participantPn, key.participantLid]
    : [key.remoteJid, key.remoteJidAlt, key.senderPn, key.senderLid];
  const identity: SenderIdentity = {};
  for (const candidate of candidates) {
    if (!identity.phoneJid && isPhoneJid(candidate)) identity.phoneJid = normalizeJid(candidate);
    if (!identity.lid && isLidJid(candidate)) identity.lid = normalizeJid(candidate);
  }
  return identity;
}
