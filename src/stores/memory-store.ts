import { distance } from 'fastest-levenshtein';
import { normalizeForMatch } from '../core/text';
import type { MemoryProposal } from '../core/understanding';
import type { RememberOutcome } from '../pipeline/ports';
import type { PrismaClient } from './prisma/client';

/** Seed 003 §5: at most 50 active memories a person; a near-identical one reinforces the old. */
export const MEMORY_LIMITS = {
  perPerson: 50,
  /** Similarity (1 − edit distance / length) above which two descriptions are the same memory. */
  sameAbove: 0.8,
  /** Confidence of a memory asked for in so many words; +0.1 each time it is asked again. */
  explicitConfidence: 1,
  reinforceBy: 0.1,
  /** Memories listed and used: confidence at least this. */
  minConfidence: 0.3,
  /** Weekly decay (§5.4): not used in 90 days → −0.1; below 0.3 → inactive. */
  decayAfterDays: 90,
  decayBy: 0.1,
  /** A memory decays at most once in this many days, however many runs overlap. */
  decayAtMostEveryDays: 6,
} as const;

const MEMORY_FIELDS = {
  id: true,
  memoryType: true,
  description: true,
  source: true,
  confidence: true,
  active: true,
  lastUsedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface StoredMemory {
  id: string;
  memoryType: string;
  description: string;
  source: string;
  confidence: number;
  active: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What people asked Iris to remember (`user_memories`) and whether they let it (`users.memoryConsent`),
 * always scoped to one tenant and one person. Descriptions reach this store already checked for
 * personal data (the memory stage refuses them).
 */
export class MemoryStore {
  constructor(private readonly db: PrismaClient) {}

  async consent(tenantId: string, userId: string): Promise<boolean | undefined> {
    const user = await this.db.user.findFirst({
      where: { id: userId, tenantId },
      select: { memoryConsent: true },
    });
    return user?.memoryConsent ?? undefined;
  }

  async setConsent(tenantId: string, userId: string, consent: boolean, at: Date): Promise<void> {
    await this.db.user.updateMany({
      where: { id: userId, tenantId },
      data: { memoryConsent: consent, memoryConsentAt: at },
    });
  }

  /**
   * Keeps a memory the person asked for (or, with `proposed`, a model's proposal the person
   * accepted: its type and confidence, and it decays when unused), or reinforces the one it repeats.
   */
  async remember(
    tenantId: string,
    userId: string,
    description: string,
    at: Date,
    proposed?: MemoryProposal,
  ): Promise<RememberOutcome> {
    return this.db.$transaction(async (tx) => {
      const active = await tx.userMemory.findMany({
        where: { tenantId, userId, active: true },
        select: { id: true, description: true, confidence: true },
      });
      const same = sameAs(active, description);
      if (same) {
        await tx.userMemory.update({
          where: { id: same.id },
          data: { confidence: Math.min(1, same.confidence + MEMORY_LIMITS.reinforceBy), lastUsedAt: at },
        });
        return { outcome: 'reinforced', description: same.description };
      }
      if (active.length >= MEMORY_LIMITS.perPerson) return { outcome: 'full', description };
      await tx.userMemory.create({
        data: {
          tenantId,
          userId,
          memoryType: proposed?.type ?? 'preference',
          description,
          source: proposed ? 'model_proposal' : 'user_explicit',
          confidence: proposed?.confidence ?? MEMORY_LIMITS.explicitConfidence,
          lastUsedAt: at,
        },
      });
      return { outcome: 'saved', description };
    });
  }

  async knows(tenantId: string, userId: string, description: string): Promise<boolean> {
    const active = await this.db.userMemory.findMany({
      where: { tenantId, userId, active: true },
      select: { description: true },
    });
    return sameAs(active, description) !== undefined;
  }

  /** The person's active memories worth using, most confident first (seed: top 5 in a prompt). */
  async list(
    tenantId: string,
    userId: string,
    limit: number = MEMORY_LIMITS.perPerson,
  ): Promise<Array<{ id: string; description: string; confidence: number }>> {
    return this.db.userMemory.findMany({
      where: { tenantId, userId, active: true, confidence: { gte: MEMORY_LIMITS.minConfidence } },
      orderBy: [{ confidence: 'desc' }, { createdAt: 'asc' }],
      take: limit,
      select: { id: true, description: true, confidence: true },
    });
  }

  /** Every memory of the person, inactive ones included, newest first (the operator's view). */
  async all(tenantId: string, userId: string): Promise<StoredMemory[]> {
    return this.db.userMemory.findMany({
      where: { tenantId, userId },
      orderBy: { createdAt: 'desc' },
      select: MEMORY_FIELDS,
    });
  }

  async one(tenantId: string, userId: string, id: string): Promise<StoredMemory | undefined> {
    return (
      (await this.db.userMemory.findFirst({ where: { id, tenantId, userId }, select: MEMORY_FIELDS })) ??
      undefined
    );
  }

  /** Changes the words or the active flag of one memory of the person; undefined when it is not theirs. */
  async edit(
    tenantId: string,
    userId: string,
    id: string,
    change: { description?: string; active?: boolean },
  ): Promise<StoredMemory | undefined> {
    const { count } = await this.db.userMemory.updateMany({ where: { id, tenantId, userId }, data: change });
    return count === 0 ? undefined : this.one(tenantId, userId, id);
  }

  /** Deletes one memory of the person; false when it is not theirs. */
  async remove(tenantId: string, userId: string, id: string): Promise<boolean> {
    const { count } = await this.db.userMemory.deleteMany({ where: { id, tenantId, userId } });
    return count > 0;
  }

  async used(tenantId: string, userId: string, id: string, at: Date): Promise<void> {
    await this.db.userMemory.updateMany({ where: { id, tenantId, userId }, data: { lastUsedAt: at } });
  }

  /** Forgets the memory closest to `about` (none when nothing is close); returns what was forgotten. */
  async forget(tenantId: string, userId: string, about: string): Promise<string | undefined> {
    const active = await this.list(tenantId, userId);
    const best = active
      .map((m) => ({ ...m, score: overlap(m.description, about) }))
      .sort((a, b) => b.score - a.score)[0];
    if (!best || best.score < 0.5) return undefined;
    await this.db.userMemory.deleteMany({ where: { id: best.id, tenantId, userId } });
    return best.description;
  }

  /** Deletes every memory of the person; returns how many. */
  async forgetAll(tenantId: string, userId: string): Promise<number> {
    const { count } = await this.db.userMemory.deleteMany({ where: { tenantId, userId } });
    return count;
  }

  /**
   * The weekly decay (seed 003 §5.4): memories not used for 90 days lose 0.1 of confidence, and
   * below 0.3 they are set inactive. Memories the person asked for in so many words never decay.
   */
  async decay(now: Date): Promise<{ decayed: number; deactivated: number }> {
    const before = new Date(now.getTime() - MEMORY_LIMITS.decayAfterDays * 86_400_000);
    const decayedSince = new Date(now.getTime() - MEMORY_LIMITS.decayAtMostEveryDays * 86_400_000);
    // Two runs at once (two deployments' schedulers, a manual run) must not take 0.2: PostgreSQL
    // re-reads a row locked by the other run's UPDATE, finds it decayed now, and leaves it.
    const decayed = await this.db.userMemory.updateMany({
      where: {
        active: true,
        source: { not: 'user_explicit' },
        AND: [
          { OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: before } }] },
          { OR: [{ decayedAt: null }, { decayedAt: { lt: decayedSince } }] },
        ],
      },
      data: { confidence: { decrement: MEMORY_LIMITS.decayBy }, decayedAt: now },
    });
    const deactivated = await this.db.userMemory.updateMany({
      where: { active: true, confidence: { lt: MEMORY_LIMITS.minConfidence } },
      data: { active: false },
    });
    return { decayed: decayed.count, deactivated: deactivated.count };
  }
}

/** The active memory that says the same as `description` (§5.3: similarity above 0.8), if any. */
function sameAs<T extends { description: string }>(active: readonly T[], description: string): T | undefined {
  return active.find((m) => similarity(m.description, description) > MEMORY_LIMITS.sameAbove);
}

/** Lower case, no accents, words only. */
function fold(text: string): string {
  return normalizeForMatch(text)
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 1 − edit distance / longer length, on text folded the same way (case, accents, punctuation). */
function similarity(a: string, b: string): number {
  const x = fold(a);
  const y = fold(b);
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - distance(x, y) / longer;
}

/** Share of the words of `about` (three letters or more) found in `description`. */
function overlap(description: string, about: string): number {
  const words = new Set(fold(description).split(' '));
  const asked = fold(about)
    .split(' ')
    .filter((w) => w.length >= 3);
  if (asked.length === 0) return 0;
  return asked.filter((w) => words.has(w)).length / asked.length;
}
