import { createHash, randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../core/redis-client';
import type { Logger } from 'pino';
import { PRODUCT } from '../../config/product';
import type { Ingress, IngressOutcome } from '../core/channel';
import type { Locale } from '../core/locale';
import { inboundEnvelopeSchema, type InboundEnvelope, type ParsedInboundEnvelope } from '../core/messages';
import { say } from '../pipeline/catalog';
import type { RedisKeys } from '../core/redis-keys';
import type { ConversationStore } from '../stores/conversation-store';
import type { PrismaClient } from '../stores/prisma/client';
import { safeJobId, type Outbox } from '../queues/outbox';
import type { InboundMessage } from '../queues/payloads';
import type { Directory, Identified } from './directory';
import type { IntakeStore } from '../stores/intake-store';
import { isTransient } from '../core/errors';
import { linkIdentity } from './invites';

export interface IngressDeps {
  redis: RedisClient;
  keys: RedisKeys;
  conversations: ConversationStore;
  /** Messages held while PostgreSQL cannot say whose they are. */
  intake: IntakeStore;
  directory: Directory;
  db: PrismaClient;
  outbox: Outbox;
  turns: Queue;
  transcribe: Queue;
  logger: Logger;
  /** False when no transcription provider is configured: audio gets a "please type" reply. */
  audioEnabled: boolean;
  /** The language of replies to people Iris does not know yet. */
  defaultLocale: Locale;
  /** Phone forms to match a WhatsApp sender against users' phones (Brazil's ninth digit). */
  phoneCandidates?: (externalUserId: string) => string[];
}

/** A conversation is one person in one chat of one channel, within a tenant. */
export function conversationIdFor(tenantId: string, channel: string, chatId: string, userId: string): string {
  return createHash('sha256')
    .update(`${tenantId}\u0000${channel}\u0000${chatId}\u0000${userId}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The conversation a message joins. With a thread id (a WhatsApp direct chat, whatever form
 * its address took), the conversation is the thread's — except while the conversation the
 * message would have joined before thread ids existed (keyed by the raw chat id) still has
 * something under way: a proposal made before an upgrade is confirmed where it waits, and the
 * old conversation is left once it is idle. That check costs one Redis call per such message
 * and can go once no deployment has conversations from before thread ids (their keys live at
 * most the inactivity TTL after their last turn). A message already pushed to the old
 * conversation counts as under way there, so its redelivery meets its dedupe mark (which lives
 * in its conversation's slot) rather than joining the thread's conversation a second time.
 */
async function conversationOf(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  who: { tenantId: string; userId: string },
): Promise<string> {
  const byChat = conversationIdFor(who.tenantId, envelope.channel, envelope.chatId, who.userId);
  if (!envelope.threadId || envelope.threadId === envelope.chatId) return byChat;
  const seen = deps.keys.conversationDedupe(
    byChat,
    envelope.channel,
    envelope.account,
    envelope.platformMessageId,
  );
  if (await deps.conversations.inFlight(byChat, who.tenantId, seen)) return byChat;
  return conversationIdFor(who.tenantId, envelope.channel, envelope.threadId, who.userId);
}

/**
 * Ingress: what every channel adapter calls. It validates the envelope, drops platform
 * duplicates, finds who is talking, and puts the message in its conversation's mailbox in
 * the same atomic step as the dedupe mark; then it schedules the conversation. It never waits
 * for the pipeline. When PostgreSQL cannot say who is talking, the message is held in Redis
 * (`hold`) rather than handed back to the platform.
 */
export function createIngress(deps: IngressDeps): Ingress {
  return {
    async handle(raw: InboundEnvelope): Promise<IngressOutcome> {
      const parsed = inboundEnvelopeSchema.safeParse(raw);
      if (!parsed.success) {
        deps.logger.warn({ issues: parsed.error.issues.slice(0, 5) }, 'inbound envelope rejected');
        return { status: 'rejected', reason: 'invalid_envelope' };
      }
      const envelope = parsed.data;
      const dedupeKey = deps.keys.dedupe(envelope.channel, envelope.account, envelope.platformMessageId);

      if (envelope.content.type === 'link') return handleLink(deps, envelope, dedupeKey);

      const sender = deps.intake.senderOf(envelope);
      let who = deps.directory.remembered(envelope.channel, envelope.externalUserId);
      if (!who) {
        // Someone with messages held (PostgreSQL was away) joins the end of that line.
        if (await deps.intake.holds(sender)) return hold(deps, envelope, sender);
        try {
          who = await identify(deps, envelope);
        } catch (error) {
          if (!isTransient(error)) throw error;
          return hold(deps, envelope, sender);
        }
        if (!who) return refuseUnknown(deps, envelope, dedupeKey);
      }
      return admit(deps, envelope, who, { id: randomUUID(), receivedAt: new Date().toISOString() });
    },
  };
}

/** Who sent the envelope; remembered unless `remember` is false (see `Directory.remembered`). */
export function identify(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  options: { remember?: boolean } = {},
): Promise<Identified | undefined> {
  return deps.directory.identify(
    envelope.channel,
    envelope.externalUserId,
    deps.phoneCandidates?.(envelope.externalUserId) ?? [],
    envelope.aliases,
    options,
  );
}

/**
 * PostgreSQL cannot say who is writing: the message is held in Redis for the intake drainer
 * (`app/intake-drainer.ts`), which hands it to its conversation once it can, and the platform's
 * delivery succeeds now. Its id is given here, so the note that its answer is coming and the
 * answer itself carry the same correlation id.
 */
async function hold(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  sender: string,
): Promise<IngressOutcome> {
  const id = randomUUID();
  const held = await deps.intake.hold(sender, envelope.platformMessageId, {
    id,
    receivedAt: new Date().toISOString(),
    envelope,
  });
  if (!held) return { status: 'duplicate' };
  deps.logger.info(
    { correlationId: id, channel: envelope.channel },
    'message held until its sender can be identified',
  );
  return { status: 'queued', correlationId: id };
}

/** Puts an identified person's message in its conversation's mailbox and schedules the conversation. */
export async function admit(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  who: Identified,
  given: { id: string; receivedAt: string },
): Promise<IngressOutcome> {
  const { id } = given;
  const conversationId = await conversationOf(deps, envelope, who);
  const content =
    envelope.content.type === 'audio' && !deps.audioEnabled
      ? ({ type: 'unsupported', what: 'audio_disabled' } as const)
      : envelope.content;
  const message: InboundMessage = {
    id,
    correlationId: id,
    tenantId: who.tenantId,
    userId: who.userId,
    conversationId,
    channel: envelope.channel,
    account: envelope.account,
    chatId: envelope.chatId,
    platformMessageId: envelope.platformMessageId,
    sentAt: envelope.sentAt,
    receivedAt: given.receivedAt,
    ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
    ...(envelope.inGroup ? { inGroup: true } : {}),
    content,
  };
  const added = await deps.conversations.push(
    message,
    deps.keys.conversationDedupe(
      conversationId,
      envelope.channel,
      envelope.account,
      envelope.platformMessageId,
    ),
  );
  if (!added) {
    deps.logger.debug({ platformMessageId: envelope.platformMessageId }, 'duplicate delivery dropped');
    return { status: 'duplicate' };
  }
  if (content.type === 'audio') {
    await deps.transcribe.add(
      'transcribe',
      { conversationId, tenantId: who.tenantId, messageId: id, correlationId: id },
      { jobId: safeJobId(`t-${id}`) },
    );
  } else {
    await deps.turns.add('turn', { conversationId, tenantId: who.tenantId }, { jobId: safeJobId(id) });
  }
  deps.logger.debug({ correlationId: id, conversationId, type: content.type }, 'inbound message queued');
  return { status: 'queued', correlationId: id };
}

/**
 * Marks a platform message as seen; false when it was seen already (a redelivery). Messages that
 * go to a mailbox are marked by the mailbox push itself, in the same atomic step.
 */
async function firstDelivery(deps: IngressDeps, dedupeKey: string): Promise<boolean> {
  return (await deps.redis.set(dedupeKey, '1', 'EX', PRODUCT.dedupeTtlSec, 'NX')) === 'OK';
}

/**
 * People Iris does not know get one polite refusal a day, and nothing about any tenant. In a
 * group the refusal is said once a day for the whole group, not once per stranger in it.
 */
export async function refuseUnknown(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  dedupeKey: string,
): Promise<IngressOutcome> {
  if (!(await firstDelivery(deps, dedupeKey))) return { status: 'duplicate' };
  deps.logger.info(
    { channel: envelope.channel, externalUserId: envelope.externalUserId },
    'message from an unknown user refused',
  );
  const noticeKey = deps.keys.unknownUserNotice(
    envelope.channel,
    envelope.inGroup ? `group:${envelope.chatId}` : envelope.externalUserId,
  );
  const notify = await deps.redis.set(noticeKey, '1', 'EX', PRODUCT.unknownUserReplyWindowSec, 'NX');
  if (notify === 'OK') await replyDirect(deps, envelope, say(deps.defaultLocale, 'unknown_user'));
  return { status: 'unknown_user' };
}

async function handleLink(
  deps: IngressDeps,
  envelope: ParsedInboundEnvelope,
  dedupeKey: string,
): Promise<IngressOutcome> {
  if (!(await firstDelivery(deps, dedupeKey))) return { status: 'duplicate' };
  const code = envelope.content.type === 'link' ? envelope.content.code : '';
  const result = await linkIdentity(deps.db, {
    code,
    channel: envelope.channel,
    externalId: envelope.externalUserId,
    displayName: envelope.displayName,
  });
  const locale = result.locale ?? deps.defaultLocale;
  const text =
    result.status === 'linked'
      ? say(locale, 'link_ok', { name: result.userName })
      : result.status === 'already_linked'
        ? say(locale, 'link_already')
        : say(locale, 'link_invalid');
  deps.logger.info({ channel: envelope.channel, status: result.status }, 'invite link attempt');
  await replyDirect(deps, envelope, text);
  return result.status === 'invalid'
    ? { status: 'rejected', reason: 'invalid_invite' }
    : { status: 'queued', correlationId: dedupeKey };
}

/** A reply outside any conversation (refusals, link results). */
async function replyDirect(deps: IngressDeps, envelope: ParsedInboundEnvelope, text: string): Promise<void> {
  await deps.outbox.send([
    {
      id: `direct:${envelope.channel}:${envelope.account}:${envelope.platformMessageId}`,
      channel: envelope.channel,
      account: envelope.account,
      chatId: envelope.chatId,
      tenantId: 'none',
      conversationId: 'none',
      correlationId: `direct:${envelope.platformMessageId}`,
      text,
    },
  ]);
}
