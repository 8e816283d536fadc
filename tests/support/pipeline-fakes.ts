import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { z } from 'zod';
import { DomainError } from '../../src/core/errors';
import { fillTemplate, formatMoney } from '../../src/core/format';
import type { Understanding } from '../../src/core/understanding';
import type {
  Db,
  DomainPack,
  Entities,
  TenantProfile,
  UserProfile,
  UserRole,
  Validation,
} from '../../src/domains/types';
import {
  freshState,
  type ConversationState,
  type PendingConfirmation,
} from '../../src/pipeline/conversation';
import type {
  ActionLedger,
  ClaimResult,
  IntentEngine,
  ProposalOutcome,
  ProposalTimes,
} from '../../src/pipeline/ports';
import { proposalOutcome } from '../../src/pipeline/proposal-outcome';
import { runTurn } from '../../src/pipeline/run-turn';
import type { PipelineDeps, TurnContent, TurnInput, TurnOutput } from '../../src/pipeline/turn';

/**
 * In-memory fakes of the pipeline's ports, and a tiny "payments" pack, so `runTurn` can be
 * driven without Redis or PostgreSQL. The fake ledger follows the same contract as
 * `PrismaActionLedger` (tests/integration/action-ledger.test.ts runs one suite on both).
 */

type ActionRow = Parameters<ActionLedger['propose']>[0] & {
  status: 'PROPOSED' | 'EXECUTING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  claimedBy?: string;
  decidedAt?: Date;
  result?: Record<string, unknown>;
  error?: string;
  failure?: Record<string, string | number>;
};

export class InMemoryActionLedger implements ActionLedger {
  readonly rows = new Map<string, ActionRow>();

  async propose(action: Parameters<ActionLedger['propose']>[0]): Promise<ProposalTimes> {
    const row = this.rows.get(action.nonce);
    if (!row) {
      this.rows.set(action.nonce, { ...action, status: 'PROPOSED' });
      return { proposedAt: action.proposedAt, expiresAt: action.expiresAt };
    }
    const same = (['tenantId', 'conversationId', 'userId', 'correlationId'] as const).every(
      (key) => row[key] === action[key],
    );
    if (!same) throw new Error(`action nonce ${action.nonce} is already taken by another proposal`);
    return { proposedAt: row.proposedAt, expiresAt: row.expiresAt };
  }

  async outcomeOf(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    now: Date,
  ): Promise<ProposalOutcome> {
    return proposalOutcome(this.rows.get(nonce), binding, now);
  }

  async cancel(nonce: string, reason: 'rejected' | 'superseded' | 'expired'): Promise<void> {
    const row = this.rows.get(nonce);
    if (row?.status === 'PROPOSED') Object.assign(row, { status: 'CANCELLED', error: reason });
  }

  async claim(
    nonce: string,
    binding: { tenantId: string; conversationId: string; userId: string },
    messageId: string,
    now: Date,
  ): Promise<ClaimResult> {
    const row = this.rows.get(nonce);
    if (
      !row ||
      row.tenantId !== binding.tenantId ||
      row.conversationId !== binding.conversationId ||
      row.userId !== binding.userId
    ) {
      return { status: 'unknown' };
    }
    switch (row.status) {
      case 'PROPOSED':
        if (row.expiresAt.getTime() <= now.getTime()) {
          Object.assign(row, { status: 'CANCELLED', error: 'expired' });
          return { status: 'expired' };
        }
        Object.assign(row, { status: 'EXECUTING', claimedBy: messageId, decidedAt: now });
        return { status: 'claimed' };
      case 'EXECUTING':
        if (row.claimedBy === messageId) return { status: 'resume' };
        if (now.getTime() - (row.decidedAt?.getTime() ?? now.getTime()) > 30_000) {
          Object.assign(row, { status: 'FAILED', error: 'execution_timeout' });
          return { status: 'failed', error: 'execution_timeout', params: {} };
        }
        return { status: 'busy' };
      case 'COMPLETED':
        return { status: 'completed', result: row.result ?? {}, byThisMessage: row.claimedBy === messageId };
      case 'FAILED':
        return { status: 'failed', error: row.error ?? '', params: row.failure ?? {} };
      default:
        return { status: 'cancelled' };
    }
  }

