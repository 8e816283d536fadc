import type { AiProviderName, ProviderLocation } from './text-generation';

/**
 * The project's own contract for embeddings (seed 003 §8.1), beside text generation: texts in,
 * one vector each out. For retrieval over a tenant's documents (the knowledge base's hybrid
 * search): a document passage is embedded as `document`, a question as `query` (providers that
 * tell the two apart embed them for each other).
 */
export interface EmbeddingRequest {
  texts: readonly string[];
  purpose: 'document' | 'query';
  signal?: AbortSignal;
}

export interface EmbeddingAnswer {
  /** One vector per text, in order. */
  vectors: number[][];
  /** Tokens read, when the provider says (for the bill). */
  inputTokens: number;
}

/**
 * One embedding model of one provider. Vectors of two models live in different spaces, so a
 * tenant's passages and questions must be embedded by the same one: there is no fallback to
 * another provider for embeddings. Throws like `TextGenerator.generate`.
 */
export interface TextEmbedder {
  readonly provider: AiProviderName;
  readonly model: string;
  readonly location: ProviderLocation;
  embed(request: EmbeddingRequest): Promise<EmbeddingAnswer>;
}
