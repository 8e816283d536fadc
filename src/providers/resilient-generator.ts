import type { EmbeddingAnswer, EmbeddingRequest, TextEmbedder } from '../core/text-embedding';
import type { GenerationAnswer, GenerationRequest, TextGenerator } from '../core/text-generation';
import type { ResilientCaller } from './resilience';

/**
 * Decorator: a provider's calls under its own time-out, retries and circuit breaker
 * (`resilience.ts`). Each provider has its own breaker, so a failing Gemini does not stop the
 * local model and the other way round.
 */
export class ResilientTextGenerator implements TextGenerator {
  readonly provider: TextGenerator['provider'];
  readonly model: string;
  readonly location: TextGenerator['location'];

  constructor(
    private readonly inner: TextGenerator,
    private readonly caller: ResilientCaller,
  ) {
    this.provider = inner.provider;
    this.model = inner.model;
    this.location = inner.location;
  }

  generate(request: GenerationRequest): Promise<GenerationAnswer> {
    return this.caller.call((signal) =>
      this.inner.generate({
        ...request,
        signal: request.signal ? AbortSignal.any([request.signal, signal]) : signal,
      }),
    );
  }

  circuit(): ReturnType<ResilientCaller['state']> {
    return this.caller.state();
  }
}

/**
 * Decorator: the first provider, and when it fails (error, time-out, open circuit) the next.
 * Its location is the most exposed of its providers (cloud if any is), so data classification
 * builds the prompt for the strictest destination it may reach. Reports which provider
 * answered through `answeredBy` on the answer.
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

/** Decorator: an embedder's calls under its own time-out, retries and circuit breaker. */
export class ResilientTextEmbedder implements TextEmbedder {
  readonly provider: TextEmbedder['provider'];
  readonly model: string;
  readonly location: TextEmbedder['location'];

  constructor(
    private readonly inner: TextEmbedder,
    private readonly caller: ResilientCaller,
  ) {
    this.provider = inner.provider;
    this.model = inner.model;
    this.location = inner.location;
  }

  embed(request: EmbeddingRequest): Promise<EmbeddingAnswer> {
    return this.caller.call((signal) =>
      this.inner.embed({
        ...request,
        signal: request.signal ? AbortSignal.any([request.signal, signal]) : signal,
      }),
    );
  }
}
