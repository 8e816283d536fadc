import type { Stage } from './stage';

/**
 * Response generation (docs/specification.md#the-turn): the pack's sentence for the tool's result; every number in
 * it comes from the result. A follow-up the result asks for (docs/finance.md: a simulation without a
 * bank balance) becomes a draft; a continuation waiting on this action runs now.
 */
export const respond: Stage = {
  name: 'response_generation',
  async run(t) {
    const tool = t.pack.intents[t.intent!]!.tool!;
    const rendered = t.pack.render(tool, t.result!, t.scope);
    const texts = [rendered.text];
    if (t.then && t.confirmed) {
      const follow = await runContinuation(t);
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
    return 'stop';
  },
};

/** Runs the read-only intent that waited on the confirmed action (e.g. the simulation again). */
async function runContinuation(t: Parameters<Stage['run']>[0]): Promise<string | undefined> {
  const next = t.then!;
  t.then = undefined;
  const spec = t.pack.intents[next.intent];
  const tool = spec?.tool ? t.pack.tools.find((x) => x.name === spec.tool) : undefined;
  if (!tool || tool.requiresConfirmation) return undefined;
  const validation = await t.pack.validate(next.intent, next.entities, t.scope);
  if (validation.status !== 'pass') return undefined;
  const parsed = tool.input.safeParse(validation.params);
  if (!parsed.success) return undefined;
  const result = await tool.execute(parsed.data as never, t.scope);
  t.record('tool_execution_success', { tool: tool.name, continuation: true });
  return t.pack.render(tool.name, result, t.scope).text;
}
