import pino from 'pino';
import { boletosPack } from '../../src/domains/boletos';
import type { Scope, TenantProfile } from '../../src/domains/types';
import { createAiProviders, createIntentEngine, type EngineUnderstanding } from '../../src/engine';
import type { AuditEntry, IntentEngine, ModelCallRecord } from '../../src/pipeline/ports';
import { PrismaAiUsageStore } from '../../src/stores/ai-usage-store';
import { createPrismaClient, type PrismaClient } from '../../src/stores/prisma/client';
import { startFakeGeminiServer, type FakeGeminiServer } from '../support/fake-gemini-server';
import {
  startFakeOllamaServer,
  type FakeOllamaReply,
  type FakeOllamaServer,
} from '../support/fake-ollama-server';
import { engineScope, engineTenant, type TestAi } from '../support/engine-tenant';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * Understanding on a local model: the real `ollama` client against a local server speaking
 * Ollama's chat API, with and without Gemini configured, the choice per tenant, the fallback
 * between providers, and what data classification lets through.
 */

const NOW = new Date('2026-11-22T13:00:00Z');
const CREATE_TEXT = 'cria um boleto de 150 reais pro João pra dia 10';
const CREATE_CALL: FakeOllamaReply = {
  kind: 'tool_call',
  calls: [
    {
      name: 'create_boleto',
      arguments: { contact_name: 'João', amount_cents: 15000, due_date: '2026-12-10' },
    },
  ],
};
let db: PrismaClient;
let ollama: FakeOllamaServer;
let gemini: FakeGeminiServer;
const tenantIds: string[] = [];

beforeAll(() => {
  db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
});
afterAll(async () => {
  await db.tenant.deleteMany({ where: { id: { in: tenantIds } } });
  await db.$disconnect();
});
beforeEach(async () => {
  ollama = await startFakeOllamaServer();
  gemini = await startFakeGeminiServer();
});
afterEach(async () => {
  await ollama.close();
  await gemini.close();
});

function setup(withGemini: boolean, order?: { understanding: Array<'gemini' | 'local'> }) {
  const logger = pino({ level: 'silent' });
  const audit: AuditEntry[] = [];
  const calls: ModelCallRecord[] = [];
  const providers = createAiProviders({
    ...(withGemini ? { gemini: { apiKey: 'test-key', baseUrl: gemini.baseUrl, timeoutMs: 2_000 } } : {}),
    local: { baseUrl: ollama.baseUrl, model: 'llama3.1:8b', timeoutMs: 2_000 },
    ...(order ? { order } : {}),
    resilience: { retries: 0, breaker: { kind: 'consecutive', threshold: 50, halfOpenAfterMs: 60_000 } },
    logger,
  });
  const engine = createIntentEngine({
    providers,
    usage: new PrismaAiUsageStore(db),
    logger,
    audit: { write: async (entries) => void audit.push(...entries) },
    stats: { record: async (call) => void calls.push(call) },
  });
  return { engine, audit, calls };
}

const tenant = (ai: TestAi = {}) => engineTenant(db, tenantIds, ai, 'lm');
const understand = (engine: IntentEngine, text: string, s: Scope) =>
  engine.understand(text, s, boletosPack) as Promise<EngineUnderstanding>;
const usageOf = (t: TenantProfile) => db.aiUsageSummary.findFirst({ where: { tenantId: t.id } });

