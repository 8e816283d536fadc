import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RedisClient } from './redis-client';

/**
 * Every Lua script Iris runs on Redis lives in `src/core/lua/<name>.lua`, with its keys,
 * arguments and answer described at its top: a step that must be atomic across processes is
 * read in one place, not inline in the code that calls it. On Redis Cluster the keys of one
 * call must share a hash slot (`core/redis-keys.ts`; `tests/unit/redis-key-slots.test.ts`).
 */
export const LUA_SCRIPTS = [
  'conversation-in-flight',
  'count-calls',
  'delete-if-owner',
  'intake-forget',
  'intake-park',
  'mailbox-commit',
  'mailbox-drop-head',
  'mailbox-lock',
  'mailbox-push',
  'mailbox-release',
  'raise-counter',
  'renew-if-owner',
  'reply-before-send',
  'reply-place',
  'reply-sent',
  'reserve-slot',
  'state-replace-if-idle',
] as const;

export type LuaScriptName = (typeof LUA_SCRIPTS)[number];

interface LoadedScript {
  source: string;
  sha: string;
}

const loaded = new Map<LuaScriptName, LoadedScript>();

function load(name: LuaScriptName): LoadedScript {
  let script = loaded.get(name);
  if (!script) {
    const source = readFileSync(join(__dirname, 'lua', `${name}.lua`), 'utf8');
    script = { source, sha: createHash('sha1').update(source).digest('hex') };
    loaded.set(name, script);
  }
  return script;
}

/** A script's SHA-1, the name Redis knows it by (EVALSHA). */
export function luaScriptSha(name: LuaScriptName): string {
  return load(name).sha;
}

/**
 * Runs a script by its SHA (the body crosses the network once per Redis server, not per call);
 * a server that does not have it yet (first call, restart, failover) gets the body.
 */
export async function runLua(
  redis: RedisClient,
  name: LuaScriptName,
  keys: readonly string[],
  args: ReadonlyArray<string | number> = [],
): Promise<unknown> {
  const { source, sha } = load(name);
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(source, keys.length, ...keys, ...args);
  }
}
