import type { CallbackQuery, Message, MessageEntity, Update, User } from 'grammy/types';
import type { InboundContent, InboundEnvelope } from '../../core/messages';
import { decodeConfirmation } from './callback-data';

/**
 * Pure mapping of one Telegram update to what the adapter should do with it. No I/O here: the
 * only decision that needs the network (downloading a voice note) comes back as `fetch_audio`,
 * and the side effects of a button press (answer it, remove the keyboard) come back as data.
 *
 * Rules (from the channel issue):
 * - text, voice and audio become envelopes; photos, stickers, documents... become `unsupported`;
 * - in groups, only messages that mention the bot or reply to it count;
 * - `externalUserId` is `from.id`, `chatId` is `chat.id`, `platformMessageId` is the update id
 *   (ingress dedupes on it), `sentAt` is `message.date`, `account` is the bot's username;
 * - edits are ignored: re-running an edited money instruction would be a second instruction.
 */

export interface BotIdentity {
  id: number;
  username: string;
}

export interface MapContext {
  bot: BotIdentity;
  audio: { maxBytes: number; maxDurationSec: number };
  /** Used as `sentAt` of button presses, which carry no date of their own. */
  now: Date;
}

export type IgnoreReason =
  | 'edited'
  | 'not_a_message'
  | 'channel_chat'
  | 'no_sender'
  | 'from_bot'
  | 'group_not_addressed'
  | 'other_bot_command'
  | 'service_message'
  | 'unknown_callback';

/** What to do with a button press right away, before ingress: stop the spinner, drop the buttons. */
export interface CallbackAck {
  queryId: string;
  removeKeyboard?: { chatId: number; messageId: number };
}

export interface AudioToFetch {
  fileId: string;
  mimeType: string;
  sizeBytes?: number;
  durationSec?: number;
}

export type EnvelopeWithoutContent = Omit<InboundEnvelope, 'content'>;

export type UpdateDecision =
  | { action: 'ignore'; reason: IgnoreReason; callback?: CallbackAck }
  | { action: 'deliver'; envelope: InboundEnvelope; callback?: CallbackAck }
  | { action: 'fetch_audio'; envelope: EnvelopeWithoutContent; audio: AudioToFetch };

const HELP_COMMANDS = new Set(['help', 'ajuda', 'ayuda']);
const COMMAND = /^\/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]{1,64}))?(?:\s+([\s\S]*))?$/;

/** Media Iris does not read, checked in this order (an animation also carries `document`). */
const UNSUPPORTED_KINDS = [
  'animation',
  'photo',
  'sticker',
  'video',
  'video_note',
  'document',
  'venue',
  'location',
  'contact',
  'poll',
  'dice',
  'game',
  'story',
  'paid_media',
  'invoice',
] as const;

export function mapUpdate(update: Update, ctx: MapContext): UpdateDecision {
  if (update.callback_query) return mapCallbackQuery(update.update_id, update.callback_query, ctx);
  if (update.edited_message || update.edited_channel_post) return ignore('edited');
  if (!update.message) return ignore('not_a_message');
  return mapMessage(update.update_id, update.message, ctx);
}

function mapMessage(updateId: number, message: Message, ctx: MapContext): UpdateDecision {
  if (message.chat.type === 'channel') return ignore('channel_chat');
  // Anonymous group admins and linked channels post with `sender_chat`: there is no person to bind.
  if (!message.from || message.sender_chat) return ignore('no_sender');
  if (message.from.is_bot) return ignore('from_bot');
  const group = isGroupChat(message.chat.type);
  if (group && !isAddressedToBot(message, ctx.bot)) return ignore('group_not_addressed');

  const envelope: EnvelopeWithoutContent = {
    channel: 'telegram',
    account: ctx.bot.username,
    platformMessageId: String(updateId),
    externalUserId: String(message.from.id),
    chatId: String(message.chat.id),
    sentAt: new Date(message.date * 1000).toISOString(),
    displayName: displayName(message.from),
    ...(group ? { replyTo: String(message.message_id), inGroup: true } : {}),
  };

  if (message.text !== undefined) {
    const content = textContent(message.text, message.entities, ctx.bot);
    return content === 'other_bot' ? ignore('other_bot_command') : deliver(envelope, content);
  }
  if (message.voice) {
    return audioDecision(envelope, message.voice, message.voice.mime_type ?? 'audio/ogg', ctx);
  }
  if (message.audio) return audioDecision(envelope, message.audio, message.audio.mime_type, ctx);
  const kind = UNSUPPORTED_KINDS.find((key) => key in message);
  if (kind) return deliver(envelope, { type: 'unsupported', what: kind });
  return ignore('service_message');
}

