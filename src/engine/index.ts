/**
 * Understanding with a model's function calling (Gemini, or a local model on Ollama's API), kept
 * honest by the gates. Two engines implement the pipeline's `IntentEngine` port
 * (src/pipeline/ports.ts):
 *
 * - `offlineIntentEngine`: the pack's offline understander (rules, no network, no cost), read in
 *   the tenant's locale and time zone at the turn's `now`. What the app uses without a provider.
 *
 * - `createIntentEngine({ providers, usage, logger, audit?, platform?, limiter?, stats? })`: with
 *   at least one provider configured (`createAiProviders`), a model engine that honours each
 *   tenant's `ai` settings (`enabled`, `mode`: offline | model_first | offline_first, `plan`,
 *   `features`, `providers`); without one, the offline engine. `src/app/container.ts` wires it
 *   (docs/gemini.md, "Enabling it"); `createConversationSummarizer` shares its providers.
 *
 * What the model may do: pick one of the tools offered to this user (role and feature flags) and
 * report the values it heard. What it cannot do: run anything, invent a value (grounding drops
 * it, Gate 3 asks), reach a tool it was not offered (blocked, UNKNOWN), skip the confirmation
 * (Gate 4 is deterministic), or see a message the injection detector rated HIGH. See
 * docs/gemini.md for modes, cost controls and the confidence method.
 */
import { createGeminiClient } from '../providers/gemini/client';
import { toProviderError } from '../providers/gemini/errors';
import { GeminiTextGenerator } from '../providers/gemini/text-generator';
import { toOllamaError } from '../providers/ollama/errors';
import { OllamaTextGenerator } from '../providers/ollama/text-generator';
import { createResilientCaller, type ResilienceOptions } from '../providers/resilience';
import { ResilientTextEmbedder, ResilientTextGenerator } from '../providers/resilient-generator';
import { GeminiEmbedder } from '../providers/gemini/embedder';
import { OllamaEmbedder } from '../providers/ollama/embedder';
import type { TextEmbedder } from '../core/text-embedding';
import { KnowledgeEmbeddings } from './knowledge-embeddings';
import { GroundedAnswerer } from './grounded-answer';
import type { AiProviderName, AiTask, TextGenerator } from '../core/text-generation';
import type {
  IntentEngine,
  AuditSink,
  ModelCallLimiter,
  ModelCallStats,
  PlatformAiSwitch,
} from '../pipeline/ports';
import { EngineAudit } from './engine-audit';
import type { EngineLogger } from './engine-logger';
import {
  ModelIntentEngine,
  type ConversationContextSource,
  type PromptBackgroundSource,
} from './model-engine';
import { offlineIntentEngine } from './offline-engine';
import { ProviderChoice } from './provider-choice';
import { ConversationSummarizer } from './conversation-summarizer';
import { UsageGuard, type UsageLedger } from './usage-guard';
import { AiGate, ALWAYS_ON, type AiRefusal } from './ai-gate';

export { offlineIntentEngine } from './offline-engine';
export {
  ModelIntentEngine,
  type ConversationContextSource,
  type PromptBackgroundSource,
} from './model-engine';
export { ProviderChoice } from './provider-choice';
export { ConversationSummarizer, type SummaryOutcome } from './conversation-summarizer';
export { KnowledgeEmbeddings, type ModelVector } from './knowledge-embeddings';
export { GroundedAnswerer, checkGroundedAnswer } from './grounded-answer';
export type { EngineUnderstanding, BlockReason, FallbackReason } from './engine-understanding';
export type { ConversationContext, HistoryMessage, BuiltPrompt } from './prompt-builder';
export { buildPrompt, PROMPT_BLOCKS, PROMPT_TOKEN_BUDGET } from './prompt-builder';
export { MODEL_PRICES, PLAN_LIMITS, costUsd, planLimits } from './pricing';
export type { EngineLogger } from './engine-logger';
export type { UsageLedger } from './usage-guard';
export { AI_REFUSAL_HTTP_STATUS, AiGate, type AiRefusal } from './ai-gate';
export { UsageGuard } from './usage-guard';

/** Provider name in error messages and log lines, and the name of the engine's resilient caller. */
export const GEMINI_UNDERSTANDING_LABEL = 'gemini-understanding';
/** The same for the local model (Ollama's API). */
export const LOCAL_MODEL_LABEL = 'local-model';
export const GEMINI_EMBEDDINGS_LABEL = 'gemini-embeddings';
export const LOCAL_EMBEDDINGS_LABEL = 'local-embeddings';

