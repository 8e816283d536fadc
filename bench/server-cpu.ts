import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Cluster } from 'ioredis';
import type { RedisClient } from '../src/core/redis-client';

/** CPU time the servers have used so far, ms: every PostgreSQL process of this machine, and Redis. */
export interface ServerCpu {
  postgresMs: number;
  redisMs: number;
}

/** The kernel's clock ticks per second, for /proc's CPU times (100 on every Linux seen). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * PostgreSQL runs on this machine in the bench (its processes are read from /proc: user and
 * system time, and that of the connections that ended, which the server's main process
 * collected); Redis says its own in `INFO cpu`. NaN where either cannot be read (no /proc, a
 * Redis Cluster): the report prints "-".
 */
export async function serverCpu(redis: RedisClient): Promise<ServerCpu> {
  return { postgresMs: postgresCpuMs(), redisMs: await redisCpuMs(redis) };
}

function postgresCpuMs(): number {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return NaN;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid …": the fields after the command's closing parenthesis.
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the command.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  return found ? (ticks * 1000) / TICKS : NaN;
}

async function redisCpuMs(redis: RedisClient): Promise<number> {
  if (redis instanceof Cluster) return NaN; // one node's figure would say nothing of the others
  try {
    const info = await redis.info('cpu');
    const seconds = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1]);
    return (seconds('used_cpu_sys') + seconds('used_cpu_user')) * 1000;
  } catch {
    return NaN;
  }
}

export function serverCpuDiff(after: ServerCpu, before: ServerCpu): ServerCpu {
  return { postgresMs: after.postgresMs - before.postgresMs, redisMs: after.redisMs - before.redisMs };
}

export function serverCpuSum(a: ServerCpu, b: ServerCpu): ServerCpu {
  return { postgresMs: a.postgresMs + b.postgresMs, redisMs: a.redisMs + b.redisMs };
}
