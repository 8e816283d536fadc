import { EventEmitter } from 'node:events';
import {
  GroupMetadataCache,
  type GroupMetadataSource,
} from '../../src/channels/whatsapp/group-metadata-cache';

const GROUP = '120363025555555555@g.us';

function source() {
  const events = new EventEmitter();
  const fetched: string[] = [];
  let version = 0;
  let pending: Array<() => void> = [];
  const src: GroupMetadataSource<{ id: string; version: number }> = {
    on: (event: string, listener: (arg: never) => void) =>
      events.on(event, listener as (arg: unknown) => void),
    fetch: (jid) =>
      new Promise((resolve) => {
        fetched.push(jid);
        const answer = { id: jid, version: ++version };
        pending.push(() => resolve(answer));
      }),
  };
  const settle = async () => {
    const all = pending;
    pending = [];
    for (const resolve of all) resolve();
    await new Promise((r) => setImmediate(r));
  };
  return { src, events, fetched, settle };
}

describe('WhatsApp group metadata cache', () => {
  it('fetches a group once when it first writes, even if several messages arrive together', async () => {
    const cache = new GroupMetadataCache<{ id: string; version: number }>();
    const { src, fetched, settle } = source();
    const warming = [
      cache.warm(GROUP, src, fail),
      cache.warm(GROUP, src, fail),
      cache.warm(GROUP, src, fail),
    ];
    await settle();
    await Promise.all(warming);
    expect(fetched).toEqual([GROUP]);
    expect(cache.get(GROUP)).toEqual({ id: GROUP, version: 1 });
    await cache.warm(GROUP, src, fail);
    expect(fetched).toHaveLength(1);
  });

  it('fetches again when WhatsApp says the group changed', async () => {
    const cache = new GroupMetadataCache<{ id: string; version: number }>();
    const { src, events, fetched, settle } = source();
    cache.attach(src, fail);
    events.emit('group-participants.update', { id: GROUP });
    await settle();
    events.emit('groups.update', [{ id: GROUP }, { id: null }]);
    await settle();
    expect(fetched).toEqual([GROUP, GROUP]);
    expect(cache.get(GROUP)?.version).toBe(2);
  });

  it('a failed fetch is reported and leaves the cache empty (Baileys then fetches itself)', async () => {
    const cache = new GroupMetadataCache<string>();
    const errors: unknown[] = [];
    await cache.warm(GROUP, { on: () => undefined, fetch: () => Promise.reject(new Error('boom')) }, (e) =>
      errors.push(e),
    );
    expect(errors).toHaveLength(1);
    expect(cache.get(GROUP)).toBeUndefined();
  });
});

function fail(error: unknown): never {
  throw error;
}
