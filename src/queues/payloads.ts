import { z } from 'zod';
import { channelIdSchema, inboundContentSchema } from '../core/messages';

/**
 * One inbound message after ingress resolved who sent it: the unit the pipeline handles.
 * It waits in its conversation's mailbox (Redis) until the conversation's turn comes.
 */
export const inboundMessageSchema = z.object({
  /** Iris' id for the message; also the correlation id of everything it causes. */
  id: z.string(),
  correlationId: z.string(),
  tenantId: z.string(),
  userId: z.string(),
  conversationId: z.string(),
  channel: channelIdSchema,
  account: z.string(),
  chatId: z.string(),
  platformMessageId: z.string(),
  sentAt: z.string(),
  receivedAt: z.string(),
  replyTo: z.string().optional(),
  /** Said in a group: the chat is not the sender's own (notices never go there). */
  inGroup: z.literal(true).optional(),
  content: inboundContentSchema,
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

/** A turns job only names the conversation; the messages are in its mailbox, in order. */
export const turnJobSchema = z.object({
  conversationId: z.string(),
  /** The conversation's tenant, when the job's author knows it: the lock reads its state too. */
  tenantId: z.string().optional(),
});
export type TurnJob = z.infer<typeof turnJobSchema>;

export const transcribeJobSchema = z.object({
  conversationId: z.string(),
  tenantId: z.string(),
  messageId: z.string(),
  correlationId: z.string(),
});
export type TranscribeJob = z.infer<typeof transcribeJobSchema>;

/** What a transcriber leaves for the pipeline: the transcript, or why there is none. */
export type TranscriptRecord =
  { text: string } | { error: 'failed' | 'too_large' | 'too_long' | 'unsupported' | 'disabled' };
