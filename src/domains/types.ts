import type { z } from 'zod';
import type { DataSource } from '../../config/data-classification';
import type { Locale } from '../core/locale';
import type { Understander, UnderstandingContext } from '../core/understanding';
import type { IntentModelArtifact, IntentTrainingSource } from '../nlu/intent-model';
import type { BoletoIssuers } from '../core/boleto-issuer';
// The generated client's type is the packs' data port: a tool gets a client or a transaction
// (`Db`) in its scope and never builds one; the store that connects it lives in src/stores.
import type { PrismaClient } from '../generated/prisma/client';
import type { DomainPack as DomainPackEnum } from '../generated/prisma/enums';
import type { AiProviderName, AiTask } from '../core/text-generation';

/** A pack's id: a value of the schema's `DomainPack` enum (a tenant row names its pack). */
export type DomainPackId = DomainPackEnum;
export type UserRole = 'owner' | 'operator' | 'viewer';
export type Entities = Record<string, string | number>;

/** How a tenant's messages are understood (issue: Gemini modes). */
export type UnderstandingMode = 'offline' | 'model_first' | 'offline_first';

export interface TenantProfile {
  id: string;
  slug: string;
  name: string;
  pack: DomainPackId;
  locale: Locale;
  timeZone: string;
  currency: string;
  ai: {
    enabled: boolean;
    mode: UnderstandingMode;
    plan: string;
    features: string[];
    /** The tenant's own provider per task (docs/gemini.md "Providers"); unset: the platform's. */
    providers?: Partial<Record<AiTask, AiProviderName>>;
  };
}

export interface UserProfile {
  id: string;
  name: string;
  role: UserRole;
}

/** A Prisma client or an interactive transaction: use cases take either. */
export type Db = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** What every use case and validation gets: who, where, when, and the data. */
export interface Scope {
  tenant: TenantProfile;
  user: UserProfile;
  conversationId: string;
  correlationId: string;
  now: Date;
  /** Today in the tenant's time zone, `YYYY-MM-DD`. */
  today: string;
  db: Db;
  /** Who issues each tenant's boletos; without it, the local issuer (registered with no bank). */
  boletoIssuers?: BoletoIssuers;
  /**
   * What the turn already holds of the conversation (its saved state), for a model's context:
   * read once per turn, never loaded again by whoever needs it.
   */
  conversation?: {
    recent: ReadonlyArray<{ role: 'user' | 'assistant'; text: string }>;
    /** The summary of what came before `recent` (docs/gemini.md "Conversation summaries"). */
    summary?: string;
    lastIntent?: string;
  };
}

export type ToolCategory = 'Query' | 'Transactional' | 'Communication' | 'Support';

/**
 * docs/specification.md#tools ToolDefinition. `parameters` is what a caller states, in entity names (the
 * function declaration a model sees derives from it); `input` is what the use case runs with,
 * after Gate 3 resolved references (a contact's name -> its id). Both are zod schemas.
 */
export interface ToolDefinition<P = Record<string, unknown>, R = Record<string, unknown>> {
  name: string;
  /** For the model (function declarations), in the pack's language. */
  description: string;
  parameters: z.ZodType;
  input: z.ZodType<P>;
  category: ToolCategory;
  requiresConfirmation: boolean;
  allowedRoles: readonly UserRole[];
  featureFlag?: string;
  version: string;
  /** Calls per user per minute; undefined = no tool-specific limit. */
  rateLimitPerMinute?: number;
  /**
   * The tool that undoes this one's write (seed 003 §2.4: `cancelar_reserva` for
   * `criar_reserva`), run on its own when a later step of the same multi-step action fails;
   * undefined for a write that cannot be undone (the person is told what to do by hand).
   */
  compensatingAction?: string;
  /** The compensating tool's input, from this tool's result. */
  compensationInput?(result: Record<string, unknown>): Record<string, unknown>;
  /**
   * Runs the use case. Writes receive the confirmation `nonce` and must make it unique in the
   * rows they insert, so a second execution of the same confirmation cannot write twice.
   */
  execute(params: P, ctx: Scope & { nonce?: string }): Promise<R>;
}

