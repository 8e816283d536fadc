import { isAllowed } from '../../domains/tool-registry';
import { STOP, type Stop, type Validated } from '../request';
import type { Turn } from '../turn';

declare const cleared: unique symbol;

/**
 * An action Gate 5 let through: the only value `execute` accepts, and only `guard` makes one,
 * so no route can reach a tool without passing the gate (the compiler checks it).
 */
export type Cleared = Validated & { nonce?: string; readonly [cleared]: true };

/**
 * Gate 5 (docs/specification.md#gates): the last check before a tool runs. A passed Gate 3 (the
 * type says so), a tool the intent leads to, the role allowed now, and for writes the nonce of
 * the proposal the person confirmed. A failure is blocked and audited; the person gets the
 * generic error, never a half-done action.
 */
export function guard(t: Turn, action: Validated & { nonce?: string }): Cleared | Stop {
  const { tool } = action;
  const reasons: string[] = [];
  if (t.pack.intents[action.intent]?.tool !== tool.name) reasons.push('unknown_intent_or_tool');
  if (!isAllowed(tool, t.input.user.role, t.input.tenant.ai.features)) reasons.push('not_allowed');
  if (tool.requiresConfirmation && !action.nonce) reasons.push('not_confirmed');
  if (reasons.length === 0) return action as Cleared;
  t.record('tool_execution_blocked', { tool: tool.name, reasons });
  t.deps.logger.warn({ reasons, tool: tool.name }, 'tool execution blocked by Gate 5');
  t.reply(t.say('general_error'));
  return STOP;
}
