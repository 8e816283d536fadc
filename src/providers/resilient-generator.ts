import type { EmbeddingAnswer, EmbeddingRequest, TextEmbedder } from '../core/text-embedding';
import type { GenerationAnswer, GenerationRequest, TextGenerator } from '../core/text-generation';
import type { ResilientCaller } from './resilience';

/** What a decorated provider shows of itself: the inner one's name, model and location. */
abstract class ResilientProvider<P extends TextGenerator | TextEmbedder> {
  readonly provider: P['provider'];
  readonly model: string;
  readonly location: P['location'];

  constructor(
    protected readonly inner: P,
    private readonly caller: ResilientCaller,
  ) {
    this.provider = inner.provider;
    this.model = inner.model;
    this.location = inner.location;
  }

  /** Runs one call under the policies, with the attempt's signal joined to the caller's own. */
  protected run<T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.caller.call((attempt) => fn(signal ? AbortSignal.any([signal, attempt]) : attempt));
  }
}

/**
 * Decorator: a provider's calls under its own time-out, retries and circuit breaker
 * (`resilience.ts`). Each provider has its own breaker, so a failing Gemini does not stop the
 * local model and the other way round.
 */
export class ResilientTextGenerator extends ResilientProvider<TextGenerator> implements TextGenerator {
  generate(request: GenerationRequest): Promise<GenerationAnswer> {
    return this.run(request.signal, (signal) => this.inner.generate({ ...request, signal }));
  }
}

/** Decorator: an embedder's calls under its own time-out, retries and circuit breaker. */
export class ResilientTextEmbedder extends ResilientProvider<TextEmbedder> implements TextEmbedder {
  embed(request: EmbeddingRequest): Promise<EmbeddingAnswer> {
    return this.run(request.signal, (signal) => this.inner.embed({ ...request, signal }));
  }
}

/**
 * Decorator: the first provider, and when it fails (error, time-out, open circuit) the next.
 * Its location is the most exposed of its providers (cloud if any is), so data classification
 * builds the prompt for the strictest destination it may reach. The answer says which
 * provider answered (`answeredBy`) and which failed before it (`failedBefore`).
 */
export class FallbackTextGenerator implements TextGenerator {
  readonly provider: TextGenerator['provider'];
  readonly model: string;
  readonly location: TextGenerator['location'];

  constructor(private readonly chain: readonly [TextGenerator, ...TextGenerator[]]) {
    this.provider = chain[0].provider;
    this.model = chain[0].model;
    this.location = chain.some((g) => g.location === 'cloud') ? 'cloud' : 'local';
  }

  async generate(request: GenerationRequest): Promise<GenerationAnswer> {
    let failure: unknown;
    const failed: TextGenerator['provider'][] = [];
    for (const generator of this.chain) {
      try {
        const answer = await generator.generate(request);
        return {
          ...answer,
          answeredBy: { provider: generator.provider, model: generator.model },
          ...(failed.length > 0 ? { failedBefore: failed } : {}),
        };
      } catch (error) {
        failure = error;
        failed.push(generator.provider);
      }
    }
    throw failure;
  }
}
