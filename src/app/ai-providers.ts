import type { Env } from '../../config';
import type { EngineLogger } from '../engine/engine-logger';
import { createAiProviders, type ProviderChoice } from '../engine';

/**
 * The deployment's model providers as its configuration describes them (Gemini with a key, a
 * local model with `LOCAL_AI_URL`, their embedding models, the order per task): one reading of
 * the configuration for the processes, the CLI and `kb:eval`.
 */
export function aiProvidersFrom(config: Env, logger: EngineLogger): ProviderChoice {
  return createAiProviders({
    gemini: config.GEMINI_API_KEY
      ? {
          apiKey: config.GEMINI_API_KEY,
          baseUrl: config.GEMINI_BASE_URL,
          model: config.GEMINI_MODEL,
          timeoutMs: config.GEMINI_TIMEOUT_MS,
        }
      : undefined,
    local: config.LOCAL_AI_URL
      ? {
          baseUrl: config.LOCAL_AI_URL,
          model: config.LOCAL_AI_MODEL,
          timeoutMs: config.LOCAL_AI_TIMEOUT_MS,
          ...(config.LOCAL_AI_EMBEDDING_MODEL ? { embeddingModel: config.LOCAL_AI_EMBEDDING_MODEL } : {}),
        }
      : undefined,
    geminiEmbeddingModel: config.GEMINI_EMBEDDING_MODEL,
    order: {
      understanding: config.AI_UNDERSTANDING_PROVIDERS,
      summarization: config.AI_SUMMARIZATION_PROVIDERS,
      embeddings: config.AI_EMBEDDINGS_PROVIDERS,
    },
    logger,
  });
}