export const DEFAULT_GEMINI_UNDERSTANDING_MODEL = 'gemini-2.5-flash';

/**
 * The platform's order of providers per task when a tenant has not chosen: understanding on
 * Gemini, the local model as its fallback; summaries on the local model first (seed 003 §1.3:
 * a structured, not creative, task for a small model), Gemini as the fallback.
 */
export const DEFAULT_PROVIDER_ORDER: Readonly<Record<AiTask, readonly AiProviderName[]>> = {
  understanding: ['gemini', 'local'],
  summarization: ['local', 'gemini'],
  embeddings: ['gemini', 'local'],
};

export const DEFAULT_GEMINI_EMBEDDING_MODEL = 'gemini-embedding-001';

export interface AiProvidersConfig {
  /** Undefined, or an empty key: no Gemini. */
  gemini?: { apiKey: string; baseUrl?: string | undefined; model?: string; timeoutMs?: number };
  /**
   * A server speaking Ollama's API (env `LOCAL_AI_URL`, `LOCAL_AI_MODEL`,
   * `LOCAL_AI_EMBEDDING_MODEL`); undefined: none.
   */
  local?: { baseUrl: string; model: string; embeddingModel?: string; timeoutMs?: number; keepAlive?: string };
  /** Gemini's embedding model; default {@link DEFAULT_GEMINI_EMBEDDING_MODEL}. */
  geminiEmbeddingModel?: string;
  /** The platform's order per task; default {@link DEFAULT_PROVIDER_ORDER}. */
  order?: Partial<Record<AiTask, readonly AiProviderName[]>>;
  /**
   * Retries and circuit breaker, per provider. Defaults for a person waiting on a chat reply: one
   * retry after 125-250 ms, breaker open after 5 failed attempts in a row for 30 s. Worst case
   * before the offline fallback: about (retries + 1) x timeoutMs + 0.25 s.
   */
  resilience?: Omit<ResilienceOptions, 'name' | 'classifyError' | 'logger' | 'timeoutMs'>;
  /** Gemini's thinking budget (null for models that cannot turn thinking off). Default 0. */
  thinkingBudget?: number | null;
  logger: EngineLogger;
}

/**
 * The configured text-generation providers, each behind its own resilient caller (time-out,
 * retries, circuit breaker), and the choice per task and tenant. Build it once per process and
 * share it between understanding and summaries.
 */
export function createAiProviders(config: AiProvidersConfig): ProviderChoice {
  const generators: Partial<Record<AiProviderName, TextGenerator>> = {};
  const embedders: Partial<Record<AiProviderName, TextEmbedder>> = {};
  const callerFor = (
    label: string,
    timeoutMs: number,
    classify: (label: string, error: unknown) => unknown,
  ) =>
    createResilientCaller({
      retries: 1,
      maxDelayMs: 1_000,
      ...config.resilience,
      name: label,
      timeoutMs,
      classifyError: (error) => classify(label, error),
      logger: config.logger,
    });
  const resilient = (
    label: string,
    timeoutMs: number,
    classify: (label: string, error: unknown) => unknown,
    inner: TextGenerator,
  ) => {
    const attempts = (config.resilience?.retries ?? 1) + 1;
    if (attempts * timeoutMs > 25_000) {
      config.logger.warn(
        { provider: label, timeoutMs, attempts },
        'understanding may wait over 25 s for a model before falling back; lower the time-out (busy turns end at 30 s)',
      );
    }
    return new ResilientTextGenerator(inner, callerFor(label, timeoutMs, classify));
  };
  const gemini = config.gemini;
  if (gemini && gemini.apiKey.trim() !== '') {
    const timeoutMs = gemini.timeoutMs ?? 10_000;
    const client = createGeminiClient({ apiKey: gemini.apiKey, baseUrl: gemini.baseUrl, timeoutMs });
    generators.gemini = resilient(
      GEMINI_UNDERSTANDING_LABEL,
      timeoutMs,
      toProviderError,
      new GeminiTextGenerator({
        models: client.models,
        model: gemini.model ?? DEFAULT_GEMINI_UNDERSTANDING_MODEL,
        ...(config.thinkingBudget === undefined ? {} : { thinkingBudget: config.thinkingBudget }),
      }),
    );
    embedders.gemini = new ResilientTextEmbedder(
      new GeminiEmbedder({
        models: client.models,
        model: config.geminiEmbeddingModel ?? DEFAULT_GEMINI_EMBEDDING_MODEL,
      }),
      callerFor(GEMINI_EMBEDDINGS_LABEL, timeoutMs, toProviderError),
    );
  }
  const local = config.local;
  if (local && local.baseUrl.trim() !== '') {
    generators.local = resilient(
      LOCAL_MODEL_LABEL,
      local.timeoutMs ?? 20_000,
      toOllamaError,
      new OllamaTextGenerator({
        baseUrl: local.baseUrl,
        model: local.model,
        ...(local.keepAlive === undefined ? {} : { keepAlive: local.keepAlive }),
      }),
    );
    if (local.embeddingModel)
      embedders.local = new ResilientTextEmbedder(
        new OllamaEmbedder({ baseUrl: local.baseUrl, model: local.embeddingModel }),
        callerFor(LOCAL_EMBEDDINGS_LABEL, local.timeoutMs ?? 20_000, toOllamaError),
      );
  }
  return new ProviderChoice(generators, { ...DEFAULT_PROVIDER_ORDER, ...config.order }, embedders);
}