describe('understanding on a local model (Ollama API)', () => {
  it('with Gemini switched off (no key), reads a request through the local model: tools, prompt, no cost', async () => {
    const { engine } = setup(false);
    const t = await tenant();
    ollama.enqueue(CREATE_CALL);
    const result = await understand(engine, CREATE_TEXT, engineScope(db, t, NOW));

    expect(result).toMatchObject({
      source: 'model',
      intent: 'CREATE_BOLETO',
      entities: { contact_name: 'João', amount_cents: 15000, due_date: '2026-12-10' },
    });
    expect(gemini.requests).toHaveLength(0);
    const sent = ollama.requests[0]!.body!;
    expect(sent.model).toBe('llama3.1:8b');
    expect(sent.stream).toBe(false);
    expect(sent.options).toEqual({ temperature: 0, num_predict: 256 });
    expect(sent.messages!.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages![0]!.content).toContain('Regras obrigatórias:');
    expect(sent.messages![1]!.content).toBe(CREATE_TEXT);
    expect(sent.tools!.map((tool) => tool.function?.name)).toContain('create_boleto');
    expect(sent.tools!.every((tool) => tool.type === 'function')).toBe(true);
    const usage = await usageOf(t);
    expect(usage).toMatchObject({ totalRequests: 1, inputTokens: 640n, outputTokens: 24n });
    expect(Number(usage!.estimatedCostUsd)).toBe(0); // on the operator's machines: no price per call
  });

  it('values the model invents are dropped by grounding, as with Gemini (the gates do not depend on the provider)', async () => {
    const { engine } = setup(false);
    const t = await tenant();
    ollama.enqueue({
      kind: 'tool_call',
      calls: [
        {
          name: 'create_boleto',
          arguments: { contact_name: 'João', amount_cents: 99900, due_date: '2026-12-10' },
        },
      ],
    });
    const result = await understand(engine, 'cria um boleto pro João pra dia 10', engineScope(db, t, NOW));
    expect(result.intent).toBe('CREATE_BOLETO');
    expect(result.entities.amount_cents).toBeUndefined();
  });

  it('a tenant that chose the local model never reaches Gemini, even when the local model fails', async () => {
    const { engine, audit } = setup(true);
    const t = await tenant({ providers: { understanding: 'local' } });
    ollama.enqueue({ kind: 'error', status: 500 });
    const result = await understand(engine, CREATE_TEXT, engineScope(db, t, NOW));
    expect(result).toMatchObject({ source: 'offline', fallback: 'provider_error', intent: 'CREATE_BOLETO' });
    expect(gemini.requests).toHaveLength(0);
    expect(audit.find((e) => e.event === 'model_fallback')?.data).toMatchObject({ provider: 'local' });
  });

  it("the platform's order falls back from Gemini to the local model when Gemini fails", async () => {
    const { engine, calls } = setup(true);
    const t = await tenant();
    gemini.enqueue({ kind: 'error', status: 503 });
    ollama.enqueue(CREATE_CALL);
    const result = await understand(engine, CREATE_TEXT, engineScope(db, t, NOW));
    expect(result).toMatchObject({ source: 'model', intent: 'CREATE_BOLETO' });
    expect(gemini.requests).toHaveLength(1);
    expect(ollama.requests).toHaveLength(1);
    expect(Number((await usageOf(t))!.estimatedCostUsd)).toBe(0); // the local model answered
    // Each provider's health counts its own calls: Gemini failed, the local model answered.
    expect(calls.map((c) => [c.provider, c.outcome])).toEqual([
      ['gemini', 'error'],
      ['local', 'ok'],
    ]);
  });

  it('a tenant that chose a provider the platform does not run is read offline (no_provider)', async () => {
    const { engine } = setup(false);
    const t = await tenant({ providers: { understanding: 'gemini' } });
    const result = await understand(engine, CREATE_TEXT, engineScope(db, t, NOW));
    expect(result).toMatchObject({ source: 'offline', fallback: 'no_provider' });
    expect(ollama.requests).toHaveLength(0);
  });

  it('a model that is not pulled (404) is a final error: offline reading, no retry', async () => {
    const { engine } = setup(false);
    const t = await tenant();
    ollama.enqueue({ kind: 'error', status: 404 });
    const result = await understand(engine, CREATE_TEXT, engineScope(db, t, NOW));
    expect(result).toMatchObject({ source: 'offline', fallback: 'provider_error' });
    expect(ollama.requests).toHaveLength(1);
  });

  it('nothing personal or sensitive reaches the cloud provider; PII is scrubbed from what does', async () => {
    const { engine } = setup(true, { understanding: ['gemini'] });
    const t = await tenant();
    const scope: Scope = {
      ...engineScope(db, t, NOW),
      user: { id: 'u-ana', name: 'Ana Beatriz Moreira', role: 'owner' },
      conversation: {
        summary: 'Falou da cliente Sra. Helena Prado.',
        recent: [
          { role: 'user', text: 'o CPF do João é 529.982.247-25' },
          { role: 'assistant', text: 'Você tem R$ 48.210,33 em boletos em aberto.' },
        ],
      },
    };
    gemini.enqueue({
      kind: 'function_call',
      calls: [{ name: 'create_boleto', args: { contact_name: 'João', amount_cents: 15000 } }],
    });
    await understand(engine, 'cria um boleto de 150 pro João, telefone (11) 98765-4321', scope);
    const sent = JSON.stringify(gemini.requests[0]!.body);
    for (const personal of ['Ana Beatriz', 'Moreira', '529.982.247-25', 'Helena', '48.210,33', '98765-4321'])
      expect(sent).not.toContain(personal);
    expect(sent).toContain('[TELEFONE_REMOVIDO]');
    expect(sent).toContain('[CPF_REMOVIDO]');
  });
});

