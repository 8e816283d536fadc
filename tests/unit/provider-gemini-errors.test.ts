import { InvalidInputError, ProviderResponseError, ProviderUnavailableError } from '../../src/core/errors';
import { GeminiRateLimitError, retryDelayMs, toProviderError } from '../../src/providers/gemini/errors';
import { genai } from '../../src/providers/gemini/sdk';

const { ApiError } = genai();

/** What the SDK throws for a non-2xx JSON answer: the body, stringified, as the message. */
function apiError(status: number, body: object) {
  return new ApiError({ message: JSON.stringify(body), status });
}

const quotaBody = (retryDelay?: string) => ({
  error: {
    code: 429,
    message: 'You exceeded your current quota, please check your plan and billing details.',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
      ...(retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }] : []),
    ],
  },
});

describe('toProviderError (Gemini)', () => {
  it('maps 429 to a retryable GeminiRateLimitError carrying RetryInfo', () => {
    const error = toProviderError('gemini', apiError(429, quotaBody('53s')));
    expect(error).toBeInstanceOf(GeminiRateLimitError);
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({
      status: 429,
      retryable: true,
      retryAfterMs: 53_000,
      code: 'provider_response',
    });
    expect(error.message).toBe(
      'gemini: HTTP 429: RESOURCE_EXHAUSTED You exceeded your current quota, please check your plan and billing details.',
    );
    expect(toProviderError('gemini', apiError(429, quotaBody()))).toMatchObject({ retryAfterMs: undefined });
  });

  it.each([500, 502, 503, 504, 408])('maps %d to a retryable ProviderResponseError', (status) => {
    const error = toProviderError(
      'gemini',
      apiError(status, { error: { code: status, status: 'X', message: 'm' } }),
    );
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({ status, retryable: true });
  });

  it.each([400, 401, 403, 404])('maps %d to a final ProviderResponseError', (status) => {
    const error = toProviderError(
      'gemini',
      apiError(status, { error: { code: status, status: 'X', message: 'm' } }),
    );
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error).toMatchObject({ status, retryable: false });
  });

  it('keeps a non-JSON error message as it is', () => {
    const error = toProviderError('gemini', new ApiError({ message: 'Bad Gateway', status: 502 }));
    expect(error.message).toBe('gemini: HTTP 502: Bad Gateway');
  });

  it('maps fetch network failures to ProviderUnavailableError with the socket code', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    const error = toProviderError('gemini', refused);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ retryable: true, message: 'gemini: unreachable (ECONNREFUSED)' });
    expect(error.cause).toBe(refused);

    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(toProviderError('gemini', reset)).toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps aborts and SDK time-outs to ProviderUnavailableError', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(toProviderError('gemini', abort)).toBeInstanceOf(ProviderUnavailableError);
    const timeout = new DOMException('The operation timed out', 'TimeoutError');
    expect(toProviderError('gemini', timeout)).toBeInstanceOf(ProviderUnavailableError);
  });

  it('passes errors of the hierarchy through and makes anything else a final response error', () => {
    const invalid = new InvalidInputError('bad audio');
    expect(toProviderError('gemini', invalid)).toBe(invalid);
    const odd = toProviderError('gemini', new SyntaxError('Unexpected token < in JSON'));
    expect(odd).toBeInstanceOf(ProviderResponseError);
    expect(odd).toMatchObject({
      retryable: false,
      message: 'gemini: unexpected failure: Unexpected token < in JSON',
    });
    expect(toProviderError('gemini', 'a string')).toMatchObject({ retryable: false });
  });
});

describe('retryDelayMs', () => {
  it.each([
    ['53s', 53_000],
    ['0.5s', 500],
    ['1.250s', 1_250],
    ['0s', 0],
  ])('reads %s as %d ms', (delay, ms) => {
    expect(
      retryDelayMs({ details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay }] }),
    ).toBe(ms);
  });

  it('is undefined without RetryInfo or with a malformed delay', () => {
    expect(retryDelayMs(undefined)).toBeUndefined();
    expect(retryDelayMs({ details: [] })).toBeUndefined();
    expect(
      retryDelayMs({ details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '5m' }] }),
    ).toBe(undefined);
  });
});
