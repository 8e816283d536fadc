import { randomUUID } from 'node:crypto';
import { isoDateInZone } from '../../src/core/format';
import type { InboundContent, OutboundMessage } from '../../src/core/messages';
import type { IngressOutcome } from '../../src/core/channel';
import { conversationIdFor } from '../../src/app/ingress';
import type { ConsoleChannel } from '../../src/channels/console/console-channel';
import type { ConversationState, PendingConfirmation } from '../../src/pipeline/conversation';
import { boletoNumbers } from '../../src/domains/boleto-issuing/febraban';
import { safeJobId } from '../../src/queues/outbox';
import type { Harness } from './harness';

/**
 * Helpers of the conversation tests: a person speaks through ingress as a channel adapter
 * would (any content, any sentAt, any platform id) and gets the replies of their turn, read
 * from every reply the harness' senders delivered (the replies carry the turn's correlation id).
 */
export interface Person {
  tenantId: string;
  userId: string;
  externalUserId: string;
  chat: ConsoleChannel;
  conversationId: string;
}

export interface Sent {
  outcome: IngressOutcome;
  correlationId: string | undefined;
  replies: string[];
  messages: OutboundMessage[];
}

export const SP_ZONE = 'America/Sao_Paulo';
export const todaySp = (): string => isoDateInZone(new Date(), SP_ZONE);
export const NOT_UNDERSTOOD = 'Desculpe, não entendi sua solicitação. Pode reformular?';
export const EXPIRED = 'A proposta de ação expirou. Deseja que eu refaça?';
export const NOTHING_PENDING = 'Não há nenhuma ação aguardando confirmação. O que você deseja?';
export const CONFIRM = 'Confirma? (Sim/Não)';

/** A boletos tenant with an owner (or the given role), as a Person. */
export async function boletosPerson(
  h: Harness,
  options: { contacts?: string[]; role?: 'owner' | 'operator' | 'viewer' } = {},
): Promise<Person> {
  const { tenant, user, chat } = await h.boletosTenant(options);
  return person(tenant.id, user.id, chat);
}

/** The owner of a new finance tenant (es-MX), in their own chat. */
export async function financePerson(h: Harness): Promise<Person> {
  const { tenant, user, chat } = await h.financeTenant();
  return person(tenant.id, user.id, chat);
}

/** Another user of a tenant; by default in their own chat, or speaking in `inChat` (a group). */
export async function otherUser(
  h: Harness,
  tenantId: string,
  options: { role?: 'owner' | 'operator' | 'viewer'; inChat?: ConsoleChannel } = {},
): Promise<Person> {
  if (!options.inChat) {
    const { user, chat } = await h.user(tenantId, options.role ?? 'owner');
    return person(tenantId, user.id, chat);
  }
  const user = await h.db.user.create({
    data: { tenantId, name: `User ${randomUUID().slice(0, 4)}`, role: options.role ?? 'owner' },
  });
  const externalId = `${tenantId}:${user.id}`;
  await h.db.channelIdentity.create({ data: { tenantId, userId: user.id, channel: 'console', externalId } });
  return person(tenantId, user.id, options.inChat);
}

function person(tenantId: string, userId: string, chat: ConsoleChannel): Person {
  return {
    tenantId,
    userId,
    externalUserId: `${tenantId}:${userId}`,
    chat,
    conversationId: conversationIdFor(tenantId, 'console', chat.chatId, userId),
  };
}

let platformSeq = 0;

/** A platform message id never used before. */
export const newPlatformId = (): string => `pm-${process.pid}-${++platformSeq}-${randomUUID().slice(0, 8)}`;

/** Hands an envelope to ingress as the console adapter would, without waiting for the turn. */
export async function deliver(
  h: Harness,
  who: Person,
  content: InboundContent | string,
  options: { sentAt?: Date; platformMessageId?: string } = {},
): Promise<IngressOutcome> {
  return h.container.ingress.handle({
    channel: 'console',
    account: who.chat.account,
    platformMessageId: options.platformMessageId ?? newPlatformId(),
    externalUserId: who.externalUserId,
    chatId: who.chat.chatId,
    sentAt: (options.sentAt ?? new Date()).toISOString(),
    content: typeof content === 'string' ? { type: 'text', text: content } : content,
  });
}

/**
 * The reply ids a turn can queue: its one reply (`<message id>:0`, src/queues/turn-handler.ts)
 * or, when the turn failed, the generic error (`<message id>:error`), and before either the note
 * that its answer is delayed (`<message id>:delayed`, src/queues/turn-worker.ts).
 */
const TURN_REPLY_SUFFIXES = ['0', 'error', 'delayed'];

/**
 * The replies of the turn that answered `correlationId`, in their order, once that turn is
 * over: its message has left the conversation's mailbox (a turn queues its replies before the
 * commit that removes it) and every reply job it queued has been sent or has failed. Nothing is
 * waited on by the clock: a turn that answers nothing returns [] as soon as it commits.
 */
export async function repliesOf(
  h: Harness,
  who: Pick<Person, 'conversationId' | 'chat'>,
  correlationId: string,
  timeoutMs = 20_000,
): Promise<OutboundMessage[]> {
  await waitFor(
    `the turn of ${correlationId} to commit`,
    async () => {
      const waiting = await h.container.conversations.waiting<{ id: string }>(who.conversationId, 1_000);
      return waiting.some((message) => message.id === correlationId) ? undefined : true;
    },
    timeoutMs,
  );
  const queue = h.outboundQueue(who.chat.account);
  await waitFor(
    `the replies of ${correlationId} to be sent`,
    async () => {
      const jobs = await Promise.all(
        TURN_REPLY_SUFFIXES.map((suffix) => queue.getJob(safeJobId(`${correlationId}:${suffix}`))),
      );
      const states = await Promise.all(jobs.flatMap((job) => (job ? [job.getState()] : [])));
      return states.every((state) => state === 'completed' || state === 'failed') ? true : undefined;
    },
    timeoutMs,
  );
  return sortByIndex(h.replies.filter((reply) => reply.correlationId === correlationId));
}

