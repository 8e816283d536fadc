import { DomainError } from '../../core/errors';
import type { Turn } from '../turn';
import { STOP, type Stop } from '../request';
import type { Cleared } from './guard';
import { compensate } from './compensate';
import { runConfirmed, type ToolResult } from './confirmed-run';

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
