import { NodeCache } from '@cacheable/node-cache';

/** What the cache needs of a socket: group events, and a way to fetch a group's metadata. */
export interface GroupMetadataSource<Metadata> {
  on(event: 'groups.update', listener: (updates: Array<{ id?: string | null }>) => void): unknown;
  on(event: 'group-participants.update', listener: (update: { id: string }) => void): unknown;
  fetch(jid: string): Promise<Metadata>;
}

/**
 * Group metadata (participants, their devices) kept in memory for Baileys'
 * `cachedGroupMetadata`: without it, every message sent to a group first fetches the group's
 * metadata from WhatsApp, a known cause of `rate-overlimit`. A group is fetched once when it
 * first writes to Iris, again when WhatsApp says it changed (subject, participants), and
 * otherwise kept for `ttlSec`. One cache per number, shared by its reconnections.
 */
export class GroupMetadataCache<Metadata> {
  private readonly cache: NodeCache<Metadata>;
  private readonly fetching = new Map<string, Promise<void>>();

  constructor(ttlSec = 15 * 60) {
    this.cache = new NodeCache<Metadata>({ stdTTL: ttlSec, useClones: false });
  }

  /** Baileys' `cachedGroupMetadata`: what is cached, or undefined (Baileys then fetches itself). */
  get(jid: string): Metadata | undefined {
    return this.cache.get(jid);
  }

  /** Keeps the cache fresh from a socket's group events. */
  attach(source: GroupMetadataSource<Metadata>, onError: (error: unknown) => void): void {
    source.on('groups.update', (updates) => {
      for (const { id } of updates) if (id) void this.refresh(id, source, onError);
    });
    source.on('group-participants.update', ({ id }) => void this.refresh(id, source, onError));
  }

  /** Fetches a group not cached yet (a group that just wrote); one fetch at a time per group. */
  async warm(
    jid: string,
    source: GroupMetadataSource<Metadata>,
    onError: (error: unknown) => void,
  ): Promise<void> {
    if (this.cache.get(jid) !== undefined) return;
    await this.refresh(jid, source, onError);
  }

  private refresh(jid: string, source: GroupMetadataSource<Metadata>, onError: (error: unknown) => void) {
    const running = this.fetching.get(jid);
    if (running) return running;
    const fetch = source
      .fetch(jid)
      .then((metadata) => void this.cache.set(jid, metadata))
      .catch(onError)
      .finally(() => this.fetching.delete(jid));
    this.fetching.set(jid, fetch);
    return fetch;
  }
}