/** In the order the chat got them (their sequence numbers; the index of the reply without one). */
function sortByIndex(messages: OutboundMessage[]): OutboundMessage[] {
  const index = (m: OutboundMessage) => m.seq ?? Number(m.id.slice(m.id.lastIndexOf(':') + 1));
  return [...messages].sort((a, b) => index(a) - index(b));
}

/** Sends and waits for the turn's replies. */
export async function send(
  h: Harness,
  who: Person,
  content: InboundContent | string,
  options: { sentAt?: Date; platformMessageId?: string } = {},
): Promise<Sent> {
  const outcome = await deliver(h, who, content, options);
  if (outcome.status !== 'queued') return { outcome, correlationId: undefined, replies: [], messages: [] };
  const messages = await repliesOf(h, who, outcome.correlationId);
  return { outcome, correlationId: outcome.correlationId, replies: messages.map((m) => m.text), messages };
}

/** Sends a text and returns the texts of its replies. */
export async function say(h: Harness, who: Person, text: string): Promise<string[]> {
  return (await send(h, who, text)).replies;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Waits until the pipeline has nothing left to do: no turn job waiting, running or delayed, and
 * no conversation mailbox holding a message. Replies are queued before a turn commits, so from
 * then on no new reply can be produced: what has been counted is final (no sleep needed to show
 * that something did not happen).
 */
export async function waitForIdlePipeline(h: Harness, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    'the pipeline to be idle',
    async () => {
      const counts = await h.container.turns.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      const busy = Object.values(counts).reduce((sum, n) => sum + n, 0);
      const mailboxes = await h.container.redis.zcard(h.container.keys.activeMailboxes());
      return busy === 0 && mailboxes === 0 ? true : undefined;
    },
    timeoutMs,
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The conversation's saved state and pending confirmation, as the turn worker committed them. */
export async function savedConversation(h: Harness, who: Person) {
  const { keys, redis } = h.container;
  const [state, pending] = await redis.mget(
    keys.conversationState(who.conversationId),
    keys.pendingConfirmation(who.tenantId, who.conversationId),
  );
  return {
    state: state ? (JSON.parse(state) as ConversationState) : undefined,
    pending: pending ? (JSON.parse(pending) as PendingConfirmation) : undefined,
  };
}

/**
 * Makes five minutes pass for the conversation's proposal: its Redis key expires (as its
 * 300 s TTL would), and the proposal's times in the saved state and the action ledger move
 * six minutes into the past.
 */
export async function expireProposal(h: Harness, who: Person): Promise<string> {
  const { keys, redis } = h.container;
  const { state, pending } = await savedConversation(h, who);
  if (!state?.lastProposal || !pending) throw new Error('no proposal to expire');
  const shift = (iso: string) => new Date(Date.parse(iso) - 6 * 60_000).toISOString();
  state.lastProposal.expiresAt = shift(state.lastProposal.expiresAt);
  state.since = shift(state.since);
  await redis.set(keys.conversationState(who.conversationId), JSON.stringify(state), 'KEEPTTL');
  await redis.pexpire(keys.pendingConfirmation(who.tenantId, who.conversationId), 1);
  await h.db.action.update({
    where: { nonce: pending.nonce },
    data: { proposedAt: new Date(shift(pending.proposedAt)), expiresAt: new Date(shift(pending.expiresAt)) },
  });
  await waitFor('the pending key to expire', async () =>
    (await redis.exists(keys.pendingConfirmation(who.tenantId, who.conversationId))) === 0 ? true : undefined,
  );
  return pending.nonce;
}

/** A boleto written straight into the database (for lists, status and cancel tests). */
export async function seedBoleto(
  h: Harness,
  tenantId: string,
  input: { contact: string; amountCents: number; dueDate: string; status?: 'PENDING' | 'PAID' | 'CANCELLED' },
) {
  const contact = await h.db.contact.findFirstOrThrow({ where: { tenantId, name: input.contact } });
  const tenant = await h.db.tenant.update({
    where: { id: tenantId },
    data: { nextBoletoNo: { increment: 1 } },
  });
  const number = tenant.nextBoletoNo - 1;
  const numbers = boletoNumbers({
    bankCode: '237',
    amountCents: input.amountCents,
    dueDate: input.dueDate,
    freeField: `${'9'.repeat(10)}${String(number).padStart(15, '0')}`,
  });
  return h.db.boleto.create({
    data: {
      tenantId,
      number,
      contactId: contact.id,
      amountCents: input.amountCents,
      dueDate: new Date(`${input.dueDate}T00:00:00Z`),
      status: input.status ?? 'PENDING',
      digitableLine: numbers.digitableLine,
      barcode: numbers.barcode,
    },
  });
}

/** The next "dia N" from today in São Paulo: this month if today is the Nth or before. */
export function nextDayOfMonth(day: number, today = todaySp()): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  let year = y;
  let month = d <= day ? m : m + 1;
  for (;;) {
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const candidate = new Date(Date.UTC(year, month - 1, day));
    if (candidate.getUTCMonth() === month - 1) return candidate.toISOString().slice(0, 10);
    month += 1;
  }
}

export const brDate = (iso: string): string => iso.split('-').reverse().join('/');