/** A tool of any parameter type, as registries and packs hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, Record<string, unknown>>;

/** One intent of a pack: Gate 3's required entities and the tool it leads to. */
export interface IntentSpec {
  name: string;
  required: readonly string[];
  /** The tool the intent calls once valid; undefined for conversation-only intents. */
  tool?: string;
  /**
   * Only ever a later step of a multi-step action (`DomainPack.flow`), never read from a
   * message: the intent model has no class for it.
   */
  flowStep?: true;
}

/** The next step of a multi-step action, from what the step before did. */
export interface FlowStep {
  intent: string;
  entities: Entities;
}

/**
 * Multi-step actions (seed 003 §2.3): a request that is several atomic tools, each proposed and
 * confirmed on its own ("Etapa 2 de 3: …"), at most five. A step that fails undoes the steps
 * before it by their tools' compensating actions (§2.4).
 */
export interface PackFlows {
  /** How many steps a request that passed Gate 3 (with these params) takes (1: a single action). */
  steps(intent: string, params: Record<string, unknown>): number;
  /** The step after `tool` ran with `result`; undefined when the action is complete. */
  next(tool: string, params: Record<string, unknown>, result: Record<string, unknown>): FlowStep | undefined;
  /**
   * Whether the steps done so far are only a part that must not stay alone when the person stops
   * the flow ("não", a new request): then they are undone like a failed step's (a booking held
   * for its fee is released). Absent: what was confirmed stays.
   */
  undoWhenStopped?(done: ReadonlyArray<{ tool: string; result: Record<string, unknown> }>): boolean;
}

/** Gate 3's verdict, with references (contacts, ids) resolved against the tenant's data. */
export type Validation =
  | {
      status: 'pass';
      params: Record<string, unknown>;
      /**
       * Defaults the pack filled in (docs/finance.md: a date that defaults to today). The pipeline adds
       * them to the proposal's entities, so a redo of an expired proposal reads the value the
       * prompt showed, not a new default (a "sí" after midnight runs the proposed values anyway).
       */
      filled?: Entities;
    }
  /** Required values not given: ask only for these (patch mode). */
  | { status: 'missing'; missing: string[] }
  /** A value broke a rule: say why (a pack sentence) and ask for the field again. */
  | { status: 'invalid'; messageKey: string; params?: Record<string, string | number>; field: string }
  /** Several records match the words: ask which, listing them. */
  | { status: 'ambiguous'; field: string; messageKey: string; params: Record<string, string | number> }
  /** No record matches: say so and ask again. */
  | { status: 'not_found'; field: string; messageKey: string; params: Record<string, string | number> };

/** A rule a value broke (Gate 3's `invalid`). */
export type RuleBroken = Extract<Validation, { status: 'invalid' }>;

/** A follow-up an executed tool asks for (docs/finance.md: simulate without bank balance). */
export interface FollowUp {
  intent: string;
  entities: Entities;
  /** Sentence key of the pack to ask with. */
  messageKey: string;
  params?: Record<string, string | number>;
  /** Run this intent again once the follow-up's action completed. */
  then?: { intent: string; entities: Entities };
}

export interface Rendered {
  text: string;
  followUp?: FollowUp;
}

/**
 * A domain pack: a folder with its intents, understanding, rules, tools and sentences. The
 * pipeline, gates, confirmations, audit and channels are shared; adding a pack is adding a
 * folder and one line in the pack registry.
 */
