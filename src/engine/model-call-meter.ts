import type {
  AiProviderName,
  GenerationAnswer,
  GenerationRequest,
  TextGenerator,
} from '../core/text-generation';
import type { EmbeddingAnswer, EmbeddingRequest, TextEmbedder } from '../core/text-embedding';
import type { TenantProfile } from '../domains/types';
import type { ModelCallRecord, ModelCallStats } from '../pipeline/ports';
import type { EngineLogger } from './engine-logger';
import type { UsageGuard } from './usage-guard';

export interface MeteredAnswer {
  answer: GenerationAnswer;
  latencyMs: number;
  /** Estimated cost in USD (0 for a local model). */
  cost: number;
  /** The provider that answered (the first of a fallback chain that did). */
  answeredBy: { provider: AiProviderName; model: string };
}

/**
 * One model call, metered the same way whatever it is for (understanding, a summary): the
 * tenant's tokens and cost (`UsageGuard`; a local model is counted at no cost) and the call
 * counts per provider for the AI alerts and the operator API — the one that answered, those of
 * a fallback chain that failed before it, or the one that failed (an open circuit counted as
 * such). A failed call is rethrown after it is counted; a store that fails costs the count,
 * never the call.
 */
export class ModelCallMeter {
  constructor(
    private readonly usage: UsageGuard,
    private readonly stats: ModelCallStats | undefined,
    private readonly logger: EngineLogger,
  ) {}

  async call(
    tenant: TenantProfile,
    now: Date,
    generator: TextGenerator,
    request: GenerationRequest,
  ): Promise<MeteredAnswer> {
    const started = Date.now();
    let answer: GenerationAnswer;
    try {
      answer = await generator.generate(request);
    } catch (error) {
      this.count(failureOf(error), Date.now() - started, 0, now, generator.provider);
      throw error;
    }
    const latencyMs = Date.now() - started;
    const answeredBy = answer.answeredBy ?? { provider: generator.provider, model: generator.model };
    const cost = await this.usage.record(tenant, now, {
      model: answeredBy.model,
      local: answeredBy.provider === 'local',
      ...answer.usage,
    });
    for (const failed of answer.failedBefore ?? []) this.count('error', latencyMs, 0, now, failed);
    this.count('ok', latencyMs, cost, now, answeredBy.provider);
    return { answer, latencyMs, cost, answeredBy };
  }

  /** An embedding call, metered like a generation: its input tokens, its cost, its count. */
  async embed(
    tenant: TenantProfile,
    now: Date,
    embedder: TextEmbedder,
    request: EmbeddingRequest,
  ): Promise<EmbeddingAnswer> {
    const started = Date.now();
    let answer: EmbeddingAnswer;
    try {
      answer = await embedder.embed(request);
    } catch (error) {
      this.count(failureOf(error), Date.now() - started, 0, now, embedder.provider);
      throw error;
    }
    const cost = await this.usage.record(tenant, now, {
      model: embedder.model,
      local: embedder.location === 'local',
      inputTokens: answer.inputTokens,
      outputTokens: 0,
    });
    this.count('ok', Date.now() - started, cost, now, embedder.provider);
    return answer;
  }

  private count(
    outcome: ModelCallRecord['outcome'],
    latencyMs: number,
    costUsd: number,
    at: Date,
    provider: string,
  ): void {
    this.stats
      ?.record({ outcome, latencyMs, costUsd, at, provider })
      .catch((error: unknown) => this.logger.warn({ err: error, provider }, 'model call not counted'));
  }
}

/** A failed call's outcome: the breaker's refusal names itself ("…: circuit open"). */
function failureOf(error: unknown): ModelCallRecord['outcome'] {
  const message = (error as { message?: string }).message ?? '';
  return /circuit open/.test(message) ? 'circuit_open' : 'error';
}
