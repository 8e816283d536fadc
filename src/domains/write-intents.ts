import type { AnyTool, IntentSpec } from './types';

/** The intents of a pack whose tool writes (needs a confirmation): the ones a model may not guess. */
export function writeIntents(
  intents: Readonly<Record<string, IntentSpec>>,
  tools: readonly AnyTool[],
): ReadonlySet<string> {
  const writing = new Set(tools.filter((t) => t.requiresConfirmation).map((t) => t.name));
  return new Set(
    Object.values(intents)
      .filter((spec) => spec.tool !== undefined && writing.has(spec.tool))
      .map((spec) => spec.name),
  );
}