export interface DomainPack {
  id: DomainPackId;
  locale: Locale;
  /** ISO 4217 code of the money it handles (a new tenant of the pack gets it). */
  currency: string;
  intents: Readonly<Record<string, IntentSpec>>;
  tools: readonly AnyTool[];
  understander: Understander;
  /**
   * The documented entity names, in their documented order: what `npm run nlu` prints and
   * `npm run nlu:eval` scores. The readers may carry internal entities besides these (boletos
   * keeps `status` for list filters, finance `transaction_type` and `debt_action`).
   */
  entities: readonly string[];
  /**
   * Whether `text` asks for the write `intent` (true for intents that do not write): a verb of
   * that write, not a question, not a hypothesis, not negated. Applies to every reader, the
   * offline model and Gemini alike.
   */
  asksForWrite(intent: string, text: string): boolean;
  /** How the pack's intent model is trained (`npm run nlu:train`) and where it is kept. */
  intentModel: PackIntentModel;
  /** The prompts a model reads messages of this pack with. */
  prompts: PackPrompts;
  /** Human names of entity fields, for "Preciso saber: ...". */
  fieldLabel(field: string): string;
  /**
   * Fields a reply may give together when one of them was asked: asked for a new start after
   * "already booked at that time", "16 às 20" moves the end too.
   */
  askedTogether?: ReadonlyArray<readonly string[]>;
  /** Requests that take several confirmed steps (seed 003 §2.3), when the pack has any. */
  flow?: PackFlows;
  /**
   * The feature flags a new tenant of the pack starts with (seed 003 §3.1): a tool that declares
   * a `featureFlag` is offered and run only for a tenant whose flags hold it.
   */
  defaultFeatures?: readonly string[];
  /**
   * The sources of the pack's own data, each with its class in `config/data-classification.ts`
   * (seed 003 §10.4): a prompt block built from one asks `mayReach` for it first.
   */
  dataSources?: readonly DataSource[];
  /**
   * Values a person's memories may give when a message leaves them out (seed 003 §5.1): a
   * preference said once ("lembra que eu prefiro vencimento no dia 10") fills the value, and the
   * proposal shows it and which memory gave it; the person confirms it like any other value.
   */
  remembered?: RememberedValues;
  /** Gate 3 plus reference resolution; may fill defaults the pack's seed allows (shown in the prompt). */
  validate(intent: string, entities: Entities, scope: Scope): Promise<Validation>;
  /**
   * At "sim": what can have changed while the proposal waited (at most the confirmation TTL),
   * checked on the proposed values; undefined when they still hold. Only rules that depend on
   * the clock belong here (a due date that midnight made past): records are checked again by
   * the tools inside their transaction, so they are not looked up here.
   */
  recheck(tool: string, params: Record<string, unknown>, scope: Scope): RuleBroken | undefined;
  /** The confirmation prompt's body: states every value that will be written. */
  describeProposal(tool: string, params: Record<string, unknown>, scope: Scope): string;
  /** The reply for a tool's result (numbers only from the result). */
  render(tool: string, result: Record<string, unknown>, scope: Scope): Rendered;
  /** The reply to conversation-only intents (GENERAL_QUESTION). */
  answer(intent: string): string;
  /** The pack's sentence by key. */
  say(key: string, params?: Record<string, string | number>): string;
}

/** A value a memory gave, with the memory that gave it (its words, as the person said them). */
export interface RecalledValue {
  field: string;
  value: string | number;
  memory: { id: string; description: string };
}

export interface RememberedValues {
  /** The fields of `intent` a memory may give (checked before any memory is read). */
  fields(intent: string): readonly string[];
  /** The first memory, most confident first, that gives one of the `missing` fields. */
  recall(
    intent: string,
    missing: readonly string[],
    memories: ReadonlyArray<{ id: string; description: string }>,
    scope: Scope,
  ): RecalledValue | undefined;
}

/** A prompt template (docs/gemini.md): an id with its version, its locale and its `{variables}`. */
export interface PromptTemplate {
  id: string;
  version: string;
  locale: Locale;
  text: string;
}

/**
 * A pack's prompts for a model's understanding: its templates and which one reads a message,
 * by the conversation's last intent (a follow-up is read with the template of what was being
 * done), `default` otherwise.
 */
export interface PackPrompts {
  templates: readonly PromptTemplate[];
  default: string;
  intents: Readonly<Record<string, string>>;
}

/** A pack's trained intent model: its training sentences, its file, the signals it reads. */
export interface PackIntentModel {
  /** The artifact `npm run nlu:train` writes and the understander reads. */
  path: string;
  training: IntentTrainingSource;
  /** The model's input for a text, exactly as the understander computes it (see the locale's `modelInput`). */
  inputOf(text: string, ctx: UnderstandingContext): { text: string; signals: string[] };
  /**
   * The pack's understander with another artifact in place of the committed one (same readers,
   * same write check): how cross-validation scores a model trained without the lines it reads.
   */
  understanderWith(artifact: IntentModelArtifact): Understander;
}
