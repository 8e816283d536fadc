import type { Logger } from 'pino';
import type { OutboundMessageInput } from '../core/messages';
import { parsePending, parseState, type ConversationState } from '../pipeline/conversation';
import type { PackRegistry, PeopleDirectory } from '../pipeline/ports';
import type { PipelineDeps, TurnContent } from '../pipeline/turn';
import { runTurn } from '../pipeline/run-turn';
import type { ConversationStore, StoredConversation } from '../stores/conversation-store';
import { outboundFor } from './outbound-for';
import type { InboundMessage, TranscriptRecord } from './payloads';
import type { HandledTurn } from './turn-worker';

/** What the turn handler needs: the pipeline's ports, plus who is talking and their pack. */
export interface TurnHandlerDeps extends Omit<PipelineDeps, 'logger'> {
  directory: PeopleDirectory;
  packFor: PackRegistry;
  conversations: ConversationStore;
  logger: Logger;
  audioLimits: { maxBytes: number; maxSeconds: number };
  /** Notes the chat a user wrote from when it is their own (notices go there); optional. */
  rememberChat?: (chat: {
    userId: string;
    channel: string;
    account: string;
    chatId: string;
  }) => Promise<void>;
}

/**
 * One mailbox message through the pipeline: who, what (text, transcript, button), the saved
 * state, the turn, and the replies to send. Pure with respect to the mailbox: the worker commits.
 */
export async function handleMessage(
  message: InboundMessage,
  transcript: TranscriptRecord | undefined,
  deps: TurnHandlerDeps,
  /** The conversation's state as read with its lock; read here when absent or not this tenant's. */
  preloaded?: StoredConversation,
): Promise<HandledTurn> {
  const logger = deps.logger.child({
    correlationId: message.correlationId,
    conversationId: message.conversationId,
    tenantId: message.tenantId,
  });
  const tenant = await deps.directory.tenant(message.tenantId);
  const user = tenant ? await deps.directory.user(message.tenantId, message.userId) : undefined;
  const now = new Date();
  const stored =
    preloaded?.tenantId === message.tenantId
      ? preloaded
      : await deps.conversations.load(message.tenantId, message.conversationId);
  const state = parseState(stored.state, now, (error) =>
    logger.error({ err: error }, 'corrupt conversation state replaced'),
  );
  const reply = (
    text: string,
    index: number,
    buttons?: OutboundMessageInput['buttons'],
    closesPrompt?: boolean,
  ) =>
    outboundFor(message, String(index), {
      text,
      ...(buttons ? { buttons } : {}),
      ...(closesPrompt ? { closesPrompt } : {}),
    });
  if (!tenant || !user) {
    // The user or tenant was removed after the message was queued: nothing is processed.
    logger.warn('message from a user or tenant that no longer exists');
    return { replies: [], state: JSON.stringify(state), pending: { op: 'keep' }, output: undefined };
  }
  if (!message.inGroup && deps.rememberChat) {
    // Where notices reach this person; failing to note it never fails their message.
    await deps
      .rememberChat({
        userId: user.id,
        channel: message.channel,
        account: message.account,
        chatId: message.chatId,
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'chat address not recorded'));
  }
  const pack = deps.packFor(tenant.pack);
  if (message.content.type === 'help') {
    return {
      replies: [reply(pack.answer('GENERAL_QUESTION'), 0)],
      state: JSON.stringify(state),
      pending: { op: 'keep' },
      output: undefined,
    };
  }
  const pending = parsePending(stored.pending, (error) =>
    logger.error({ err: error }, 'corrupt pending confirmation dropped'),
  );
  const valid =
    pending &&
    pending.tenantId === tenant.id &&
    pending.conversationId === message.conversationId &&
    pending.userId === user.id
      ? pending
      : undefined;
  const output = await runTurn(
    {
      messageId: message.id,
      correlationId: message.correlationId,
      conversationId: message.conversationId,
      sentAt: new Date(message.sentAt),
      now,
      tenant,
      user,
      pack,
      content: toTurnContent(message, transcript, deps.audioLimits),
      state: state as ConversationState,
      ...(valid ? { pending: valid } : {}),
    },
    { ...deps, logger },
  );
  return {
    // One message per turn: the parts of a turn ("A proposta anterior foi cancelada." and the new
    // proposal) can never reach the chat out of order, whatever the senders' concurrency.
    replies:
      output.replies.length === 0
        ? []
        : [
            reply(
              output.replies.map((r) => r.text).join('\n'),
              0,
              output.replies.findLast((r) => r.buttons)?.buttons,
              // Without a valid pending proposal before the turn, or with it answered or replaced
              // by the turn, any earlier prompt's buttons are stale.
              valid === undefined || output.pending.op !== 'keep',
            ),
          ],
    state: JSON.stringify(output.state),
    pending: output.pending,
    output,
  };
}

function toTurnContent(
  message: InboundMessage,
  transcript: TranscriptRecord | undefined,
  limits: { maxBytes: number; maxSeconds: number },
): TurnContent {
  const c = message.content;
  switch (c.type) {
    case 'text':
      return { kind: 'text', text: c.text, fromAudio: false };
    case 'confirmation':
      return { kind: 'button', nonce: c.nonce, answer: c.answer };
    case 'audio':
      if (!transcript || 'error' in transcript) return audioProblem(transcript?.error ?? 'failed', limits);
      return { kind: 'text', text: transcript.text, fromAudio: true };
    case 'audio_rejected':
      return audioProblem(c.reason === 'unsupported_format' ? 'unsupported' : c.reason, limits);
    case 'unsupported':
      if (c.what === 'audio_disabled') return { kind: 'problem', key: 'audio_disabled' };
      // A voice note the channel could not download (expired media): ask to send it again.
      if (c.what === 'audio_unavailable') return { kind: 'problem', key: 'audio_failed' };
      return { kind: 'problem', key: 'unsupported_content' };
    default:
      return { kind: 'problem', key: 'unsupported_content' };
  }
}

function audioProblem(
  error: 'failed' | 'too_large' | 'too_long' | 'unsupported' | 'disabled',
  limits: { maxBytes: number; maxSeconds: number },
): TurnContent {
  switch (error) {
    case 'too_large':
      return {
        kind: 'problem',
        key: 'audio_too_large',
        params: { maxMb: Math.floor(limits.maxBytes / (1024 * 1024)) },
      };
    case 'too_long':
      return { kind: 'problem', key: 'audio_too_long', params: { maxSeconds: limits.maxSeconds } };
    case 'unsupported':
      return { kind: 'problem', key: 'audio_unsupported' };
    case 'disabled':
      return { kind: 'problem', key: 'audio_disabled' };
    default:
      return { kind: 'problem', key: 'audio_failed' };
  }
}