describe('embeddings behind the same contract', () => {
  const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
  const providersWith = (local: boolean) =>
    createAiProviders({
      gemini: { apiKey: 'test-key', baseUrl: gemini.baseUrl, timeoutMs: 2_000 },
      ...(local
        ? { local: { baseUrl: ollama.baseUrl, model: 'llama3.1:8b', embeddingModel: 'nomic-embed-text' } }
        : {}),
      logger: pino({ level: 'silent' }),
    });

  it('Gemini by default: passages as RETRIEVAL_DOCUMENT, questions as RETRIEVAL_QUERY, 768 numbers each', async () => {
    const t = await tenant();
    const embedder = providersWith(true).embedder(t)!;
    expect([embedder.provider, embedder.model, embedder.location]).toEqual([
      'gemini',
      'gemini-embedding-001',
      'cloud',
    ]);
    const passages = await embedder.embed({
      texts: ['Como pagar um boleto vencido', 'Horário de atendimento da loja'],
      purpose: 'document',
    });
    const question = await embedder.embed({ texts: ['posso pagar boleto vencido?'], purpose: 'query' });
    expect(passages.vectors.map((v) => v.length)).toEqual([768, 768]);
    const [paying, hours] = passages.vectors as [number[], number[]];
    expect(cosine(question.vectors[0]!, paying)).toBeGreaterThan(cosine(question.vectors[0]!, hours));
    const sent = gemini.requests.map((r) => r.body as { requests: Array<Record<string, unknown>> });
    expect(gemini.requests[0]!.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(sent[0]!.requests.map((r) => r.taskType)).toEqual(['RETRIEVAL_DOCUMENT', 'RETRIEVAL_DOCUMENT']);
    expect(sent[1]!.requests[0]).toMatchObject({ taskType: 'RETRIEVAL_QUERY', outputDimensionality: 768 });
  });

  it('a tenant that pins the local model embeds on Ollama (/api/embed); no local embedding model: none', async () => {
    const t = await tenant({ providers: { embeddings: 'local' } });
    const embedder = providersWith(true).embedder(t)!;
    const answer = await embedder.embed({ texts: ['segunda via do boleto'], purpose: 'query' });
    expect(answer.vectors[0]).toHaveLength(768);
    expect(answer.inputTokens).toBe(4);
    expect(ollama.requests[0]).toMatchObject({
      path: '/api/embed',
      body: { model: 'nomic-embed-text', input: ['segunda via do boleto'] },
    });
    expect(gemini.requests).toHaveLength(0);
    // Vectors of two models do not compare: no other provider stands in.
    expect(providersWith(false).embedder(t)).toBeUndefined();
  });
});
