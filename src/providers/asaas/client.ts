/**
 * A small client for Asaas' REST API v3 (https://docs.asaas.com): JSON over HTTPS, the account's
 * API key in the `access_token` header. Asaas publishes no Node SDK; the handful of calls Iris
 * makes are plain `fetch`. Every call has a timeout. An unreachable Asaas, a time-out, 429 or 5xx
 * is worth another try (`ProviderUnavailableError`, or a retryable `ProviderResponseError`); a
 * 4xx fails the same way again.
 */
import { ProviderResponseError, ProviderUnavailableError } from '../../core/errors';

export const ASAAS_URLS = {
  production: 'https://api.asaas.com/v3',
  sandbox: 'https://api-sandbox.asaas.com/v3',
} as const;

export interface AsaasClientOptions {
  /** `ASAAS_URLS.production`, `ASAAS_URLS.sandbox`, or a local fake server in tests. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

export interface AsaasList<T> {
  object: 'list';
  hasMore: boolean;
  totalCount: number;
  data: T[];
}

export class AsaasClient {
  private readonly baseUrl: string;

  constructor(private readonly options: AsaasClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const search = new URLSearchParams(query).toString();
    return this.call<T>('GET', search ? `${path}?${search}` : path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          access_token: this.options.apiKey,
          'User-Agent': 'iris-boletos',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        // GET requests go without a body: Asaas answers 403 to one that has one.
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProviderUnavailableError('asaas', `${method} ${pathOnly(path)}: ${reason}`, error);
    }
    const text = await response.text();
    if (response.ok) {
      try {
        return (text ? JSON.parse(text) : {}) as T;
      } catch (error) {
        // A proxy's error page, a cut body: not Asaas' answer, worth another try.
        throw new ProviderResponseError(
          'asaas',
          `${method} ${pathOnly(path)}: HTTP ${response.status} with a body that is not JSON`,
          {
            status: response.status,
            retryable: true,
            cause: error,
          },
        );
      }
    }
    const codes = errorCodes(text);
    throw new ProviderResponseError(
      'asaas',
      `${method} ${pathOnly(path)}: HTTP ${response.status}${codes.length ? ` (${codes.join(', ')})` : ''}`,
      { status: response.status, retryable: response.status === 429 || response.status >= 500 },
    );
  }
}

/** The path without its query (which may hold a customer's document): what a log may show. */
function pathOnly(path: string): string {
  return path.split('?')[0] ?? path;
}

/** Asaas answers errors as `{ "errors": [{ "code": "...", "description": "..." }] }`. */
function errorCodes(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { errors?: Array<{ code?: unknown }> };
    return (parsed.errors ?? []).map((e) => String(e.code ?? 'unknown'));
  } catch {
    return [];
  }
}
