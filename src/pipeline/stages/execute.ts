import { DomainError, IrisError } from '../../core/errors';
import type { AnyTool } from '../../domains/types';
import type { Turn } from '../turn';
import { STOP, type Stop } from '../request';
import type { Cleared } from './guard';
import { derivedUuid } from '../../core/derived-id';
import type { FlowProgress } from '../conversation';

/** Another worker holds this confirmation's execution; the job retries and then reads its result. */
export class ActionBusyError extends IrisError {
  constructor(nonce: string) {
    super('action_busy', `action ${nonce} is being executed elsewhere`, { retryable: true });
  }
}

/**
 * Tool execution (docs/specification.md#tools, steps 5-7). A confirmed write first claims its action
 * (PROPOSED -> EXECUTING, bound to tenant, conversation and user, within the TTL), then runs the
 * use case and marks it COMPLETED in one transaction. A retry of the same message resumes; a
 * second "sim" finds it COMPLETED and replies with the stored result: it never runs twice.
 */
export async function execute(t: Turn, action: Cleared): Promise<ToolResult | Stop> {
  const { tool } = action;
  const parsed = tool.input.safeParse(action.params);
  if (!parsed.success) {
    t.record('tool_execution_blocked', {
      tool: tool.name,
      reason: 'schema',
      issues: parsed.error.issues.map((i) => i.message),
    });
    t.reply(t.say('general_error'));
    return STOP;
  }
  const started = Date.now();
  let result: ToolResult | undefined;
  try {
    result = action.nonce
      ? await runConfirmed(t, tool, parsed.data, action.nonce)
      : await tool.execute(parsed.data as never, t.scope);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (action.nonce) await t.deps.ledger.fail(action.nonce, error.messageKey, t.input.now, error.params);
    t.record('tool_execution_failed', { tool: tool.name, reason: error.messageKey });
    const reason = t.pack.say(error.messageKey, error.params).replace(/[.!?]+$/, '');
    t.reply(action.nonce ? t.say('action_failed', { reason }) : `${reason}.`);
    if (action.flow && action.flow.done.length > 0) await compensate(t, action.flow);
    return STOP;
  }
  if (result === undefined) return STOP;
  t.record('tool_execution_success', {
    tool: tool.name,
    ...(action.nonce ? { nonce: action.nonce } : {}),
    ms: Date.now() - started,
  });
  return result;
}

type ToolResult = Record<string, unknown>;

async function runConfirmed(
  t: Turn,
  tool: AnyTool,
  params: unknown,
  nonce: string,
): Promise<ToolResult | undefined> {
  const binding = {
    tenantId: t.input.tenant.id,
    conversationId: t.input.conversationId,
    userId: t.input.user.id,
  };
  const claim = await t.deps.ledger.claim(nonce, binding, t.input.messageId, t.input.now);
  switch (claim.status) {
    case 'claimed':
    case 'resume':
      if (claim.status === 'resume') t.record('tool_execution_resumed', { tool: tool.name, nonce });
      return t.deps.transaction(async (db) => {
        const result = await tool.execute(params as never, { ...t.scope, db, nonce });
        await t.deps.ledger.complete(db, nonce, result, t.input.now);
        return result;
      });
    case 'completed':
      t.record('tool_execution_replayed', { tool: tool.name, nonce, sameMessage: claim.byThisMessage });
      return claim.result;
    case 'failed':
      if (claim.error === 'execution_timeout') {
        t.record('tool_execution_failed', { tool: tool.name, nonce, reason: claim.error });
        t.reply(t.say('action_failed', { reason: t.say('execution_timed_out') }));
        return undefined;
      }
      // The same message, retried after its worker died: the same refusal, with its values.
      throw new DomainError(claim.error || 'general_error', claim.params);
    case 'busy':
      throw new ActionBusyError(nonce);
    default:
      t.record('confirmation_expired', { nonce, claim: claim.status });
      t.reply(t.say('confirmation_expired'));
      return undefined;
  }
}

/**
 * A step of a multi-step action failed: the steps confirmed before it are undone, last first,
 * each by its tool's compensating action (seed 003 §2.4), as a confirmed action of its own with
 * a nonce derived from the step's — so a retried or resumed turn finds it done and never runs it
 * twice. A step with no compensating action (irreversible) is told to the person to handle by hand.
 */
async function compensate(t: Turn, flow: FlowProgress): Promise<void> {
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
      `${t.say('flow_undone', { step: flow.step, done: i + 1 })}\n${t.pack.render(undo.name, result, t.scope).text}`,
    );
  }
}
