import type { AnyTool, IntentSpec } from './types';

/**
 * The intents of a pack whose tool acts on the world: every tool that is not a Query, whether
 * it is confirmed (a boleto created, a record written) or not (a message queued for a contact,
 * which the seed runs without a confirmation). These are the ones a model may not guess: their
 * words must ask for them (see `nlu/intent-model/write-evidence.ts`), so "se ele não aparecer,
 * manda uma msg pra ele" is asked back instead of queued.
 */
export function writeIntents(
  intents: Readonly<Record<string, IntentSpec>>,
  tools: readonly AnyTool[],
): ReadonlySet<string> {
  const writing = new Set(tools.filter((t) => t.category !== 'Query').map((t) => t.name));
  return new Set(
    Object.values(intents)
      .filter((spec) => spec.tool !== undefined && writing.has(spec.tool))
      .map((spec) => spec.name),
  );
}
