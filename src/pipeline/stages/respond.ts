import { toolFor, type Continuation } from '../request';
import type { Turn } from '../turn';
import type { Cleared } from './guard';

/**
 * Response generation (docs/specification.md#the-turn): the pack's sentence for the tool's result; every number in
 * it comes from the result. A follow-up the result asks for (docs/finance.md: a simulation without a
 * bank balance) becomes a draft; a continuation waiting on this action runs now.
 */
export async function respond(t: Turn, action: Cleared, result: Record<string, unknown>): Promise<void> {
  const rendered = t.pack.render(action.tool.name, result, t.scope);
  const texts = [rendered.text];
  if (action.then && action.nonce) {
    const follow = await runContinuation(t, action.then);
    if (follow) texts.push(follow);
  }
  if (rendered.followUp) {
    const f = rendered.followUp;
    const spec = t.pack.intents[f.intent]!;
    const missing = spec.required.filter((field) => f.entities[field] === undefined);
    t.draft = { intent: f.intent, entities: f.entities, missing, ...(f.then ? { then: f.then } : {}) };
    t.record('follow_up_requested', { intent: f.intent, missing });
    texts.push(t.pack.say(f.messageKey, f.params));
  }
  t.reply(texts.filter(Boolean).join('\n'));
}

/**
 * Runs the read-only intent that waited on the confirmed action (e.g. the simulation again).
 * It is a read of its own: Gate 3 on its values, no proposal, nothing written.
 */
async function runContinuation(t: Turn, next: NonNullable<Continuation>): Promise<string | undefined> {
  const tool = toolFor(t.pack, next.intent);
  if (!tool || tool.requiresConfirmation) return undefined;
  const validation = await t.pack.validate(next.intent, next.entities, t.scope);
  if (validation.status !== 'pass') return undefined;
  const parsed = tool.input.safeParse(validation.params);
  if (!parsed.success) return undefined;
  const result = await tool.execute(parsed.data as never, t.scope);
  t.record('tool_execution_success', { tool: tool.name, continuation: true });
  return t.pack.render(tool.name, result, t.scope).text;
}
