import type { Locale } from '../core/locale';
import type { Understanding, MemoryProposal } from '../core/understanding';
import type { Db, DomainPack, Scope, TenantProfile, UserProfile } from '../domains/types';

/** An audit row: docs/specification.md#gates event names, with the turn's correlation id, tenant and conversation. */
/**
 * What a turn does to the conversation's pending confirmation when its state is committed:
 * leave it, delete it, or set it (with its time to live). The conversation store applies it in
 * the same atomic step that pops the message.
 */
export type PendingWrite = { op: 'keep' } | { op: 'del' } | { op: 'set'; value: string; ttlSec: number };

/**
 * When a proposal was made and until when it may be confirmed, as stored by its first
 * proposal: a retried turn proposes the same nonce again and must show the same deadline,
 * or a "sim" sent before the retry would be taken for backlog and asked again.
 */
export interface ProposalTimes {
  proposedAt: Date;
  expiresAt: Date;
}

/** What a proposal that is no longer pending became (see `ActionLedger.outcomeOf`). */
export type ProposalOutcome = 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'not_yours' | 'unknown';

export interface AuditRecord {
  event: string;
  intent?: string;
  data?: Record<string, unknown>;
}

export interface AuditEntry extends AuditRecord {
  tenantId: string | null;
  conversationId: string | null;
  correlationId: string;
  at: Date;
}

/** Writes audit rows; may fail, and a failure never blocks or fails the reply. */
export interface AuditSink {
  write(entries: AuditEntry[]): Promise<void>;
}

export type ClaimResult =
  | { status: 'claimed' }
  /** This same inbound message claimed it before and died: run it again (the write is idempotent by nonce). */
  | { status: 'resume' }
  | { status: 'completed'; result: Record<string, unknown>; byThisMessage: boolean }
  /** It failed: the refusal's sentence key and values, to explain it again the same way. */
  | { status: 'failed'; error: string; params: Record<string, string | number> }
  | { status: 'cancelled' }
  | { status: 'expired' }
  /** Another message is executing it right now. */
  | { status: 'busy' }
  /** No such action for this tenant, conversation and user. */
  | { status: 'unknown' };

/**
 * The orchestrator's ledger of actions (docs/specification.md#confirmation) in PostgreSQL, keyed by the confirmation
 * nonce. Its conditional transitions make a confirmed action run at most once.
 */
export interface ActionLedger {
  /**
   * Records a PROPOSED action. Idempotent for a retried turn: proposing the same nonce for the
   * same tenant, conversation, user and correlation id again is a no-op; any other reuse throws.
   */
  propose(action: {
    nonce: string;
    tenantId: string;
    conversationId: string;
    userId: string;
    tool: string;
    params: Record<string, unknown>;
    correlationId: string;
    proposedAt: Date;
    expiresAt: Date;
  }): Promise<ProposalTimes>;
  /**
   * What became of a proposal, as seen by the person who presses its button: `not_yours` when
   * it was made for another person of the tenant, `unknown` for another tenant's (nothing about
   * it is told).
   */
  outcomeOf(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    now: Date,
  ): Promise<ProposalOutcome>;
  /** PROPOSED -> CANCELLED (rejected, superseded or expired); no-op otherwise. */
  cancel(nonce: string, reason: 'rejected' | 'superseded' | 'expired'): Promise<void>;
  /** PROPOSED -> EXECUTING, bound to tenant, conversation and user, within the TTL. */
  claim(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    messageId: string,
    now: Date,
  ): Promise<ClaimResult>;
  /** EXECUTING -> COMPLETED in the same transaction as the tool's write. */
  complete(db: Db, nonce: string, result: Record<string, unknown>, now: Date): Promise<void>;
  /** EXECUTING -> FAILED with a reason (a sentence key) and the values its sentence needs. */
  fail(nonce: string, error: string, now: Date, params?: Record<string, string | number>): Promise<void>;
}

/** Runs a function in one database transaction. */
export type TransactionRunner = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/** Turns text into an intent and entities: offline rules, a model, or both (per tenant mode). */
export interface IntentEngine {
  /**
   * `text` is the message after Gate 1 (control and invisible characters removed); `typed` is
   * the message as the person typed it, for checks that must see what was hidden (the injection
   * detector: a phrase written with zero-width characters between its letters was hidden on
   * purpose, which stripping first would make look like an ordinary one).
   */
  understand(text: string, scope: Scope, pack: DomainPack, typed?: string): Promise<Understanding>;
}

/** Who is talking: the tenant and the person, as they are now (removed ones are undefined). */
export interface PeopleDirectory {
  tenant(id: string): Promise<TenantProfile | undefined>;
  user(tenantId: string, userId: string): Promise<UserProfile | undefined>;
}

/** The pack a tenant runs (the app's pack registry). */
export type PackRegistry = (id: TenantProfile['pack']) => DomainPack;

