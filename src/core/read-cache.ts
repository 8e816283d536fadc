/**
 * Values read from a store and kept in process for `ttlMs`, one read per key however many
 * callers ask at the same moment: they all wait on the read under way (a tenant's settings or
 * vectors asked for by every turn at once would otherwise be read once per turn until the first
 * read lands). A read that fails is forgotten at once, so the next caller tries again. With
 * `maxEntries`, the oldest reads go first once there are more (keys that are rarely asked again,
 * such as questions, would otherwise pile up).
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { readAt: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = Infinity,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && Date.now() - kept.readAt <= this.ttlMs) return kept.value;
    const entry = { readAt: Date.now(), value: read() };
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // Deleted first so that the map's order stays the order of the reads.
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry.value;
  }

  /** Drops the keys that start with `prefix` (what they hold changed). */
  forget(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
