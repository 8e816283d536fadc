import { DomainError, IrisError } from '../../core/errors';
import type { AnyTool } from '../../domains/types';
import type { Turn } from '../turn';

/** Another worker holds this confirmation's execution; the job retries and then reads its result. */
export class ActionBusyError extends IrisError {
  constructor(nonce: string) {
    super('action_busy', `action ${nonce} is being executed elsewhere`, { retryable: true });
  }
}

export type ToolResult = Record<string, unknown>;

/**
 * A confirmed action, run once: claimed under its nonce (bound to tenant, conversation and user,
 * within the TTL), executed and marked COMPLETED in one transaction; a replay returns the stored
 * result, a stored failure is thrown again. Undefined when there is nothing to run (told).
 */
export async function runConfirmed(
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
