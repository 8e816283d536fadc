import { loadConfig } from '../../config';
import { Container } from '../../src/app/container';
import { offlineIntentEngine as offlineEngine } from '../../src/engine';
import { startPipeline } from '../../src/app/roles';
import type { IntentEngine } from '../../src/pipeline/ports';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';
import {
  deliver,
  otherUser,
  savedConversation,
  sleep,
  waitForIdlePipeline,
  waitFor,
  type Person,
} from '../support/conversation';

/**
 * Per-conversation order with several pipeline processes (DESIGN.md "Guarantees"): three
 * containers share one key prefix, as three `pipeline` processes would; 20 conversations send 15
 * numbered messages each, all at once. Every conversation must be handled one message at a time,
 * in the order its messages arrived, none lost, none handled twice.
 */
describe('per-conversation order across three pipeline processes', () => {
  const CONVERSATIONS = 20;
  const MESSAGES = 15;
  const h = new Harness();
  const others: Container[] = [];

  /** What each process' engine saw, in the order it saw it, and turns overlapping in one conversation. */
  const handled: Array<{ conversationId: string; text: string; process: number }> = [];
  const inFlight = new Map<string, number>();
  const overlaps: string[] = [];

  /** The offline engine, recording each turn it serves; a short random pause widens the race windows. */
  function recordingEngine(process: number): IntentEngine {
    return {
      async understand(text, scope, pack) {
        const busy = (inFlight.get(scope.conversationId) ?? 0) + 1;
        inFlight.set(scope.conversationId, busy);
        if (busy > 1) overlaps.push(`${scope.conversationId}: ${text}`);
        handled.push({ conversationId: scope.conversationId, text, process });
        await sleep(Math.floor(Math.random() * 8));
        inFlight.set(scope.conversationId, (inFlight.get(scope.conversationId) ?? 1) - 1);
        return offlineEngine.understand(text, scope, pack);
      },
    };
  }

  beforeAll(() => {
    const processes = [
      h.container,
      ...[1, 2].map(
        (n) =>
          new Container(
            loadConfig({
              DATABASE_URL: TEST_DATABASE_URL,
              ...TEST_REDIS_ENV,
              IRIS_PREFIX: h.prefix,
              LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
            }),
            { role: `pipeline-${n}` },
          ),
      ),
    ];
    others.push(...processes.slice(1));
    processes.forEach((container, index) => {
      container.engine = recordingEngine(index);
      startPipeline(container, { concurrency: 4 });
    });
  });

  afterAll(async () => {
    for (const container of others) await container.close();
    await h.close();
  });

  it('handles every conversation in arrival order, each message exactly once', async () => {
    const first = await h.boletosTenant();
    const people: Person[] = [];
    // Half of the conversations share one chat (a group), the others are one-to-one chats.
    for (let i = 0; i < CONVERSATIONS; i++) {
      const inChat = i % 2 === 0 ? first.chat : undefined;
      people.push(await otherUser(h, first.tenant.id, inChat ? { inChat } : {}));
    }

    const sent = new Map<string, string[]>(people.map((p) => [p.conversationId, []]));
    await Promise.all(
      people.map(async (who) => {
        for (let n = 1; n <= MESSAGES; n++) {
          const outcome = await deliver(h, who, `linha ${n}`);
          if (outcome.status !== 'queued') throw new Error(`linha ${n} not queued: ${outcome.status}`);
          sent.get(who.conversationId)!.push(outcome.correlationId);
        }
      }),
    );
    const correlationIds = new Set([...sent.values()].flat());
    expect(correlationIds.size).toBe(CONVERSATIONS * MESSAGES);

    const replies = await waitFor(
      'every reply',
      async () => {
        const ours = h.replies.filter((r) => correlationIds.has(r.correlationId));
        return ours.length >= correlationIds.size ? ours : undefined;
      },
      90_000,
    );
    // Every turn finished and committed: a reply sent twice would have to come from a turn run
    // again, and none is left to run.
    await waitForIdlePipeline(h);

    expect(overlaps).toEqual([]);
    for (const who of people) {
      const turns = handled.filter((t) => t.conversationId === who.conversationId).map((t) => t.text);
      expect(turns).toEqual(Array.from({ length: MESSAGES }, (_, i) => `linha ${i + 1}`));
      const { state } = await savedConversation(h, who);
      expect(state).toMatchObject({
        state: 'IDLE',
        turnCount: MESSAGES,
        lastCorrelationId: sent.get(who.conversationId)!.at(-1),
      });
      const kept = state!.recent.filter((m) => m.role === 'user').map((m) => m.text);
      expect(kept).toEqual([
        `linha ${MESSAGES - 4}`,
        `linha ${MESSAGES - 3}`,
        `linha ${MESSAGES - 2}`,
        `linha ${MESSAGES - 1}`,
        `linha ${MESSAGES}`,
      ]);
    }
    const all = h.replies.filter((r) => correlationIds.has(r.correlationId));
    expect(all).toHaveLength(CONVERSATIONS * MESSAGES);
    expect(new Set(all.map((r) => r.correlationId)).size).toBe(CONVERSATIONS * MESSAGES);
    // Every "linha N" reads alike (numbers look the same to the readers): one answer for all,
    // whichever it is — this test is about order, not understanding.
    expect(new Set(replies.map((reply) => reply.text)).size).toBe(1);
    expect(handled).toHaveLength(CONVERSATIONS * MESSAGES);
    // The work was shared: more than one process handled turns.
    expect(new Set(handled.map((t) => t.process)).size).toBeGreaterThan(1);
    expect(await h.container.redis.zcard(h.container.keys.activeMailboxes())).toBe(0);
  }, 120_000);
});
