import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { connectProvider } from '../../src/app/provider-setup';
import type { ProviderSettings } from '../../src/app/boleto-issuers';
import { boletoNumbers } from '../../src/domains/boleto-issuing/febraban';
import type { PrismaClient } from '../../src/stores/prisma/client';

/** A CPF whose check digits hold (made up for the tests, as CPF generators make them). */
export const TEST_CPF = '52998224725';

/**
 * A local stand-in for Asaas' API v3, speaking its documented wire format, for the tests of the
 * real AsaasClient/AsaasIssuer. It checks every request as Asaas would and more strictly: the
 * `access_token` header, JSON bodies on POST and none on GET/DELETE, each field's type and
 * format (a valid CPF/CNPJ, a value in reais with at most two decimals, `billingType` BOLETO, a
 * YYYY-MM-DD due date); a request that breaks a rule gets Asaas' 400 error shape and is recorded
 * in `violations`, which a test asserts empty.
 *
 * `hold(matcher)` keeps the next matching request unanswered (its effect applied, as a provider
 * that created the charge before the connection dropped) until the test releases it.
 */
export interface FakePayment {
  object: 'payment';
  id: string;
  customer: string;
  billingType: string;
  status: string;
  value: number;
  dueDate: string;
  description?: string;
  externalReference: string | null;
  bankSlipUrl: string;
  invoiceUrl: string;
  deleted: boolean;
  paymentDate: string | null;
  fine?: { value: number };
  interest?: { value: number };
}

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export class FakeAsaas {
  readonly requests: Recorded[] = [];
  /** Charges whose printable boleto was downloaded, in order. */
  readonly slipDownloads: string[] = [];
  readonly violations: string[] = [];
  readonly customers = new Map<string, { id: string; name: string; cpfCnpj: string; deleted: boolean }>();
  readonly payments = new Map<string, FakePayment>();
  private server: Server | undefined;
  private origin = '';
  private held: Array<{ match: (r: Recorded) => boolean; onHeld: () => void; release?: () => void }> = [];

  constructor(readonly apiKey = `$aact_test_${randomUUID()}`) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.origin}/v3`;
  }

  async stop(): Promise<void> {
    for (const h of this.held) h.release?.();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Connects a tenant to this server as the operator's CLI does (the API key sealed with
   * `secretKey`), with extra charge settings; returns the webhook token. Call after `start`.
   */
  async connect(
    db: PrismaClient,
    secretKeyHex: string,
    slug: string,
    settings: Partial<ProviderSettings> = {},
  ): Promise<{ webhookToken: string }> {
    return connectProvider(db, Buffer.from(secretKeyHex, 'hex'), slug, {
      provider: 'asaas',
      apiKey: this.apiKey,
      settings: { baseUrl: `${this.origin}/v3`, ...settings },
    });
  }

  /** Requests with this method whose path matches, in order. */
  calls(method: string, path: RegExp): Recorded[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /**
   * The next request matching is applied but not answered; the promise resolves once it
   * arrived. `release()` answers it (or the server's stop drops it).
   */
  hold(match: (r: Recorded) => boolean): { arrived: Promise<void>; release: () => void } {
    let onHeld!: () => void;
    const arrived = new Promise<void>((resolve) => (onHeld = resolve));
    const entry: (typeof this.held)[number] = { match, onHeld };
    this.held.push(entry);
    return { arrived, release: () => entry.release?.() };
  }

  /** The printable boleto Asaas serves at a charge's `bankSlipUrl` (a public link, no key). */
  pdfOf(id: string): Buffer {
    return Buffer.from(`%PDF-1.4\n% Asaas boleto ${id}\n%%EOF\n`);
  }

  /** Marks a charge paid, as a payer at a bank would. */
  pay(id: string, day: string): FakePayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    payment.status = 'RECEIVED';
    payment.paymentDate = day;
    return payment;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const record: Recorded = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw ? safeJson(raw) : undefined,
    };
    // The printable boleto is a public link, not an API call: counted apart from `requests`.
    const slip = /^\/b\/pdf\/([\w-]+)$/.exec(url.pathname);
    if (slip && record.method === 'GET') {
      this.slipDownloads.push(slip[1]!);
      const known = this.payments.has(slip[1]!);
      res.writeHead(known ? 200 : 404, { 'Content-Type': known ? 'application/pdf' : 'text/html' });
      res.end(known ? this.pdfOf(slip[1]!) : '<html>not found</html>');
      return;
    }
    this.requests.push(record);
    const answer = (status: number, body: unknown) => {
      const entry = this.held.find((h) => h.match(record));
      const send = () => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      if (!entry) return send();
      this.held.splice(this.held.indexOf(entry), 1);
      entry.release = send;
      entry.onHeld();
    };
    const refuse = (rule: string) => {
      this.violations.push(`${record.method} ${record.path}: ${rule}`);
      answer(400, { errors: [{ code: 'invalid_request', description: rule }] });
    };
    if (req.headers['access_token'] !== this.apiKey)
      return answer(401, { errors: [{ code: 'invalid_access_token' }] });
    if (!req.headers['user-agent']) return refuse('User-Agent is required');
    if (record.method !== 'POST' && raw) return refuse('GET and DELETE requests must have an empty body');
    if (record.method === 'POST' && !String(req.headers['content-type']).startsWith('application/json'))
      return refuse('POST bodies are JSON');
    const body = (record.body ?? {}) as Record<string, unknown>;
    const path = url.pathname.replace(/^\/v3/, '');
    let m: RegExpExecArray | null;

    if (record.method === 'GET' && path === '/customers') {
      const data = [...this.customers.values()].filter(
        (c) => !c.deleted && (!record.query.cpfCnpj || c.cpfCnpj === record.query.cpfCnpj),
      );
      return answer(200, list(data));
    }
    if (record.method === 'POST' && path === '/customers') {
      if (typeof body.name !== 'string' || !body.name) return refuse('name is required');
      const doc = String(body.cpfCnpj ?? '');
      if (!/^\d+$/.test(doc) || !(isValidCpf(doc) || isValidCnpj(doc))) return refuse('cpfCnpj is invalid');
      const customer = {
        object: 'customer',
        id: `cus_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
        name: body.name,
        cpfCnpj: doc,
        deleted: false,
      };
      this.customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (record.method === 'GET' && path === '/payments') {
      const data = [...this.payments.values()].filter(
        (p) =>
          !p.deleted &&
          (!record.query.externalReference || p.externalReference === record.query.externalReference),
      );
      return answer(200, list(data));
    }
    if (record.method === 'POST' && path === '/payments') {
      const customer = this.customers.get(String(body.customer));
      if (!customer) return refuse('customer does not exist');
      if (body.billingType !== 'BOLETO') return refuse('billingType must be BOLETO');
      if (
        typeof body.value !== 'number' ||
        body.value <= 0 ||
        Math.round(body.value * 100) / 100 !== body.value
      )
        return refuse('value must be a positive amount in reais with at most two decimals');
      if (typeof body.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate))
        return refuse('dueDate must be YYYY-MM-DD');
      if (body.externalReference !== undefined && typeof body.externalReference !== 'string')
        return refuse('externalReference must be a string');
      const id = `pay_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const payment: FakePayment = {
        object: 'payment',
        id,
        customer: customer.id,
        billingType: 'BOLETO',
        status: 'PENDING',
        value: body.value,
        dueDate: body.dueDate,
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        externalReference: (body.externalReference as string | undefined) ?? null,
        bankSlipUrl: `${this.origin}/b/pdf/${id}`,
        invoiceUrl: `https://sandbox.asaas.example/i/${id}`,
        deleted: false,
        paymentDate: null,
        ...(body.fine ? { fine: body.fine as { value: number } } : {}),
        ...(body.interest ? { interest: body.interest as { value: number } } : {}),
      };
      this.payments.set(id, payment);
      return answer(200, payment);
    }
    if ((m = /^\/payments\/([^/]+)\/identificationField$/.exec(path)) && record.method === 'GET') {
      const payment = this.payments.get(m[1]!);
      if (!payment || payment.deleted) return answer(404, { errors: [{ code: 'not_found' }] });
      const numbers = boletoNumbers({
        bankCode: '461',
        amountCents: Math.round(payment.value * 100),
        dueDate: payment.dueDate,
        freeField: payment.id.replace(/\D/g, '').padStart(25, '0').slice(-25),
      });
      return answer(200, {
        identificationField: numbers.digitableLine,
        nossoNumero: payment.id.slice(4),
        barCode: numbers.barcode,
      });
    }
    if ((m = /^\/payments\/([^/]+)$/.exec(path))) {
      const payment = this.payments.get(m[1]!);
      if (!payment) return answer(404, { errors: [{ code: 'not_found' }] });
      if (record.method === 'GET') return answer(200, payment);
      if (record.method === 'DELETE') {
        if (payment.deleted) return answer(404, { errors: [{ code: 'not_found' }] });
        if (payment.status === 'RECEIVED') return refuse('a received payment cannot be removed');
        payment.deleted = true;
        return answer(200, { deleted: true, id: payment.id });
      }
    }
    answer(404, { errors: [{ code: 'not_found', description: `${record.method} ${url.pathname}` }] });
  }
}

function list<T>(data: T[]) {
  return { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