/** What every kind of model call is metered and gated by. */
export interface ModelCallDeps {
  /** Tokens and cost per tenant per month (`PrismaAiUsageStore` in the app). */
  usage: UsageLedger;
  /** The AI gate's platform switch (`RedisAiSwitch` in the app); default: always on. */
  platform?: PlatformAiSwitch;
  /** The AI gate's calls per minute (`RedisModelCallLimiter` in the app); default: no limit. */
  limiter?: ModelCallLimiter;
  /** Told of each refusal of the AI gate (the app counts them in a metric). */
  onRefusal?: (refusal: AiRefusal) => void;
  /** Each model call's outcome, latency and cost, for the AI alerts (`RedisModelCallStats`). */
  stats?: ModelCallStats;
  logger: EngineLogger;
}

export interface IntentEngineConfig extends Omit<AiProvidersConfig, 'logger'>, ModelCallDeps {
  /** Providers already built (`createAiProviders`); else built from `gemini` and `local`. */
  providers?: ProviderChoice;
  audit?: AuditSink;
  context?: ConversationContextSource;
  background?: PromptBackgroundSource;
}

export function createIntentEngine(config: IntentEngineConfig): IntentEngine {
  const providers = config.providers ?? createAiProviders(config);
  if (!providers.any) {
    config.logger.info({ engine: 'offline' }, 'understanding: offline rules only (no model provider)');
    return offlineIntentEngine;
  }
  const models = providers.configured().map(([name, g]) => `${name}:${g.model}`);
  config.logger.info({ engine: 'model', models }, 'understanding: model function calling per tenant mode');
  const usage = new UsageGuard(config.usage, config.logger);
  return new ModelIntentEngine({
    providers,
    usage,
    ...(config.stats ? { stats: config.stats } : {}),
    gate: aiGate(config, usage),
    audit: new EngineAudit(config.audit, config.logger),
    logger: config.logger,
    ...(config.context ? { context: config.context } : {}),
    ...(config.background ? { background: config.background } : {}),
  });
}

/** A model task besides understanding (summaries, answers from documents, embeddings): its providers and what meters and gates it. */
export interface ModelTaskConfig extends ModelCallDeps {
  providers: ProviderChoice;
}

/** The conversation summarizer, behind the same AI gate, usage and call counts as understanding. */
export function createConversationSummarizer(config: ModelTaskConfig): ConversationSummarizer {
  return new ConversationSummarizer(meteredCallDeps(config));
}

/** General questions answered in a model's words from the tenant's passages, checked before use. */
export function createGroundedAnswerer(config: ModelTaskConfig): GroundedAnswerer {
  return new GroundedAnswerer(meteredCallDeps(config));
}

/** Embeddings of the tenants' knowledge bases, gated and metered like every model call. */
export function createKnowledgeEmbeddings(config: ModelTaskConfig): KnowledgeEmbeddings {
  return new KnowledgeEmbeddings(meteredCallDeps(config));
}

/** The providers, usage guard, AI gate and counts a gated, metered model call needs. */
function meteredCallDeps(config: ModelTaskConfig) {
  const usage = new UsageGuard(config.usage, config.logger);
  return {
    providers: config.providers,
    usage,
    gate: aiGate(config, usage),
    ...(config.stats ? { stats: config.stats } : {}),
    logger: config.logger,
  };
}

/** The AI gate over the same switch, usage and limiter, for every kind of model call. */
function aiGate(config: ModelCallDeps, usage: UsageGuard): AiGate {
  return new AiGate({
    platform: config.platform ?? ALWAYS_ON,
    usage,
    ...(config.limiter ? { limiter: config.limiter } : {}),
    ...(config.onRefusal ? { onRefusal: config.onRefusal } : {}),
  });
}