  async complete(_db: Db, nonce: string, result: Record<string, unknown>): Promise<void> {
    const row = this.rows.get(nonce);
    if (row?.status !== 'EXECUTING') throw new Error(`action ${nonce} was not EXECUTING when completing`);
    Object.assign(row, { status: 'COMPLETED', result });
  }

  async fail(
    nonce: string,
    error: string,
    _now: Date,
    params: Record<string, string | number> = {},
  ): Promise<void> {
    const row = this.rows.get(nonce);
    if (row?.status === 'EXECUTING') Object.assign(row, { status: 'FAILED', error, failure: params });
  }

  statuses(): Array<{ nonce: string; status: string; error?: string }> {
    return [...this.rows.values()].map((r) => ({
      nonce: r.nonce,
      status: r.status,
      ...(r.error ? { error: r.error } : {}),
    }));
  }
}

/** An intent engine that reads from a table (text -> understanding) and records what it was asked. */
export class ScriptedEngine implements IntentEngine {
  readonly asked: string[] = [];
  constructor(private readonly table: Record<string, Understanding> = {}) {}

  set(text: string, understanding: Understanding): void {
    this.table[text] = understanding;
  }

  async understand(text: string): Promise<Understanding> {
    this.asked.push(text);
    return this.table[text] ?? { intent: 'UNKNOWN', confidence: 0, entities: {} };
  }
}

/**
 * A small pack for pipeline tests: PAY (a write that needs confirmation: payee + amount), SHOW
 * (a read), HELP (conversation only). Payees resolve through a mutable directory, so a test can
 * change what a name means between a proposal and its confirmation.
 */
