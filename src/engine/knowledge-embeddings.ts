import type { TextEmbedder } from '../core/text-embedding';
import type { TenantProfile, UserProfile } from '../domains/types';
import type { ModelCallStats } from '../pipeline/ports';
import { mayReach } from '../../config/data-classification';
import { scrubPii } from '../security';
import type { AiGate } from './ai-gate';
import type { EngineLogger } from './engine-logger';
import { ModelCallMeter } from './model-call-meter';
import type { ProviderChoice } from './provider-choice';
import type { UsageGuard } from './usage-guard';

export interface KnowledgeEmbeddingsDeps {
  providers: ProviderChoice;
  usage: UsageGuard;
  gate: AiGate;
  stats?: ModelCallStats;
  logger: EngineLogger;
}

/** A vector and the model that made it: only vectors of one model are compared. */
export interface ModelVector {
  model: string;
  vector: number[];
}

/**
 * Questions to the knowledge base are not one person's model calls: one rate-limit bucket per
 * tenant (the user counters live under the tenant's key; before 2026-11-28 this bucket was one
 * for the whole platform, so one busy tenant could use up every other tenant's searches).
 */
const KNOWLEDGE: UserProfile = { id: 'knowledge-base', name: '', role: 'viewer' };

/**
 * Embeddings for a tenant's knowledge base (seed 003 §4.4), on the tenant's embedding provider
 * (`ProviderChoice.embedder`: the platform's first, or the tenant's pin; never a fallback, since
 * vectors of two models cannot be compared). Every call passes the AI gate like any model call
 * and is metered (tokens and cost per tenant, counts per provider); passages are institutional
 * data, which may reach the cloud and local providers (`config/data-classification.ts`), and
 * what reaches the provider is scrubbed of personal data first.
 *
 * A question that cannot be embedded (no provider, the gate refuses, the provider fails) is
 * searched by keywords alone: `embedQuestion` never throws. Passages that cannot be embedded
 * make the ingestion job fail, so BullMQ tries again later.
 */
export class KnowledgeEmbeddings {
  private readonly meter: ModelCallMeter;

  constructor(private readonly deps: KnowledgeEmbeddingsDeps) {
    this.meter = new ModelCallMeter(deps.usage, deps.stats, deps.logger);
  }

  /** The label of the tenant's embedding model ("gemini:gemini-embedding-001"), or undefined. */
  modelOf(tenant: TenantProfile): string | undefined {
    const embedder = this.usableEmbedder(tenant);
    return embedder && modelLabel(embedder);
  }

  async embedQuestion(
    tenant: TenantProfile,
    question: string,
    now = new Date(),
  ): Promise<ModelVector | undefined> {
    const embedder = this.usableEmbedder(tenant);
    if (!embedder) return undefined;
    try {
      const admitted = await this.deps.gate.admits(tenant);
      if (!admitted.allowed) return undefined;
      const allowed = await this.deps.gate.allowsCall(tenant, KNOWLEDGE, now);
      if (!allowed.allowed) return undefined;
      const [vector] = await this.call(tenant, embedder, [question], 'query', now);
      return vector ? { model: modelLabel(embedder), vector } : undefined;
    } catch (error) {
      this.deps.logger.warn(
        { tenantId: tenant.id, err: error },
        'question not embedded; keyword search only',
      );
      return undefined;
    }
  }

  /**
   * Vectors for passages of the tenant's documents, in order, with the model that made them;
   * undefined when the tenant has no embedding model or may not use one now (keyword search).
   */
  async embedPassages(
    tenant: TenantProfile,
    texts: readonly string[],
    signal?: AbortSignal,
    now = new Date(),
  ): Promise<{ model: string; vectors: number[][] } | undefined> {
    const embedder = this.usableEmbedder(tenant);
    if (!embedder) return undefined;
    if (!(await this.deps.gate.admits(tenant)).allowed) return undefined;
    const vectors = await this.call(tenant, embedder, texts, 'document', now, signal);
    return { model: modelLabel(embedder), vectors };
  }

  private usableEmbedder(tenant: TenantProfile): TextEmbedder | undefined {
    const embedder = this.deps.providers.embedder(tenant);
    return embedder && mayReach('knowledge_passages', embedder.location) ? embedder : undefined;
  }

  private async call(
    tenant: TenantProfile,
    embedder: TextEmbedder,
    texts: readonly string[],
    purpose: 'document' | 'query',
    now: Date,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    const answer = await this.meter.embed(tenant, now, embedder, {
      texts: texts.map((text) => scrubPii(text).text),
      purpose,
      ...(signal ? { signal } : {}),
    });
    return answer.vectors;
  }
}

function modelLabel(embedder: TextEmbedder): string {
  return `${embedder.provider}:${embedder.model}`;
}