/** One model call's usage, added to its tenant's month (the AI usage store). */
export interface UsageIncrement {
  tenantId: string;
  /** First day of the month, `YYYY-MM-01`, in the tenant's time zone. */
  periodMonth: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** The tenant's current plan limit, stored with the row (the plan may change mid-month). */
  planLimitUsd: number;
}

/**
 * One model call as the provider answered it, for the AI alerts (error rate, latency, the day's
 * cost, an open circuit): `circuit_open` is a call the breaker refused (no request left).
 */
export interface ModelCallRecord {
  outcome: 'ok' | 'error' | 'circuit_open';
  latencyMs: number;
  /** Estimated cost of the call in USD (0 when it failed). */
  costUsd: number;
  at: Date;
  /** Which provider made the call (`gemini`, `local`); counted per provider as well as in total. */
  provider?: string;
}

/** Where the engine counts its model calls (`RedisModelCallStats` in the app). */
export interface ModelCallStats {
  record(call: ModelCallRecord): Promise<void>;
}

/** The platform's AI switch: the AI gate's first check (`engine/ai-gate.ts`). */
export interface PlatformAiSwitch {
  isOn(): Promise<boolean>;
}

/**
 * Calls of one tool per minute by one person (a tool's `rateLimitPerMinute`, seed 003 §3.1);
 * `take` counts one and says whether it fits.
 */
export interface ToolCallLimiter {
  take(userId: string, tool: string, perMinute: number, now: Date): Promise<boolean>;
}

/** Model calls per minute per tenant and per user; `take` counts one and says whether it fits. */
export interface ModelCallLimiter {
  take(tenantId: string, userId: string, now: Date): Promise<boolean>;
}

/** A passage of the tenant's own documents that answers a question, with where it comes from. */
export interface KnowledgePassage {
  title: string;
  text: string;
  /** 0..1: how well it answers (relevance, and a little recency). */
  score: number;
}

/**
 * The tenant's knowledge base, as a general question reaches it: the passages that answer it,
 * best first, none carrying instructions for an assistant; none when no document answers (then
 * Iris says what it can do instead of inventing an answer).
 */
export interface KnowledgeBase {
  passages(tenantId: string, locale: Locale, question: string): Promise<KnowledgePassage[]>;
  /**
   * When no passage answers: the sections that come closest (their headings, up to three), for
   * the person to ask about one of them; none when nothing comes close.
   */
  suggestions?(tenantId: string, locale: Locale, question: string): Promise<KnowledgeSuggestion[]>;
  /** The passage of a section offered, picked by the person; undefined when it is gone. */
  section?(tenantId: string, section: KnowledgeSuggestion): Promise<KnowledgePassage | undefined>;
}

/** A section of the tenant's documents offered when no passage answers: its heading and document. */
export interface KnowledgeSuggestion {
  title: string;
  heading: string;
}

/** What became of a memory the person asked for. */
export type RememberOutcome = {
  outcome: 'saved' | 'reinforced' | 'full';
  /** The memory as kept (the earlier wording when one was reinforced). */
  description: string;
};

/**
 * What people asked Iris to remember, and whether they let it (seed 003 §5), scoped to one
 * tenant and one person. The pipeline checks descriptions for personal data before they get here.
 */
export interface UserMemories {
  /** Why a description must not be kept: personal data in it, or an instruction for an assistant. */
  screen(description: string): 'memory_personal_data' | 'memory_refused' | undefined;
  consent(tenantId: string, userId: string): Promise<boolean | undefined>;
  setConsent(tenantId: string, userId: string, consent: boolean, at: Date): Promise<void>;
  /** Keeps what the person asked for, or — with `proposed` — a model's proposal they accepted. */
  remember(
    tenantId: string,
    userId: string,
    description: string,
    at: Date,
    proposed?: MemoryProposal,
  ): Promise<RememberOutcome>;
  /** Whether an active memory already says this (the same test that reinforces instead of adding). */
  knows(tenantId: string, userId: string, description: string): Promise<boolean>;
  /** Active memories worth using, most confident first; `limit` caps how many. */
  list(tenantId: string, userId: string, limit?: number): Promise<Array<{ id: string; description: string }>>;
  /** The memory was used (it gave a value to a proposal): it does not decay for now. */
  used(tenantId: string, userId: string, id: string, at: Date): Promise<void>;
  forget(tenantId: string, userId: string, about: string): Promise<string | undefined>;
  forgetAll(tenantId: string, userId: string): Promise<number>;
}

/**
 * Writes the answer to a general question from the passages found, in a model's words (checked:
 * it cites them and holds no number they do not); undefined: quote the best passage as it is.
 */
export interface PassageAnswerer {
  answer(
    question: string,
    scope: Scope,
    passages: readonly KnowledgePassage[],
  ): Promise<{ text: string; titles: string[] } | undefined>;
}
