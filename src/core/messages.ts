import { z } from 'zod';

/**
 * The channel a message came from and its replies go back through: an id of the channel
 * registry (`src/app/channels/registry.ts`), which is the one list of channels. Here only its
 * shape is checked, so that adding a channel touches its folder and the registry alone.
 */
export const channelIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'a channel id');
export type Channel = z.infer<typeof channelIdSchema>;

/** What the person sent, after the channel adapter mapped the platform's update. */
export const inboundContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  /** Audio bytes are stored in Redis by the adapter (bounded, with a TTL); only the key travels. */
  z.object({
    type: z.literal('audio'),
    audioKey: z.string().min(1),
    mimeType: z.string().min(1),
    sizeBytes: z.number().int().nonnegative(),
    durationSec: z.number().nonnegative().optional(),
  }),
  /** A press on a confirmation button; the nonce is the one the prompt carried. */
  z.object({ type: z.literal('confirmation'), nonce: z.string().min(1), answer: z.enum(['yes', 'no']) }),
  /** An invite code sent to link this platform account to a user (`/start <code>`). */
  z.object({ type: z.literal('link'), code: z.string() }),
  /** A request for help (`/ajuda`, `/ayuda`, `/help`). */
  z.object({ type: z.literal('help') }),
  /** Photos, stickers, documents... Iris answers that it understands text and voice. */
  z.object({ type: z.literal('unsupported'), what: z.string() }),
  /** Audio the adapter refused before storing it (too large or too long). */
  z.object({
    type: z.literal('audio_rejected'),
    reason: z.enum(['too_large', 'too_long', 'unsupported_format']),
  }),
]);
export type InboundContent = z.infer<typeof inboundContentSchema>;

/**
 * What a channel adapter hands to ingress: the platform's update, mapped, before any lookup.
 * The adapter never resolves tenants or users and never imports the pipeline.
 */
export const inboundEnvelopeSchema = z.object({
  channel: channelIdSchema,
  /**
   * The platform account that received the message (the bot's username or the WhatsApp number).
   * Identities are looked up by channel + external user id; this is kept for logs and routing.
   */
  account: z.string().default('default'),
  /** Dedupe key: Telegram `update_id`, WhatsApp message id, console line id. */
  platformMessageId: z.string().min(1).max(200),
  /** The sender on the platform (Telegram user id, normalized WhatsApp phone). */
  externalUserId: z.string().min(1).max(200),
  /**
   * Other ids the platform knows the same sender by, tried after `externalUserId` when looking
   * up who is talking (WhatsApp: `lid:<n>` beside the phone, so a person linked by an invite
   * while only their LID was known is still found once their phone is).
   */
  aliases: z.array(z.string().min(1).max(200)).max(4).optional(),
  /** Where replies go (Telegram chat id, WhatsApp JID). */
  chatId: z.string().min(1).max(200),
  /**
   * Which chat the conversation is, when the reply address can change form for the same chat:
   * a WhatsApp direct chat is reached by phone JID or by LID, and it is one conversation either
   * way. Absent: the chat id is the conversation's chat.
   */
  threadId: z.string().min(1).max(200).optional(),
  /** When the platform says the message was sent (ISO-8601). */
  sentAt: z.string().datetime({ offset: true }),
  displayName: z.string().max(200).optional(),
  /** The platform message id to reply to in groups (optional). */
  replyTo: z.string().max(200).optional(),
  /** The chat is shared by several people (a group): what is said there, everyone reads. */
  inGroup: z.boolean().optional(),
  content: inboundContentSchema,
});
export type InboundEnvelope = z.input<typeof inboundEnvelopeSchema>;
export type ParsedInboundEnvelope = z.output<typeof inboundEnvelopeSchema>;

/** A confirmation prompt's buttons; channels without buttons show the text only. */
export const confirmationButtonsSchema = z.object({
  nonce: z.string(),
  yesLabel: z.string(),
  noLabel: z.string(),
});

/** A file attached to an outbound message (only PDFs are sent today). */
export const outboundDocumentSchema = z.object({
  fileName: z.string().min(1).max(120),
  mimeType: z.literal('application/pdf'),
  /** The bytes, base64 (5 MB of PDF at most). */
  base64: z.string().min(1).max(7_000_000),
});
export type OutboundDocument = z.infer<typeof outboundDocumentSchema>;

/**
 * One reply for a channel's sender. `id` is deterministic (derived from the inbound message
 * and the reply's index), so a retried turn produces the same ids and the sender can drop a
 * reply it already sent.
 */
export const outboundMessageSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['text', 'typing']).default('text'),
  channel: channelIdSchema,
  account: z.string().default('default'),
  chatId: z.string(),
  tenantId: z.string(),
  conversationId: z.string(),
  correlationId: z.string(),
  text: z.string().default(''),
  buttons: confirmationButtonsSchema.optional(),
  replyTo: z.string().optional(),
  /**
   * The conversation has no open confirmation prompt other than one this reply may carry (the
   * last one was answered, replaced or has lapsed): a channel that shows a prompt's buttons takes
   * them off the earlier prompt, so they cannot be pressed after the fact.
   */
  closesPrompt: z.boolean().optional(),
  /**
   * Not the answer: a note that the answer is delayed (its turn is being retried after a
   * transient failure); the answer follows as its own reply.
   */
  interim: z.literal(true).optional(),
  /**
   * Position of this reply among its chat's replies, given when it is queued; senders send a
   * chat's replies in this order even with concurrency (see the outbound worker).
   */
  seq: z.number().int().positive().optional(),
  /**
   * Not a reply: a message a tenant sends one of its contacts, who agreed to receive them (the
   * contact delivery checked the recorded opt-in). Channels that refuse to write first to a chat
   * (WhatsApp) let this one through.
   */
  toOptedInContact: z.literal(true).optional(),
  /**
   * Not a reply either: a notice to one of the tenant's own users (a boleto was paid), in the
   * chat of their own they last wrote from. WhatsApp lets it through like a contact message.
   */
  noticeToUser: z.literal(true).optional(),
  /**
   * A file sent with the text (a boleto's PDF), base64 in the job: a few hundred KB at most.
   * Channels that can send files send it with the text as its caption, or right after the text.
   */
  document: outboundDocumentSchema.optional(),
});
export type OutboundMessage = z.output<typeof outboundMessageSchema>;
export type OutboundMessageInput = z.input<typeof outboundMessageSchema>;
