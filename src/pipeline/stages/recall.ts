import type { Entities, RecalledValue } from '../../domains/types';
import type { Turn } from '../turn';

/** Memories read for a value: the most confident few, as the seed's prompt block takes them. */
const MEMORIES_READ = 5;

/**
 * A value the message left out, from what the person asked Iris to remember (seed 003 §5.1;
 * README "Memory"): only fields the pack lets a memory give, only when the message gives none,
 * and never from a message that names the field. Memories are read only then (one query on such
 * turns, none on the others); using one marks it used, so it does not decay.
 */
export async function recall(
  t: Turn,
  intent: string,
  entities: Entities,
): Promise<RecalledValue | undefined> {
  const remembered = t.pack.remembered;
  const memories = t.deps.memories;
  if (!remembered || !memories) return undefined;
  const missing = remembered.fields(intent).filter((field) => entities[field] === undefined);
  if (missing.length === 0) return undefined;
  const tenantId = t.scope.tenant.id;
  const userId = t.scope.user.id;
  const kept = await memories.list(tenantId, userId, MEMORIES_READ);
  if (kept.length === 0) return undefined;
  const recalled = remembered.recall(intent, missing, kept, t.scope);
  if (!recalled) return undefined;
  await memories.used(tenantId, userId, recalled.memory.id, t.input.now);
  t.record('memory_used', { field: recalled.field, memoryId: recalled.memory.id });
  return recalled;
}
