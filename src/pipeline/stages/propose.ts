import { isAllowed } from '../../domains/tool-registry';
import type { FlowProgress, PendingConfirmation } from '../conversation';
import { STOP, type Said, type Stop, type Validated } from '../request';
import type { Turn } from '../turn';

/**
 * Authorization (docs/specification.md#tools step 3: role, feature flag, the tool's calls per
 * minute) and Gate 4, the proposal (docs/specification.md#confirmation): a write
 * becomes a pending action with a fresh UUID v4 nonce, stored in Redis with a 300 s TTL (one per
 * conversation: it replaces any previous one) and in the action ledger as PROPOSED. The prompt
 * states every value that will be written. A read goes on to run now.
 */
export async function propose(t: Turn, validated: Validated, said: Said): Promise<'read' | Stop> {
  const { tool, params } = validated;
  if (!isAllowed(tool, t.input.user.role, t.input.tenant.ai.features)) {
    // A feature the tenant has not turned on is said as such, not as the person's permission.
    const flagOff = tool.featureFlag !== undefined && !t.input.tenant.ai.features.includes(tool.featureFlag);
    t.record('tool_execution_blocked', {
      tool: tool.name,
      reason: flagOff ? 'feature_off' : 'not_allowed',
      role: t.input.user.role,
      ...(flagOff ? { feature: tool.featureFlag } : {}),
    });
    t.reply(t.say(flagOff ? 'feature_off' : 'not_allowed'));
    return STOP;
  }
  // A tool's calls per minute (seed 003 §3.1), counted when a person asks: a later step of a
  // multi-step action is part of the request that started it.
  const limit = tool.rateLimitPerMinute;
  const asked = validated.flow === undefined || validated.flow.step === 1;
  if (limit !== undefined && asked && t.deps.toolCalls) {
    if (!(await t.deps.toolCalls.take(t.input.user.id, tool.name, limit, t.input.now))) {
      t.record('tool_rate_limited', { tool: tool.name, perMinute: limit });
      t.reply(t.say('rate_limited'));
      return STOP;
    }
  }
  if (!tool.requiresConfirmation) {
    t.record('confirmation_not_required', { tool: tool.name });
    return 'read';
  }

  const now = t.input.now;
  const nonce = t.newNonce();
  // A retried turn proposes the same nonce again: the stored times win (see ProposalTimes).
  const { proposedAt, expiresAt } = await t.deps.ledger.propose({
    nonce,
    tenantId: t.input.tenant.id,
    conversationId: t.input.conversationId,
    userId: t.input.user.id,
    tool: tool.name,
    params,
    correlationId: t.input.correlationId,
    proposedAt: now,
    expiresAt: new Date(now.getTime() + t.limits.confirmationTtlSec * 1000),
  });
  const then = validated.then ? { then: validated.then } : {};
  const flow = flowOf(t, validated, nonce);
  const pending: PendingConfirmation = {
    nonce,
    tenantId: t.input.tenant.id,
    conversationId: t.input.conversationId,
    userId: t.input.user.id,
    intent: validated.intent,
    tool: tool.name,
    entities: validated.entities,
    params,
    proposedAt: proposedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ...then,
    ...(flow ? { flow } : {}),
  };
  if (t.input.pending && t.input.pending.nonce !== nonce) {
    t.deps.logger.info({ previous: t.input.pending.nonce, nonce }, 'previous proposal replaced');
  }
  const ttlSec = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  t.pendingWrite = { op: 'set', value: JSON.stringify(pending), ttlSec };
  t.lastProposal = {
    nonce,
    intent: validated.intent,
    tool: tool.name,
    entities: validated.entities,
    expiresAt: pending.expiresAt,
    ...then,
  };
  t.record('confirmation_pending', { nonce, tool: tool.name });
  const heard = said.fromAudio ? `${t.say('audio_heard', { transcript: said.text })}\n` : '';
  // A value from a memory is named with the memory's words, so the "sim" confirms it knowingly.
  const recalled = validated.recalled
    ? `${t.say('memory_used', { description: validated.recalled.memory.description })}\n`
    : '';
  // "Etapa 2 de 3: registrar convidados." before each step of a multi-step action.
  const progress = flow
    ? `${t.say('flow_step', { step: flow.step, total: flow.total, label: t.pack.say(`step_${tool.name}`) })}\n`
    : '';
  t.reply(
    `${heard}${progress}${t.pack.describeProposal(tool.name, params, t.scope)}\n${recalled}${t.say('confirm_question')}`,
    {
      nonce,
      yesLabel: t.say('confirm_yes_label'),
      noLabel: t.say('confirm_no_label'),
    },
  );
  return STOP;
}

/**
 * The multi-step action this proposal is a step of: the one it continues, or a new one when the
 * pack says this request takes several steps (at most five, seed 003 §2.3).
 */
function flowOf(t: Turn, validated: Validated, nonce: string): FlowProgress | undefined {
  if (validated.flow) return validated.flow;
  const total = Math.min(t.pack.flow?.steps(validated.intent, validated.params) ?? 1, 5);
  return total > 1 ? { id: nonce, step: 1, total, done: [] } : undefined;
}
