import type { EmbeddingAnswer, EmbeddingRequest, TextEmbedder } from '../../core/text-embedding';
import type { ProviderLocation } from '../../core/text-generation';
import type { GoogleGenAI } from './sdk';

/** The one SDK method this provider needs; the real `GoogleGenAI#models` satisfies it. */
export type EmbedContentApi = Pick<GoogleGenAI['models'], 'embedContent'>;

export interface GeminiEmbedderOptions {
  models: EmbedContentApi;
  /** Default `gemini-embedding-001`. */
  model?: string;
  /** Vector length; Gemini truncates its 3072 dimensions to this. Default 768. */
  dimensions?: number;
}

/**
 * Embeddings on Gemini (`batchEmbedContents` through `@google/genai`): passages as
 * `RETRIEVAL_DOCUMENT`, questions as `RETRIEVAL_QUERY`, at a fixed dimension so vectors from
 * different days compare.
 */
export class GeminiEmbedder implements TextEmbedder {
  readonly provider = 'gemini' as const;
  readonly location: ProviderLocation = 'cloud';
  readonly model: string;
  private readonly dimensions: number;

  constructor(private readonly options: GeminiEmbedderOptions) {
    this.model = options.model ?? 'gemini-embedding-001';
    this.dimensions = options.dimensions ?? 768;
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingAnswer> {
    const response = await this.options.models.embedContent({
      model: this.model,
      contents: request.texts.map((text) => ({ role: 'user', parts: [{ text }] })),
      config: {
        taskType: request.purpose === 'document' ? 'RETRIEVAL_DOCUMENT' : 'RETRIEVAL_QUERY',
        outputDimensionality: this.dimensions,
        ...(request.signal ? { abortSignal: request.signal } : {}),
      },
    });
    const vectors = (response.embeddings ?? []).map((e) => e.values ?? []);
    if (vectors.length !== request.texts.length || vectors.some((v) => v.length === 0))
      throw new Error(`expected ${request.texts.length} embeddings, got ${vectors.length}`);
    // The Developer API does not count embedding tokens in its answer.
    return { vectors, inputTokens: 0 };
  }
}