export function paymentsPack() {
  const payees = new Map<string, string>([
    ['Ana', 'payee-ana'],
    ['Bruno', 'payee-bruno'],
  ]);
  /** The payee records that exist (a name may later point at another one). */
  const payeeIds = new Set(payees.values());
  const writes: Array<{ nonce: string; payeeId: string; amount_cents: number }> = [];
  const sentences: Record<string, string> = {
    amount_not_positive: 'O valor precisa ser positivo.',
    payee_not_found: 'Não conheço "{name}". Para quem é?',
    payment_day_over: 'O pagamento era para o dia {day}.',
    field_payee: 'o favorecido',
    field_amount_cents: 'o valor',
    propose_pay: 'Vou pagar {amount} para {payee}.',
    paid: 'Pagamento nº {id} feito: {amount} para {payee}.',
    shown: 'Você fez {count} pagamento(s).',
    help: 'Posso pagar e mostrar pagamentos.',
  };
  const say = (key: string, params?: Record<string, string | number>) => {
    const template = sentences[key];
    if (template === undefined) throw new Error(`no sentence ${key}`);
    return fillTemplate(template, params);
  };
  const pack: DomainPack = {
    id: 'boletos',
    locale: 'pt-BR',
    intents: {
      PAY: { name: 'PAY', required: ['payee', 'amount_cents'], tool: 'pay' },
      SHOW: { name: 'SHOW', required: [], tool: 'show' },
      HELP: { name: 'HELP', required: [] },
    },
    currency: 'BRL',
    entities: ['payee', 'amount_cents'],
    prompts: { templates: [], default: 'none', intents: {} },
    tools: [
      {
        name: 'pay',
        description: 'pays',
        parameters: z.object({}),
        input: z.object({
          payee_id: z.string(),
          payee: z.string(),
          amount_cents: z.number().int().positive(),
        }),
        category: 'Transactional',
        requiresConfirmation: true,
        allowedRoles: ['owner', 'operator'] as readonly UserRole[],
        version: 'v1',
        async execute(params: { payee_id: string; payee: string; amount_cents: number }, ctx) {
          if (!ctx.nonce) throw new Error('pay needs a nonce');
          let row = writes.find((w) => w.nonce === ctx.nonce);
          if (!row) {
            if (params.amount_cents === 666) throw new DomainError('amount_not_positive');
            if (params.amount_cents === 777 || !payeeIds.has(params.payee_id))
              throw new DomainError('payee_not_found', { name: params.payee });
            row = { nonce: ctx.nonce, payeeId: params.payee_id, amount_cents: params.amount_cents };
            writes.push(row);
          }
          return { id: writes.indexOf(row) + 1, payee: params.payee, amount_cents: row.amount_cents };
        },
      },
      {
        name: 'show',
        description: 'shows',
        parameters: z.object({}),
        input: z.object({}),
        category: 'Query',
        requiresConfirmation: false,
        allowedRoles: ['owner', 'operator', 'viewer'] as readonly UserRole[],
        version: 'v1',
        async execute() {
          return { count: writes.length };
        },
      },
    ],
    understander: {
      understand: () => ({ intent: 'UNKNOWN', confidence: 0, entities: {} }),
      readPatch(text, ctx) {
        const entities: Entities = {};
        const number = /^\d+$/.exec(text.trim());
        if (number && ctx.expected.includes('amount_cents')) entities.amount_cents = Number(number[0]) * 100;
        else if (/^[A-Z][a-z]+$/.test(text.trim()) && ctx.expected.includes('payee'))
          entities.payee = text.trim();
        return { entities };
      },
    },
    intentModel: {
      path: '/nonexistent/intent-model.json',
      training: {
        templates: {},
        slots: {},
        habits: { shortcuts: {}, openers: [], stories: [], closers: [], emojis: [] },
      },
      inputOf: (text) => ({ text, signals: [] }),
      understanderWith: () => {
        throw new Error('the test pack has no intent model');
      },
    },
    asksForWrite: () => true,
    fieldLabel: (field) => say(`field_${field}`),
    async validate(intent, entities, scope): Promise<Validation> {
      const spec = pack.intents[intent];
      if (!spec) return { status: 'missing', missing: [] };
      const missing = spec.required.filter((f) => entities[f] === undefined);
      if (missing.length > 0) return { status: 'missing', missing };
      if (intent !== 'PAY') return { status: 'pass', params: {} };
      if (typeof entities.amount_cents !== 'number' || entities.amount_cents <= 0)
        return { status: 'invalid', messageKey: 'amount_not_positive', field: 'amount_cents' };
      const payeeId = payees.get(String(entities.payee));
      if (!payeeId)
        return {
          status: 'not_found',
          field: 'payee',
          messageKey: 'payee_not_found',
          params: { name: String(entities.payee) },
        };
      return {
        status: 'pass',
        params: {
          payee_id: payeeId,
          payee: String(entities.payee),
          amount_cents: entities.amount_cents,
          ...(entities.amount_cents === 9_999 ? { proposed_on: scope.today } : {}),
        },
      };
    },
    // A rule that depends on the day, as a due date does: a payment of 99,99 is for the day it
    // was proposed on, so a "sim" after midnight finds it broken.
    recheck(_tool, params, scope) {
      if (params.amount_cents !== 9_999 || scope.today === params.proposed_on) return undefined;
      const day = String(params.proposed_on);
      return { status: 'invalid', field: 'amount_cents', messageKey: 'payment_day_over', params: { day } };
    },
    describeProposal: (_tool, params) =>
      say('propose_pay', {
        amount: formatMoney(Number(params.amount_cents), 'pt-BR'),
        payee: String(params.payee),
      }),
    render(tool, result) {
      if (tool === 'show') return { text: say('shown', { count: Number(result.count) }) };
      return {
        text: say('paid', {
          id: Number(result.id),
          amount: formatMoney(Number(result.amount_cents), 'pt-BR'),
          payee: String(result.payee),
        }),
      };
    },
    answer: () => say('help'),
    say,
  };
  return { pack, payees, payeeIds, writes };
}

