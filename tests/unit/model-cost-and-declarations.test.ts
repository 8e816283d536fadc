import { boletosPack } from '../../src/domains/boletos';
import type { TenantProfile } from '../../src/domains/types';
import { availableTools, toFunctionSpec, toGeminiSchema } from '../../src/engine/declarations';
import type { EngineLogger } from '../../src/engine/engine-logger';
import { PLAN_LIMITS, costUsd, planLimits, priceOf } from '../../src/engine/pricing';
import {
  LEARNED_TOTALS_MS,
  UsageGuard,
  periodMonth,
  type UsageLedger,
  type UsageTotals,
} from '../../src/engine/usage-guard';
import { roundCostUp } from '../../src/stores/ai-usage-store';

const tenant: TenantProfile = {
  id: 't-1',
  slug: 't',
  name: 'T',
  pack: 'boletos',
  locale: 'pt-BR',
  timeZone: 'America/Sao_Paulo',
  currency: 'BRL',
  ai: { enabled: true, mode: 'model_first', plan: 'basic', features: [] },
};

describe('function declarations', () => {
  it('offers each role only its tools (viewer: read-only)', () => {
    const names = (role: 'owner' | 'operator' | 'viewer') =>
      availableTools(boletosPack, tenant, { id: 'u', name: 'U', role }).map((t) => t.name);
    expect(names('owner')).toEqual([
      'create_boleto',
      'cancel_boleto',
      'get_boleto_status',
      'list_boletos',
      'queue_message',
    ]);
    expect(names('viewer')).toEqual(['get_boleto_status', 'list_boletos']);
  });

  it('reduces JSON Schema to Gemini subset: no $schema, no safe-integer noise, exclusiveMinimum as minimum', () => {
    expect(
      toGeminiSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          n: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          s: { type: 'string', pattern: '^x$', minLength: 1 },
        },
        required: ['n'],
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 }, s: { type: 'string' } },
      required: ['n'],
      additionalProperties: false,
    });
  });

  it('declares cancel_boleto with its description and an integer id of at least 1', () => {
    const cancel = boletosPack.tools.find((t) => t.name === 'cancel_boleto')!;
    expect(toFunctionSpec(cancel)).toEqual({
      name: 'cancel_boleto',
      description: 'Cancela um boleto pendente pelo seu número.',
      parameters: {
        type: 'object',
        properties: { boleto_id: { type: 'integer', description: 'Número do boleto', minimum: 1 } },
      },
    });
  });
});

