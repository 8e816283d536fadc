import { Redis } from 'ioredis';
import pg from 'pg';
import { LUA_SCRIPTS, luaScriptSha } from '../src/core/redis-script';

/**
 * Client-side counters of Redis commands, Redis round trips and SQL statements, for the bench.
 *
 * Server-side counters (INFO commandstats, pg_stat_statements) would also count what other
 * programs do on the same shared servers, so the bench counts in its own processes instead:
 * it wraps ioredis' `sendCommand` (every command of every connection, BullMQ's included) and
 * pg's `Client.query` (every statement Prisma's driver adapter sends, BEGIN and COMMIT too).
 * A pipeline or MULTI is one round trip however many commands it carries.
 */
export interface Counts {
  redisCommands: number;
  redisRoundTrips: number;
  /** Commands by name; a script run by its SHA is named after its script ("evalsha moveToActive"). */
  redisByName: Record<string, number>;
  sqlStatements: number;
  /** Statements by their first keyword (SELECT, INSERT, UPDATE, BEGIN, COMMIT, ...). */
  sqlByKind: Record<string, number>;
  /** CPU time of this process (user + system), ms: what a turn costs whatever else runs. */
  cpuMs: number;
}

const counts: Counts = {
  redisCommands: 0,
  redisRoundTrips: 0,
  redisByName: {},
  sqlStatements: 0,
  sqlByKind: {},
  cpuMs: 0,
};
let installed = false;

/** Installs the wrappers once per process; call it before any client is created. */
export function installCounters(): void {
  if (installed) return;
  installed = true;
  const pipelines = new WeakSet<object>();
  const proto = Redis.prototype as unknown as {
    sendCommand(command: { name: string; args?: unknown[] }, stream?: object): unknown;
  };
  const send = proto.sendCommand;
  proto.sendCommand = function (this: unknown, command, stream) {
    counts.redisCommands++;
    const name = command.name === 'evalsha' ? `evalsha ${scriptName(this, command)}` : command.name;
    counts.redisByName[name] = (counts.redisByName[name] ?? 0) + 1;
    // Commands of one pipeline share the `stream` object ioredis builds for that write.
    if (!stream || !pipelines.has(stream)) {
      counts.redisRoundTrips++;
      if (stream) pipelines.add(stream);
    }
    return send.call(this, command, stream);
  };

  const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientProto.query;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const kind = (text ?? '').trimStart().split(/\s/, 1)[0]?.toUpperCase() || 'OTHER';
    counts.sqlStatements++;
    counts.sqlByKind[kind] = (counts.sqlByKind[kind] ?? 0) + 1;
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      sqlInFlight++;
      const done = () => sqlInFlight--;
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

/** Script names by SHA: Iris' own (src/core/lua) and what each connection defined (BullMQ's). */
const scriptNames = new Map<string, string>(LUA_SCRIPTS.map((name) => [luaScriptSha(name), name]));

function scriptName(connection: unknown, command: { args?: unknown[] }): string {
  const sha = String(command.args?.[0] ?? '');
  if (!scriptNames.has(sha)) {
    // ioredis keeps the scripts of `defineCommand` (BullMQ's) by name, with their SHA.
    const defined = (connection as { scriptsSet?: Record<string, { sha?: string }> }).scriptsSet ?? {};
    for (const [name, script] of Object.entries(defined)) if (script.sha) scriptNames.set(script.sha, name);
  }
  return scriptNames.get(sha) ?? sha.slice(0, 8);
}

let sqlInFlight = 0;

/** SQL statements sent and not yet answered: non-zero means a turn is mid-way in PostgreSQL. */
export function sqlStatementsInFlight(): number {
  return sqlInFlight;
}

/** A copy of the counters now (subtract two snapshots to count a window). */
export function snapshot(): Counts {
  const cpu = process.cpuUsage();
  return { ...structuredClone(counts), cpuMs: (cpu.user + cpu.system) / 1000 };
}

export function diff(after: Counts, before: Counts): Counts {
  const sub = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(a)
        .map(([k, v]) => [k, v - (b[k] ?? 0)] as const)
        .filter(([, v]) => v !== 0),
    );
  return {
    redisCommands: after.redisCommands - before.redisCommands,
    redisRoundTrips: after.redisRoundTrips - before.redisRoundTrips,
    redisByName: sub(after.redisByName, before.redisByName),
    sqlStatements: after.sqlStatements - before.sqlStatements,
    sqlByKind: sub(after.sqlByKind, before.sqlByKind),
    cpuMs: after.cpuMs - before.cpuMs,
  };
}

export function add(a: Counts, b: Counts): Counts {
  const sum = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [k, v] of Object.entries(y)) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  return {
    redisCommands: a.redisCommands + b.redisCommands,
    redisRoundTrips: a.redisRoundTrips + b.redisRoundTrips,
    redisByName: sum(a.redisByName, b.redisByName),
    sqlStatements: a.sqlStatements + b.sqlStatements,
    sqlByKind: sum(a.sqlByKind, b.sqlByKind),
    cpuMs: a.cpuMs + b.cpuMs,
  };
}

export function emptyCounts(): Counts {
  return { redisCommands: 0, redisRoundTrips: 0, redisByName: {}, sqlStatements: 0, sqlByKind: {}, cpuMs: 0 };
}