export const TENANT: TenantProfile = {
  id: 'tenant-1',
  slug: 'acme',
  name: 'Acme',
  pack: 'boletos',
  locale: 'pt-BR',
  timeZone: 'America/Sao_Paulo',
  currency: 'BRL',
  ai: { enabled: false, mode: 'offline', plan: 'basic', features: [] },
};

export const OWNER: UserProfile = { id: 'user-1', name: 'Dona', role: 'owner' };

/** A logger whose warnings and infos are captured (the level is silent, the calls are not). */
export function capturingLogger() {
  const logger = pino({ level: 'silent' });
  const warn = jest.spyOn(logger, 'warn');
  const info = jest.spyOn(logger, 'info');
  return { logger, warn, info };
}

/**
 * Drives one conversation through `runTurn` the way the turn worker does: it keeps the saved
 * state and the pending confirmation between turns and applies each turn's pending write.
 */
export class FakeConversation {
  state: ConversationState;
  pending: PendingConfirmation | undefined;
  now = new Date('2026-03-02T12:00:00Z');
  private seq = 0;
  /**
   * Message ids are unique per conversation object: proposal nonces derive from them, and tests
   * that use the real ledger share one database across runs.
   */
  private readonly run = randomUUID().slice(0, 8);

  constructor(
    readonly deps: PipelineDeps,
    readonly pack: DomainPack,
    readonly options: { tenant?: TenantProfile; user?: UserProfile; conversationId?: string } = {},
  ) {
    this.state = freshState(this.now);
  }

  /**
   * Moves the clock forward. The pending confirmation goes away at its expiry, as its Redis key
   * would, unless `keepPendingKey` (the key outlived its `expiresAt` by a moment: it is set at
   * commit time, a little after the proposal's clock reading).
   */
  advance(ms: number, options: { keepPendingKey?: boolean } = {}): void {
    this.now = new Date(this.now.getTime() + ms);
    if (this.pending && !options.keepPendingKey && Date.parse(this.pending.expiresAt) <= this.now.getTime())
      this.pending = undefined;
  }

  /** One message through `runTurn`; the output is applied as the turn worker's commit would. */
  async send(content: TurnContent | string, sentAt?: Date): Promise<TurnOutput> {
    const turnContent: TurnContent =
      typeof content === 'string' ? { kind: 'text', text: content, fromAudio: false } : content;
    const output = await runTurn(this.input(turnContent, sentAt), this.deps);
    this.apply(output);
    return output;
  }

  input(content: TurnContent, sentAt?: Date): TurnInput {
    this.seq += 1;
    return {
      messageId: `m${this.seq}-${this.run}`,
      correlationId: `c${this.seq}`,
      conversationId: this.options.conversationId ?? 'conv-1',
      sentAt: sentAt ?? this.now,
      now: this.now,
      tenant: this.options.tenant ?? TENANT,
      user: this.options.user ?? OWNER,
      pack: this.pack,
      content,
      state: this.state,
      ...(this.pending ? { pending: this.pending } : {}),
    };
  }

  /** Applies a turn's output as the mailbox commit would. */
  apply(output: TurnOutput): void {
    this.state = output.state;
    if (output.pending.op === 'del') this.pending = undefined;
    if (output.pending.op === 'set') this.pending = JSON.parse(output.pending.value) as PendingConfirmation;
  }
}

/** Pipeline dependencies made of the fakes above; the database is never touched. */
export function fakeDeps(engine = new ScriptedEngine()) {
  const ledger = new InMemoryActionLedger();
  const { logger, warn, info } = capturingLogger();
  const noDb = {} as Db;
  const deps: PipelineDeps = {
    ledger,
    engine,
    db: noDb,
    transaction: (fn) => fn(noDb),
    logger,
  };
  return { deps, ledger, engine, warn, info };
}

/** The warnings a turn logged about rejected state transitions. */
export function rejectedTransitions(warn: jest.SpyInstance): unknown[] {
  return warn.mock.calls
    .filter((call) => call[1] === 'invalid conversation state transition rejected')
    .map((call) => (call[0] as { transition: unknown }).transition);
}
