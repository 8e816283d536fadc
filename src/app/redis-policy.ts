import type { Logger } from 'pino';

/**
 * Is this Redis set up so that it cannot lose Iris' work? Everything Iris must not lose lives
 * there: BullMQ jobs, conversation mailboxes, conversation state and pending confirmations.
 *
 * - `maxmemory-policy` must be `noeviction`: under memory pressure any other policy deletes
 *   keys — a job, a mailbox, a pending confirmation — silently. BullMQ says so too.
 * - Persistence: without AOF or RDB snapshots a Redis restart empties every queue. AOF with
 *   `appendfsync everysec` loses at most about a second of writes; RDB alone loses everything
 *   since the last snapshot (minutes).
 *
 * Managed services often disable CONFIG; INFO still tells the eviction policy and whether AOF
 * is on, so the check reads INFO first and asks CONFIG only for the details. Nothing here
 * changes the server: it reports, and the process logs the report at start.
 */
export interface RedisPolicyReport {
  maxmemoryPolicy: string | undefined;
  aof: boolean | undefined;
  /** `appendfsync` (CONFIG), when readable. */
  appendfsync: string | undefined;
  /** RDB `save` schedule (CONFIG), when readable; '' means no snapshots. */
  save: string | undefined;
  /** What can lose jobs or pending confirmations, in plain words (empty: all good). */
  problems: string[];
  /** What could not be checked (CONFIG disabled, INFO refused). */
  unknown: string[];
}

/** The two commands used, as ioredis offers them (a fake in tests). */
export interface RedisInfoSource {
  info(section: string): Promise<string>;
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
}

export async function inspectRedisPolicy(redis: RedisInfoSource): Promise<RedisPolicyReport> {
  const report: RedisPolicyReport = {
    maxmemoryPolicy: undefined,
    aof: undefined,
    appendfsync: undefined,
    save: undefined,
    problems: [],
    unknown: [],
  };
  const memory = await redis.info('memory').catch(() => undefined);
  const persistence = await redis.info('persistence').catch(() => undefined);
  report.maxmemoryPolicy = memory ? infoField(memory, 'maxmemory_policy') : undefined;
  const aof = persistence ? infoField(persistence, 'aof_enabled') : undefined;
  report.aof = aof === undefined ? undefined : aof === '1';
  report.appendfsync = await configValue(redis, 'appendfsync');
  report.save = await configValue(redis, 'save');

  if (report.maxmemoryPolicy === undefined) report.unknown.push('maxmemory-policy');
  else if (report.maxmemoryPolicy !== 'noeviction')
    report.problems.push(
      `maxmemory-policy is "${report.maxmemoryPolicy}": when Redis fills up it evicts keys, and a ` +
        `queued job, a mailbox or a pending confirmation can vanish. Set "maxmemory-policy noeviction".`,
    );

  if (report.aof === undefined) report.unknown.push('appendonly');
  else if (report.aof) {
    if (report.appendfsync === 'no')
      report.problems.push(
        'appendfsync is "no": the operating system decides when the AOF reaches the disk, and a ' +
          'machine crash can lose many seconds of jobs. Use "appendfsync everysec".',
      );
  } else if (report.save === '')
    report.problems.push(
      'persistence is off (no AOF, no RDB snapshots): a Redis restart loses every queued job, ' +
        'mailbox and pending confirmation. Turn on "appendonly yes" with "appendfsync everysec".',
    );
  else if (report.save !== undefined)
    report.problems.push(
      `only RDB snapshots ("save ${report.save}"): a Redis crash loses everything written since ` +
        'the last snapshot. Turn on "appendonly yes" with "appendfsync everysec".',
    );
  else report.unknown.push('save');
  return report;
}

/**
 * Checks at start and logs: an error for each way Redis can lose work, a warning for what it
 * could not check. Never throws: a process must start even where CONFIG and INFO are refused.
 */
export async function checkRedisPolicy(redis: RedisInfoSource, logger: Logger): Promise<RedisPolicyReport> {
  const report = await inspectRedisPolicy(redis);
  for (const problem of report.problems) logger.error({ redis: 'policy' }, `Redis can lose work: ${problem}`);
  if (report.unknown.length > 0)
    logger.warn(
      { redis: 'policy', unknown: report.unknown },
      'could not read part of the Redis configuration (CONFIG or INFO refused); make sure ' +
        'maxmemory-policy is noeviction and AOF persistence is on (README, "Running Redis")',
    );
  if (report.problems.length === 0 && report.unknown.length === 0)
    logger.info(
      { redis: 'policy', maxmemoryPolicy: report.maxmemoryPolicy, aof: report.aof },
      'Redis policy ok',
    );
  return report;
}

function infoField(info: string, name: string): string | undefined {
  const line = info.split(/\r?\n/).find((l) => l.startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** CONFIG GET's value, or undefined where CONFIG is disabled or renamed. */
async function configValue(redis: RedisInfoSource, name: string): Promise<string | undefined> {
  try {
    const reply = await redis.config('GET', name);
    if (Array.isArray(reply) && reply.length >= 2) return String(reply[1]);
    return undefined;
  } catch {
    return undefined;
  }
}
