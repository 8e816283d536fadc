import { ProviderResponseError, ProviderUnavailableError } from '../../src/core/errors';
import { createResilientCaller, type ResilienceOptions } from '../../src/providers/resilience';

const fast: ResilienceOptions = {
  name: 'test-provider',
  timeoutMs: 500,
  retries: 2,
  baseDelayMs: 5,
  maxDelayMs: 20,
  breaker: { kind: 'consecutive', threshold: 3, halfOpenAfterMs: 100 },
};

const serverError = () => new ProviderResponseError('p', 'HTTP 500', { status: 500, retryable: true });
const badRequest = () => new ProviderResponseError('p', 'HTTP 400', { status: 400 });

/** A fn that fails with the given errors, in order, then returns 'ok'. */
function scripted(...failures: Error[]) {
  const fn = jest.fn(async (_signal: AbortSignal) => {
    const next = failures.shift();
    if (next) throw next;
    return 'ok';
  });
  return fn;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createResilientCaller: retries', () => {
  it('retries retryable errors and returns the eventual success', async () => {
    const caller = createResilientCaller(fast);
    const fn = scripted(serverError(), new ProviderUnavailableError('p', 'ECONNRESET'));
    await expect(caller.call(fn)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('gives up after `retries` extra attempts with the last error', async () => {
    const caller = createResilientCaller({ ...fast, breaker: { kind: 'consecutive', threshold: 100 } });
    const fn = scripted(serverError(), serverError(), serverError(), serverError());
    await expect(caller.call(fn)).rejects.toMatchObject({ status: 500, retryable: true });
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('does not retry final answers (400) nor errors outside the hierarchy', async () => {
    const caller = createResilientCaller(fast);
    const final = scripted(badRequest());
    await expect(caller.call(final)).rejects.toMatchObject({ status: 400, retryable: false });
    expect(final).toHaveBeenCalledTimes(1);

    const bug = scripted(new TypeError('x is not a function'));
    await expect(caller.call(bug)).rejects.toBeInstanceOf(TypeError);
    expect(bug).toHaveBeenCalledTimes(1);
  });

  it('classifies raw errors with classifyError before deciding', async () => {
    const caller = createResilientCaller({
      ...fast,
      classifyError: (error) => new ProviderUnavailableError('p', 'network', error),
    });
    const fn = scripted(new Error('socket hang up'));
    await expect(caller.call(fn)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('waits an exponential, jittered delay, at most maxDelayMs', async () => {
    const delays: number[] = [];
    const caller = createResilientCaller({
      ...fast,
      retries: 4,
      baseDelayMs: 8,
      maxDelayMs: 20,
      random: () => 1, // top of the jitter range: the full exponential delay
      breaker: { kind: 'consecutive', threshold: 100 },
      logger: { warn: (obj) => delays.push((obj as { delayMs: number }).delayMs), info: () => undefined },
    });
    await caller.call(scripted(serverError(), serverError(), serverError(), serverError()));
    expect(delays).toEqual([8, 16, 20, 20]);

    const low: number[] = [];
    const halfJitter = createResilientCaller({
      ...fast,
      baseDelayMs: 8,
      random: () => 0,
      logger: { warn: (obj) => low.push((obj as { delayMs: number }).delayMs), info: () => undefined },
    });
    await halfJitter.call(scripted(serverError(), serverError()));
    expect(low).toEqual([4, 8]); // never below half the exponential delay
  });

  it("honours the provider's retry-after hint, and gives up at once when it exceeds maxDelayMs", async () => {
    const hinted = (ms: number) =>
      Object.assign(new ProviderResponseError('p', 'HTTP 429', { status: 429, retryable: true }), {
        retryAfterMs: ms,
      });
    const delays: number[] = [];
    const caller = createResilientCaller({
      ...fast,
      maxDelayMs: 50,
      logger: { warn: (obj) => delays.push((obj as { delayMs: number }).delayMs), info: () => undefined },
    });
    await expect(caller.call(scripted(hinted(40)))).resolves.toBe('ok');
    expect(delays).toEqual([40]);

    const tooLong = scripted(hinted(60_000));
    await expect(caller.call(tooLong)).rejects.toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(tooLong).toHaveBeenCalledTimes(1);
  });
});

describe('createResilientCaller: time-out', () => {
  it('aborts the attempt signal and throws ProviderUnavailableError, which is retried', async () => {
    const caller = createResilientCaller({ ...fast, timeoutMs: 50, retries: 1 });
    const signals: AbortSignal[] = [];
    const hang = jest.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>(() => undefined);
    });
    const error = await caller.call(hang).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toBe('test-provider: timed out after 50 ms');
    expect(hang).toHaveBeenCalledTimes(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});

describe('createResilientCaller: circuit breaker', () => {
  it('opens after `threshold` consecutive failed attempts and then fails fast without calling', async () => {
    const transitions: string[] = [];
    const caller = createResilientCaller(fast);
    caller.onStateChange((state) => transitions.push(state));

    const failing = jest.fn(async () => {
      throw serverError();
    });
    await expect(caller.call(failing)).rejects.toMatchObject({ status: 500, retryable: true });
    expect(failing).toHaveBeenCalledTimes(3);
    expect(caller.state()).toBe('open');

    const error = await caller.call(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toBe('test-provider: circuit open');
    expect(failing).toHaveBeenCalledTimes(3);

    await sleep(120); // halfOpenAfterMs: one trial call goes through and closes the circuit
    await expect(caller.call(async () => 'back')).resolves.toBe('back');
    expect(caller.state()).toBe('closed');
    expect(transitions).toEqual(['open', 'half-open', 'closed']);
  });

  it('re-opens when the trial call fails', async () => {
    const caller = createResilientCaller({
      ...fast,
      retries: 0,
      breaker: { kind: 'consecutive', threshold: 1, halfOpenAfterMs: 50 },
    });
    await expect(caller.call(scripted(serverError()))).rejects.toMatchObject({ status: 500 });
    expect(caller.state()).toBe('open');
    await sleep(70);
    await expect(caller.call(scripted(serverError()))).rejects.toMatchObject({ status: 500 });
    expect(caller.state()).toBe('open');
  });

  it('does not count final answers against the provider', async () => {
    const caller = createResilientCaller({ ...fast, breaker: { kind: 'consecutive', threshold: 2 } });
    for (let i = 0; i < 5; i++) {
      await expect(caller.call(scripted(badRequest()))).rejects.toMatchObject({ status: 400 });
    }
    expect(caller.state()).toBe('closed');
  });

  it('supports a sampling breaker (failure ratio over a time window)', async () => {
    const caller = createResilientCaller({
      ...fast,
      retries: 0,
      breaker: { kind: 'sampling', threshold: 0.5, durationMs: 1_000, minimumRps: 1 },
    });
    await caller.call(async () => 'ok');
    for (let i = 0; i < 3 && caller.state() === 'closed'; i++) {
      await caller.call(scripted(serverError())).catch(() => undefined);
    }
    expect(caller.state()).toBe('open');
  });
});
