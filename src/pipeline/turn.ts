import type { MemoryProposal } from '../core/understanding';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { PRODUCT } from '../../config/product';
import { isoDateInZone } from '../core/format';
import type { DomainPack, Scope, TenantProfile, UserProfile, Db } from '../domains/types';
import type { BoletoIssuers } from '../core/boleto-issuer';
import { say, type PipelineMessageKey } from './catalog';
import type { ConversationState, PendingConfirmation } from './conversation';
import type {
  ActionLedger,
  AuditRecord,
  IntentEngine,
  KnowledgeBase,
  PassageAnswerer,
  UserMemories,
  PendingWrite,
  ToolCallLimiter,
  TransactionRunner,
} from './ports';
import { STOP } from './request';
import { ConversationStateMachine } from './state-machine';

/** What the person sent, as the pipeline sees it. */
export type TurnContent =
  | { kind: 'text'; text: string; fromAudio: boolean }
  | { kind: 'button'; nonce: string; answer: 'yes' | 'no' }
  /** Something Gate 1 stops with a fixed reply (audio that failed, a sticker...). */
  | { kind: 'problem'; key: PipelineMessageKey; params?: Record<string, string | number> };

export interface TurnInput {
  messageId: string;
  correlationId: string;
  conversationId: string;
  /** When the platform says it was sent: a backlog message is never a confirmation. */
  sentAt: Date;
  now: Date;
  tenant: TenantProfile;
  user: UserProfile;
  pack: DomainPack;
  content: TurnContent;
  state: ConversationState;
  pending?: PendingConfirmation;
}

export interface Reply {
  text: string;
  buttons?: { nonce: string; yesLabel: string; noLabel: string };
}

export interface TurnOutput {
  replies: Reply[];
  state: ConversationState;
  pending: PendingWrite;
  audit: AuditRecord[];
  /** The steps the turn ran (see routes.ts). */
  trail: string[];
  intent?: string;
  /** Enough of the person's messages wait in `state.earlier`: the summary job should run. */
  summaryDue?: boolean;
}

export interface PipelineDeps {
  ledger: ActionLedger;
  engine: IntentEngine;
  db: Db;
  transaction: TransactionRunner;
  logger: Logger;
  limits?: Partial<typeof PRODUCT>;
  newNonce?: () => string;
  /** The tenant's documents, for general questions; without it they get the pack's help. */
  knowledge?: KnowledgeBase;
  /** Answers a general question in a model's words from the passages; without it they are quoted. */
  answerer?: PassageAnswerer;
  /** What people asked Iris to remember; without it memory commands are read as any message. */
  memories?: UserMemories;
  /** Who issues each tenant's boletos (the packs' use cases get it in their scope). */
  boletoIssuers?: BoletoIssuers;
  /** Each tool's calls per minute per person; without it tools are not rate limited. */
  toolCalls?: ToolCallLimiter;
}

/**
 * One turn's context and what it leaves behind: the replies, the audit, the state machine and
 * the conversation values saved for the next turn. The values passed between steps (the
 * request, its validation, the confirmed proposal) are not here: each step returns them.
 */
export class Turn {
  readonly replies: Reply[] = [];
  readonly audit: AuditRecord[] = [];
  /** The steps this turn ran, in order, with how each ended (debug log, tests). */
  readonly trail: string[] = [];
  readonly sm: ConversationStateMachine;
  readonly scope: Scope;
  readonly limits: typeof PRODUCT;
  /** What the turn is about, once a step knows: stamped on audit records and saved as lastIntent. */
  intent: string | undefined;
  /** The person's line as the conversation history keeps it (set by Gate 1). */
  heard = '';
  /** The draft to keep for the next turn (AWAITING_INPUT); undefined clears it. */
  draft: ConversationState['draft'];
  redoOffer: ConversationState['redoOffer'];
  memoryOffer: ConversationState['memoryOffer'];
  sectionsOffer: ConversationState['sectionsOffer'];
  /** A memory the model proposed while reading this turn's message (offered at the turn's end). */
  memoryProposal: MemoryProposal | undefined;
  /** Carried over; set when this turn told the person their message arrived late. */
  lateNoticeAt: string | undefined;
  lastProposal: ConversationState['lastProposal'];
  pendingWrite: PendingWrite = { op: 'keep' };

  constructor(
    readonly input: TurnInput,
    readonly deps: PipelineDeps,
  ) {
    this.limits = { ...PRODUCT, ...deps.limits };
    this.sm = new ConversationStateMachine(input.state.state, (record) =>
      deps.logger.warn({ transition: record }, 'invalid conversation state transition rejected'),
    );
    this.draft = input.state.draft;
    this.redoOffer = input.state.redoOffer;
    this.memoryOffer = input.state.memoryOffer;
    this.sectionsOffer = input.state.sectionsOffer;
    this.lateNoticeAt = input.state.lateNoticeAt;
    this.lastProposal = input.state.lastProposal;
    this.scope = {
      tenant: input.tenant,
      user: input.user,
      conversationId: input.conversationId,
      correlationId: input.correlationId,
      now: input.now,
      today: isoDateInZone(input.now, input.tenant.timeZone),
      db: deps.db,
      ...(deps.boletoIssuers ? { boletoIssuers: deps.boletoIssuers } : {}),
      conversation: {
        recent: input.state.recent.map((m) => ({ role: m.role, text: m.text })),
        ...(input.state.lastIntent ? { lastIntent: input.state.lastIntent } : {}),
        ...(input.state.summary ? { summary: input.state.summary } : {}),
      },
    };
  }

  get pack(): DomainPack {
    return this.input.pack;
  }

  get state(): ConversationState {
    return this.input.state;
  }

  /**
   * The pending confirmation while it is within its TTL. Its Redis key gets its 300 s when the
   * turn commits, a moment (under load, seconds) after the proposal's clock reading, so the key
   * can outlive `expiresAt`: past its expiry a proposal is gone, whatever Redis still holds, and
   * an answer to it gets the expiry sentence and the redo offer like any expired proposal.
   */
  get pending(): PendingConfirmation | undefined {
    const pending = this.input.pending;
    return pending && Date.parse(pending.expiresAt) > this.input.now.getTime() ? pending : undefined;
  }

  private noncesTaken = 0;

  /**
   * A proposal's nonce, in UUID v4 layout, derived from the id of the message that proposes it
   * (Iris' own random UUID, never the platform's). A message is handled at least once: when its
   * worker dies after the prompt went out but before the commit, the retry proposes again, and
   * its reply (same id) is dropped as a duplicate, so the person holds the first attempt's
   * button. The retry must propose under that same nonce, or the button would be "expired".
   */
  newNonce(): string {
    if (this.deps.newNonce) return this.deps.newNonce();
    const digest = createHash('sha256')
      .update(`nonce\u0000${this.input.messageId}\u0000${this.noncesTaken++}`)
      .digest('hex');
    const variant = ((parseInt(digest[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-${variant}${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  }

  /** A pipeline sentence in the tenant's locale. */
  say(key: PipelineMessageKey, params?: Record<string, string | number>): string {
    return say(this.input.tenant.locale, key, params);
  }

  reply(text: string, buttons?: Reply['buttons']): void {
    this.replies.push(buttons ? { text, buttons } : { text });
  }

  record(event: string, data?: Record<string, unknown>): void {
    this.audit.push({ event, ...(this.intent ? { intent: this.intent } : {}), ...(data ? { data } : {}) });
  }

  /** Runs one step of a route and writes it on the trail with how it ended. */
  async step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
    const value = await run();
    this.trail.push(value === STOP ? `${name}:stop` : name);
    return value;
  }
}