describe('pricing and plans', () => {
  it('prices known models and their versioned names; an unknown model costs as the dearest', () => {
    expect(costUsd('gemini-2.5-flash', 1_000_000, 0)).toBeCloseTo(0.3);
    expect(costUsd('gemini-2.5-flash', 0, 1_000_000)).toBeCloseTo(2.5);
    expect(priceOf('models/gemini-2.5-flash-001')).toEqual(priceOf('gemini-2.5-flash'));
    expect(priceOf('gemini-2.5-flash-lite')).not.toEqual(priceOf('gemini-2.5-flash'));
    expect(priceOf('some-new-model')).toEqual(priceOf('gemini-2.5-pro'));
  });

  it("follows seed 003 §8.4's plans, plus a free one without AI; an unknown plan gets Basic's limits", () => {
    expect(PLAN_LIMITS).toEqual({
      free: { includesAi: false, monthlyUsd: 0, monthlyRequests: 0 },
      basic: { includesAi: true, monthlyUsd: 10, monthlyRequests: 5_000 },
      professional: { includesAi: true, monthlyUsd: 50, monthlyRequests: 25_000 },
      enterprise: { includesAi: true, monthlyUsd: 200, monthlyRequests: 100_000 },
    });
    expect(planLimits('Professional').monthlyUsd).toBe(50);
    expect(planLimits('gold')).toEqual(PLAN_LIMITS.basic);
  });

  it('rounds each call cost up to the column unit, so small calls are never lost', () => {
    expect(roundCostUp(0.00001)).toBe(0.0001);
    expect(roundCostUp(0.00045)).toBe(0.0005);
    expect(roundCostUp(0.0003)).toBe(0.0003);
    expect(roundCostUp(0)).toBe(0);
  });

  it('months are calendar months in the tenant zone', () => {
    expect(periodMonth(new Date('2026-12-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-11-01');
    expect(periodMonth(new Date('2026-12-01T04:00:00Z'), 'America/Sao_Paulo')).toBe('2026-12-01');
  });
});

describe('UsageGuard', () => {
  class MemoryLedger implements UsageLedger {
    totals: UsageTotals | undefined;
    fail = false;
    async month() {
      if (this.fail) throw new Error('db down');
      return this.totals;
    }
    async add(increment: Parameters<UsageLedger['add']>[0]) {
      const before = this.totals ?? { requests: 0, costUsd: 0 };
      this.totals = {
        requests: before.requests + 1,
        costUsd: before.costUsd + roundCostUp(increment.costUsd),
      };
      return { before, after: this.totals };
    }
  }
  const logger = () =>
    ({ debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() }) satisfies EngineLogger;
  const now = new Date('2026-11-22T13:00:00Z');

  it('allows calls under the limits, refuses at the hard limit (cost or requests)', async () => {
    const ledger = new MemoryLedger();
    const guard = new UsageGuard(ledger, logger());
    await expect(guard.allowance(tenant, now)).resolves.toEqual({ allowed: true });
    ledger.totals = { requests: 10, costUsd: 10 };
    await expect(guard.allowance(tenant, now)).resolves.toEqual({ allowed: false, reason: 'cost_limit' });
    ledger.totals = { requests: 5_000, costUsd: 1 };
    await expect(guard.allowance(tenant, now)).resolves.toEqual({ allowed: false, reason: 'request_limit' });
    const pro = { ...tenant, ai: { ...tenant.ai, plan: 'professional' } };
    await expect(guard.allowance(pro, now)).resolves.toEqual({ allowed: true });
  });

  it('takes the totals its own last increment returned for a few seconds, then reads again', async () => {
    const ledger = new MemoryLedger();
    const reads = jest.spyOn(ledger, 'month');
    const guard = new UsageGuard(ledger, logger());
    ledger.totals = { requests: 100, costUsd: 9.999 };
    await guard.record(tenant, now, { model: 'gemini-2.5-flash', inputTokens: 10_000, outputTokens: 0 });
    // That call crossed the hard limit: the next call is refused without reading the month.
    await expect(guard.allowance(tenant, now)).resolves.toEqual({ allowed: false, reason: 'cost_limit' });
    expect(reads).not.toHaveBeenCalled();
    // Another process' change (here the plan's month reset by hand) is seen once they are old.
    ledger.totals = { requests: 0, costUsd: 0 };
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + LEARNED_TOTALS_MS + 1);
    try {
      await expect(guard.allowance(tenant, now)).resolves.toEqual({ allowed: true });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      later.mockRestore();
    }
  });

  it('fails closed when usage cannot be read', async () => {
    const ledger = new MemoryLedger();
    ledger.fail = true;
    await expect(new UsageGuard(ledger, logger()).allowance(tenant, now)).resolves.toEqual({
      allowed: false,
      reason: 'usage_unreadable',
    });
  });

  it('warns once when a call crosses 80% and logs an error once when one crosses 100%', async () => {
    const ledger = new MemoryLedger();
    const log = logger();
    const guard = new UsageGuard(ledger, log);
    ledger.totals = { requests: 100, costUsd: 7.99 };
    const call = { model: 'gemini-2.5-flash', inputTokens: 10_000, outputTokens: 0 }; // USD 0.003
    for (let i = 0; i < 5; i++) await guard.record(tenant, now, call);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ alert: 'ai_cost_soft_limit', tenantId: 't-1' });
    ledger.totals = { requests: 100, costUsd: 9.999 };
    for (let i = 0; i < 3; i++) await guard.record(tenant, now, call);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ alert: 'ai_cost_hard_limit' });
  });
});
