import { isAllowed } from '../../domains/tool-registry';
import type { Stage } from './stage';
import { toolOf } from './propose';

/**
 * Gate 5 (docs/specification.md#gates): the last check before a tool runs. Validation PASS, a known intent and
 * tool, the role allowed, and for writes a CONFIRMED answer carrying this proposal's nonce.
 * A failure is blocked and audited; the person gets the generic error, never a half-done action.
 */
export const guard: Stage = {
  name: 'tool_execution_guard',
  async run(t) {
    const tool = toolOf(t);
    const reasons: string[] = [];
    if (!t.intent || t.intent === 'UNKNOWN' || !tool) reasons.push('unknown_intent_or_tool');
    if (t.validation?.status !== 'pass') reasons.push('validation_not_passed');
    if (tool && !isAllowed(tool, t.input.user.role, t.input.tenant.ai.features)) reasons.push('not_allowed');
    if (tool?.requiresConfirmation && !(t.confirmed && t.nonce)) reasons.push('not_confirmed');
    if (reasons.length === 0) return 'continue';
    t.record('tool_execution_blocked', { tool: tool?.name, reasons });
    t.deps.logger.warn({ reasons, tool: tool?.name }, 'tool execution blocked by Gate 5');
    t.reply(t.say('general_error'));
    return 'stop';
  },
};
