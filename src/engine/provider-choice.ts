import type { TextEmbedder } from '../core/text-embedding';
import type { AiProviderName, GenerationTask, TextGenerator } from '../core/text-generation';
import type { TenantProfile } from '../domains/types';
import { FallbackTextGenerator } from '../providers/resilient-generator';

/**
 * Which model serves a task for a tenant (docs/gemini.md "Providers"):
 *
 * - the platform's order per task (`AI_UNDERSTANDING_PROVIDERS=gemini,local`): the first
 *   configured provider, then the others as fallbacks when it fails;
 * - a tenant's own choice per task (`npm run iris -- tenant ai --understanding-provider local`):
 *   that provider only, never another. A tenant that asked for its data to stay on the
 *   operator's machines must not reach a cloud provider because the local one is down; when the
 *   provider it chose is not configured, the task has no model (the turn is read offline).
 *
 * Embeddings never fall back: vectors of two models cannot be compared, so a tenant's embedder
 * is one provider (its own choice, else the first configured of the platform's order).
 */
export class ProviderChoice {
  private readonly chains = new Map<string, TextGenerator>();

  constructor(
    private readonly generators: Readonly<Partial<Record<AiProviderName, TextGenerator>>>,
    private readonly order: Readonly<Record<GenerationTask | 'embeddings', readonly AiProviderName[]>>,
    private readonly embedders: Readonly<Partial<Record<AiProviderName, TextEmbedder>>> = {},
  ) {}

  /** Whether any provider is configured at all (none: the offline engine is used). */
  get any(): boolean {
    return Object.values(this.generators).some((g) => g !== undefined);
  }

  /** Whether any embedding model is configured (none: knowledge search by keywords alone). */
  get anyEmbedder(): boolean {
    return Object.values(this.embedders).some((e) => e !== undefined);
  }

  /** The configured generators, by provider (for health and metrics). */
  configured(): Array<[AiProviderName, TextGenerator]> {
    return Object.entries(this.generators).filter(
      (entry): entry is [AiProviderName, TextGenerator] => entry[1] !== undefined,
    );
  }

  /** The embedder for a tenant's passages and questions, or undefined when none is configured. */
  embedder(tenant: TenantProfile): TextEmbedder | undefined {
    const own = tenant.ai.providers?.embeddings;
    if (own) return this.embedders[own];
    return this.order.embeddings.map((name) => this.embedders[name]).find((e) => e !== undefined);
  }

  pick(tenant: TenantProfile, task: GenerationTask): TextGenerator | undefined {
    const own = tenant.ai.providers?.[task];
    const names = own ? [own] : this.order[task];
    const available = names.flatMap((name) => {
      const generator = this.generators[name];
      return generator ? [generator] : [];
    });
    if (available.length <= 1) return available[0];
    const key = names.join(',');
    let chain = this.chains.get(key);
    if (!chain) {
      chain = new FallbackTextGenerator(available as [TextGenerator, ...TextGenerator[]]);
      this.chains.set(key, chain);
    }
    return chain;
  }
}
