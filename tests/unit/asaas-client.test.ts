import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderResponseError, ProviderUnavailableError, isTransient } from '../../src/core/errors';
import { AsaasClient } from '../../src/providers/asaas/client';

/** The client's answers to what a server can do wrong, on a real local HTTP server. */
describe('Asaas client errors', () => {
  let server: Server;
  let baseUrl: string;
  const replies: Array<{ status: number; body: string; type?: string }> = [];

  beforeAll(async () => {
    server = createServer((_req, res) => {
      const reply = replies.shift() ?? { status: 200, body: '{}' };
      res.writeHead(reply.status, { 'Content-Type': reply.type ?? 'application/json' }).end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => new AsaasClient({ baseUrl, apiKey: 'k', timeoutMs: 2_000 });
  /** The error of a GET answered with `reply`. */
  const errorOf = async (reply: { status: number; body: string; type?: string }, path = '/payments') => {
    replies.push(reply);
    return client()
      .get(path)
      .catch((e: unknown) => e);
  };

  it('a refusal (4xx) is final and names Asaas error codes; 429 and 5xx are worth another try', async () => {
    const refused = await errorOf(
      { status: 400, body: '{"errors":[{"code":"invalid_cpfCnpj","description":"x"}]}' },
      '/customers',
    );
    expect(refused).toBeInstanceOf(ProviderResponseError);
    expect((refused as Error).message).toContain('invalid_cpfCnpj');
    expect(isTransient(refused)).toBe(false);
    expect(isTransient(await errorOf({ status: 503, body: 'busy', type: 'text/plain' }))).toBe(true);
    expect(isTransient(await errorOf({ status: 429, body: '{}' }))).toBe(true);
  });

  it('a 200 whose body is not JSON (a proxy page) is worth another try, not a crash', async () => {
    const error = await errorOf({ status: 200, body: '<html>gateway</html>', type: 'text/html' });
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(isTransient(error)).toBe(true);
  });

  it('an unreachable Asaas is unavailable, and the query (a customer document) stays out of the message', async () => {
    const error = await new AsaasClient({ baseUrl: 'http://127.0.0.1:1/v3', apiKey: 'k', timeoutMs: 1_000 })
      .get('/customers', { cpfCnpj: '52998224725' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).not.toContain('52998224725');
  });
});
