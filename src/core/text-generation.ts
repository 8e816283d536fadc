/**
 * The project's own contract for a text-generation model (seed 003 §8.1): the engine and the
 * summarizer speak only this; each provider (`src/providers/gemini`, `src/providers/ollama`)
 * translates it to its wire format. A provider is chosen per task and per tenant
 * (docs/gemini.md "Providers"), and wrapped by decorators for time-outs, retries and the
 * circuit breaker (`providers/resilient-generator.ts`).
 */

/** What a model is used for; each task has its own provider choice. */
export type AiTask = 'understanding' | 'summarization' | 'embeddings';
export const AI_TASKS: readonly AiTask[] = ['understanding', 'summarization', 'embeddings'];
/** The tasks a text generator serves (embeddings have their own contract, `text-embedding.ts`). */
export type GenerationTask = Exclude<AiTask, 'embeddings'>;

/** The providers Iris can talk to: Google's Gemini API, or a model served on the operator's machines. */
export type AiProviderName = 'gemini' | 'local';
export const AI_PROVIDER_NAMES: readonly AiProviderName[] = ['gemini', 'local'];

/**
 * Where a provider runs, for data classification (`core/data-classes.ts`): a cloud provider is
 * outside the operator's infrastructure, a local one inside it.
 */
export type ProviderLocation = 'cloud' | 'local';

/** A function the model may call: name, description and the arguments' JSON Schema. */
export interface FunctionSpec {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

export interface GenerationMessage {
  role: 'user' | 'model';
  text: string;
}

export interface GenerationRequest {
  system: string;
  /** The conversation, oldest first; the last one is the person's (role `user`). */
  messages: readonly GenerationMessage[];
  /** Functions offered; none: a text answer is expected. */
  functions?: readonly FunctionSpec[];
  maxOutputTokens: number;
  /** Default 0: the same input, the same reading. */
  temperature?: number;
  signal?: AbortSignal;
}

/** A call the model asked for; arguments as the model wrote them, to be validated. */
export interface GeneratedCall {
  name?: string;
  args?: unknown;
}

/** A provider's answer, read into one shape whatever the wire format. */
export interface GenerationAnswer {
  calls: GeneratedCall[];
  text: string;
  /** Normalised: STOP, MAX_TOKENS, or the provider's own reason (a refusal, a malformed call). */
  finishReason: string | undefined;
  /** Set when the provider refused the prompt itself. */
  blockReason: string | undefined;
  avgLogprobs: number | undefined;
  usage: { inputTokens: number; outputTokens: number };
  /** Set by a fallback chain: the provider that answered, and the ones that failed before it. */
  answeredBy?: { provider: AiProviderName; model: string };
  failedBefore?: AiProviderName[];
}

/** Finish reasons after which an answer can be used; anything else (SAFETY, MALFORMED_FUNCTION_CALL…) cannot. */
export const USABLE_FINISH: ReadonlySet<string | undefined> = new Set([
  undefined,
  'STOP',
  'MAX_TOKENS',
  'FINISH_REASON_UNSPECIFIED',
]);

/**
 * One model of one provider. `generate` throws `ProviderResponseError` when the provider answered
 * with an error and `ProviderUnavailableError` when it could not be reached or timed out.
 */
export interface TextGenerator {
  readonly provider: AiProviderName;
  readonly model: string;
  readonly location: ProviderLocation;
  generate(request: GenerationRequest): Promise<GenerationAnswer>;
}