function mapCallbackQuery(updateId: number, query: CallbackQuery, ctx: MapContext): UpdateDecision {
  const ack: CallbackAck = { queryId: query.id };
  if (query.from.is_bot) return ignore('from_bot', ack);
  const decoded = decodeConfirmation(query.data);
  if (!decoded) return ignore('unknown_callback', ack);
  const prompt = query.message;
  if (prompt?.chat.type === 'channel') return ignore('channel_chat', ack);
  const group = prompt !== undefined && isGroupChat(prompt.chat.type);

  // An inaccessible message (date 0) can no longer be edited. In a group the prompt replies to
  // the requester's message; a press by anyone else leaves the buttons for the requester (the
  // engine refuses that press anyway, since a pending confirmation is bound to its user).
  if (prompt && prompt.date !== 0) {
    const requester = 'reply_to_message' in prompt ? prompt.reply_to_message?.from?.id : undefined;
    if (!group || requester === undefined || requester === query.from.id) {
      ack.removeKeyboard = { chatId: prompt.chat.id, messageId: prompt.message_id };
    }
  }

  const envelope: InboundEnvelope = {
    channel: 'telegram',
    account: ctx.bot.username,
    platformMessageId: String(updateId),
    externalUserId: String(query.from.id),
    // Without its message (very old prompts) a press can only come from a private chat.
    chatId: String(prompt?.chat.id ?? query.from.id),
    sentAt: ctx.now.toISOString(),
    displayName: displayName(query.from),
    ...(group && prompt ? { replyTo: String(prompt.message_id) } : {}),
    content: { type: 'confirmation', nonce: decoded.nonce, answer: decoded.answer },
  };
  return { action: 'deliver', envelope, callback: ack };
}

/** `/start <code>` links, `/ajuda` `/ayuda` `/help` ask for help, anything else is text. */
function textContent(
  text: string,
  entities: MessageEntity[] | undefined,
  bot: BotIdentity,
): InboundContent | 'other_bot' {
  const command = COMMAND.exec(text.trim());
  if (command?.[1]) {
    const [, rawName, target, rawArgs] = command;
    if (target && target.toLowerCase() !== bot.username.toLowerCase()) return 'other_bot';
    const name = rawName.toLowerCase();
    const args = (rawArgs ?? '').trim();
    if (name === 'start') return args ? { type: 'link', code: args } : { type: 'help' };
    if (HELP_COMMANDS.has(name)) return { type: 'help' };
  }
  return { type: 'text', text: withoutOwnMentions(text, entities, bot) };
}

function audioDecision(
  envelope: EnvelopeWithoutContent,
  file: { file_id: string; file_size?: number; duration: number },
  mimeType: string | undefined,
  ctx: MapContext,
): UpdateDecision {
  if (!mimeType || !mimeType.startsWith('audio/')) {
    return deliver(envelope, { type: 'audio_rejected', reason: 'unsupported_format' });
  }
  if (file.duration > ctx.audio.maxDurationSec) {
    return deliver(envelope, { type: 'audio_rejected', reason: 'too_long' });
  }
  if (file.file_size !== undefined && file.file_size > ctx.audio.maxBytes) {
    return deliver(envelope, { type: 'audio_rejected', reason: 'too_large' });
  }
  return {
    action: 'fetch_audio',
    envelope,
    audio: { fileId: file.file_id, mimeType, sizeBytes: file.file_size, durationSec: file.duration },
  };
}

/** In a group: a reply to one of the bot's messages, an @mention, or a `/command@bot`. */
function isAddressedToBot(message: Message, bot: BotIdentity): boolean {
  if (message.reply_to_message?.from?.id === bot.id) return true;
  const text = message.text ?? message.caption ?? '';
  const entities = message.entities ?? message.caption_entities ?? [];
  return entities.some((entity) => mentionsBot(text, entity, bot));
}

function mentionsBot(text: string, entity: MessageEntity, bot: BotIdentity): boolean {
  if (entity.type === 'text_mention') return entity.user.id === bot.id;
  if (entity.type !== 'mention' && entity.type !== 'bot_command') return false;
  const part = text.slice(entity.offset, entity.offset + entity.length).toLowerCase();
  const handle = `@${bot.username.toLowerCase()}`;
  return entity.type === 'mention' ? part === handle : part.endsWith(handle);
}

/** "@IrisBot pagar boleto" -> "pagar boleto": the engine should read the request, not the address. */
function withoutOwnMentions(text: string, entities: MessageEntity[] | undefined, bot: BotIdentity): string {
  const own = (entities ?? [])
    .filter((entity) => entity.type === 'mention' && mentionsBot(text, entity, bot))
    .sort((a, b) => b.offset - a.offset);
  if (own.length === 0) return text;
  let result = text;
  for (const entity of own) {
    result = result.slice(0, entity.offset) + result.slice(entity.offset + entity.length);
  }
  return result.replace(/[ \t]{2,}/g, ' ').trim();
}

function isGroupChat(type: string): boolean {
  return type === 'group' || type === 'supergroup';
}

function displayName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').slice(0, 200);
}

function deliver(envelope: EnvelopeWithoutContent, content: InboundContent): UpdateDecision {
  return { action: 'deliver', envelope: { ...envelope, content } };
}

function ignore(reason: IgnoreReason, callback?: CallbackAck): UpdateDecision {
  return callback ? { action: 'ignore', reason, callback } : { action: 'ignore', reason };
}
