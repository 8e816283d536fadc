import { DomainError } from '../../core/errors';
import { derivedUuid } from '../../core/derived-id';
import type { FlowProgress } from '../conversation';
import type { Turn } from '../turn';
import { runConfirmed, type ToolResult } from './confirmed-run';

/**
 * A step of a multi-step action failed (or the person stopped one the pack says must not stay
 * half done, `why` 'stopped'): the steps confirmed before it are undone, last first,
 * each by its tool's compensating action (seed 003 §2.4), as a confirmed action of its own with
 * a nonce derived from the step's — so a retried or resumed turn finds it done and never runs it
 * twice. A step with no compensating action (irreversible) is told to the person to handle by hand.
 */
export async function compensate(
  t: Turn,
  flow: FlowProgress,
  why: 'failed' | 'stopped' = 'failed',
): Promise<void> {
  for (let i = flow.done.length - 1; i >= 0; i--) {
    const done = flow.done[i]!;
    const tool = t.pack.tools.find((candidate) => candidate.name === done.tool);
    const undo = tool?.compensatingAction
      ? t.pack.tools.find((candidate) => candidate.name === tool.compensatingAction)
      : undefined;
    const params = undo && tool?.compensationInput ? tool.compensationInput(done.result) : undefined;
    const parsed = undo && params ? undo.input.safeParse(params) : undefined;
    if (!undo || !parsed?.success) {
      t.record('compensation_manual', { flow: flow.id, tool: done.tool });
      t.reply(t.say('flow_manual', { done: i + 1, label: t.pack.say(`step_${done.tool}`) }));
      continue;
    }
    const nonce = derivedUuid(done.nonce, 'undo');
    const now = t.input.now;
    await t.deps.ledger.propose({
      nonce,
      tenantId: t.input.tenant.id,
      conversationId: t.input.conversationId,
      userId: t.input.user.id,
      tool: undo.name,
      params: parsed.data as Record<string, unknown>,
      correlationId: t.input.correlationId,
      proposedAt: now,
      expiresAt: new Date(now.getTime() + t.limits.confirmationTtlSec * 1000),
    });
    let result: ToolResult | undefined;
    try {
      result = await runConfirmed(t, undo, parsed.data, nonce);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    if (!result) {
      t.record('compensation_manual', { flow: flow.id, tool: done.tool, failed: undo.name });
      t.reply(t.say('flow_manual', { done: i + 1, label: t.pack.say(`step_${done.tool}`) }));
      continue;
    }
    t.record('compensation_executed', { flow: flow.id, of: done.tool, tool: undo.name, nonce });
    t.reply(
      `${t.say(why === 'failed' ? 'flow_undone' : 'flow_stopped_undone', { step: flow.step, done: i + 1 })}\n${t.pack.render(undo.name, result, t.scope).text}`,
    );
  }
}
