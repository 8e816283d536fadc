import type { EmbeddingAnswer, EmbeddingRequest, TextEmbedder } from '../../core/text-embedding';
import type { ProviderLocation } from '../../core/text-generation';
import { ollamaClient } from './client';

export interface OllamaEmbedderOptions {
  baseUrl: string;
  /** An embedding model the server has pulled (env `LOCAL_AI_EMBEDDING_MODEL`), e.g. nomic-embed-text. */
  model: string;
}

/** Embeddings on Ollama's `POST /api/embed`, through the official client: all texts in one call. */
export class OllamaEmbedder implements TextEmbedder {
  readonly provider = 'local' as const;
  readonly location: ProviderLocation = 'local';
  readonly model: string;

  constructor(private readonly options: OllamaEmbedderOptions) {
    this.model = options.model;
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingAnswer> {
    const response = await ollamaClient(this.options.baseUrl, request.signal).embed({
      model: this.model,
      input: [...request.texts],
    });
    const vectors = response.embeddings ?? [];
    if (vectors.length !== request.texts.length)
      throw new Error(`expected ${request.texts.length} embeddings, got ${vectors.length}`);
    return { vectors, inputTokens: response.prompt_eval_count ?? 0 };
  }
}
