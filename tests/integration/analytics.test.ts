import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { periodicJobs } from '../../src/app/periodic-jobs';
import { startScheduledJobs } from '../../src/app/scheduled-jobs';
import { buildWeb } from '../../src/app/web';
import { AnalyticsStore } from '../../src/stores/analytics-store';
import { printAnalytics } from '../../scripts/analytics-command';
import { Harness } from '../support/harness';
import { boletosPerson, otherUser, send, waitFor, type Person, type Sent } from '../support/conversation';

/**
 * Analytics (seed 003 §1.5, §3.5) from a scripted day of conversations through the real
 * pipeline: the audit log rolled up into `analytics_daily`, printed by the operator CLI, served
 * by the operator API, and rolled up on its own by the periodic job.
 */

const TOKEN = 'test-operator-token-0123456789abcdef';
const CREATE = 'cria um boleto de 150 reais pro João Silva pra dia 10/12/2099';

describe('analytics', () => {
  const h = new Harness({ OPERATOR_TOKEN: TOKEN });
  let ana: Person;
  beforeAll(async () => {
    h.startPipelines(1);
    ana = await boletosPerson(h);
    const bia = await otherUser(h, ana.tenantId);
    // Ana: a boleto proposed and confirmed, a list, and a message nobody could understand;
    // Bia: a status question about a boleto that does not exist (understood, not resolved).
    const turns: Sent[] = [];
    for (const [who, text] of [
      [ana, CREATE],
      [ana, 'sim'],
      [ana, 'quais boletos estão pendentes?'],
      [ana, 'asdkjh qweee zzz'],
      [bia, 'o boleto 999 já foi pago?'],
    ] as const)
      turns.push(await send(h, who, text));
    // The audit rows of a turn are written after its reply, in a batch: wait for the five turns.
    await waitFor('the audit rows of the five turns', async () => {
      const rows = await h.db.auditEvent.findMany({
        where: { tenantId: ana.tenantId },
        select: { correlationId: true },
      });
      return turns.every((t) => rows.some((r) => r.correlationId === t.correlationId)) ? true : undefined;
    });
  });
  afterAll(() => h.close());

  const today = () => new Date().toISOString().slice(0, 10);

  it('rolls the audit log up into the day, and sums days into figures', async () => {
    const store = new AnalyticsStore(h.db);
    expect(await store.rollUp(today())).toBeGreaterThanOrEqual(1);
    const row = await h.db.analyticsDaily.findUniqueOrThrow({
      where: { tenantId_day: { tenantId: ana.tenantId, day: new Date(`${today()}T00:00:00Z`) } },
    });
    expect(row).toMatchObject({ turns: 5, conversations: 2, understood: 3, notUnderstood: 1, resolved: 2 });
    // Again: the same figures, not twice as many.
    await store.rollUp(today());
    const summary = await store.summary(ana.tenantId, today(), today());
    expect(summary).toMatchObject({
      turns: 5,
      conversations: 2,
      turnsPerConversation: 2.5,
      resolutionRate: 0.4,
      fallbackRate: 0.2,
      topIntents: [
        { intent: 'CHECK_STATUS', turns: 1 },
        { intent: 'CREATE_BOLETO', turns: 1 },
        { intent: 'LIST_BOLETOS', turns: 1 },
      ],
    });
    expect(summary.tools.create_boleto).toMatchObject({ calls: 1, succeeded: 1, failed: 0, blocked: 0 });
    expect(summary.tools.create_boleto!.avgMs).toEqual(expect.any(Number));
    expect(Object.keys(summary.tools).sort()).toEqual(['create_boleto', 'list_boletos']);
  });

  it('`npm run iris -- analytics` prints them', async () => {
    const tenant = await h.db.tenant.findUniqueOrThrow({ where: { id: ana.tenantId } });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await printAnalytics(h.db, tenant, '1');
      const printed = log.mock.calls.map((call) => String(call[0])).join('\n');
      expect(printed).toContain(`"${tenant.slug}", ${today()} to ${today()} (UTC):`);
      expect(printed).toContain('messages 5 in 2 conversations (2.5 per conversation)');
      expect(printed).toContain('resolved 40.0 % (a tool ran to success), not understood or unsure 20.0 %');
      expect(printed).toContain('top intents: CHECK_STATUS 1, CREATE_BOLETO 1, LIST_BOLETOS 1');
      expect(printed).toMatch(/create_boleto: 1 calls, 1 succeeded, 0 failed, 0 blocked, \d+ ms on average/);
    } finally {
      log.mockRestore();
    }
    await expect(printAnalytics(h.db, tenant, '0')).rejects.toThrow(
      '--days must be a whole number from 1 to 366',
    );
  });

  it('the operator API serves them', async () => {
    const app = buildWeb(h.container);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const tenant = await h.db.tenant.findUniqueOrThrow({ where: { id: ana.tenantId } });
      const res = await fetch(`http://127.0.0.1:${port}/platform/analytics?tenant=${tenant.slug}&days=1`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ tenant: tenant.slug, turns: 5, resolutionRate: 0.4 });
      const missing = await fetch(`http://127.0.0.1:${port}/platform/analytics?tenant=nobody`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(missing.status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the periodic job rolls up on its own', async () => {
    await h.db.analyticsDaily.deleteMany({ where: { tenantId: ana.tenantId } });
    const container = new Harness({ ANALYTICS_EVERY_MS: '200' }).container;
    const jobs = startScheduledJobs(container, periodicJobs(container), pino({ level: 'silent' }));
    try {
      await waitFor('the roll-up by the scheduler', async () =>
        (await h.db.analyticsDaily.count({ where: { tenantId: ana.tenantId } })) > 0 ? true : undefined,
      );
    } finally {
      await jobs.stop();
      await container.close();
    }
  });
});
