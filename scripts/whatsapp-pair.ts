/**
 * Pairs a WhatsApp number with Iris (links Iris as a device of the number), from a terminal:
 *
 *   npm run whatsapp:pair -- --account <name>                  # QR code drawn here; scan it in
 *                                                              # WhatsApp > Linked devices
 *   npm run whatsapp:pair -- --account <name> --phone 5511...  # 8-character pairing code instead
 *
 * It takes the number's lease like any Iris process (so it waits while a worker holds it),
 * stores the credentials in PostgreSQL, and exits as soon as the connection opens; the
 * `whatsapp` workers then connect with those credentials. Messages that reach this short-lived
 * socket are not processed, so pair before announcing the number.
 *
 * Already paired? Unlink "Iris" on the phone first (the worker then clears the credentials);
 * this script never removes a working pairing by itself.
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import pino from 'pino';
import { loadConfig } from '../config';
import { createWhatsappChannel, type ChannelStatus } from '../src/channels/whatsapp';
import { redisLeases } from '../src/stores/redis-lease';
import { PgWhatsappAuthStore } from '../src/stores/whatsapp-auth-store';

const USAGE =
  'usage: npm run whatsapp:pair -- --account <name> [--phone <digits with country code>] [--timeout <s>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      phone: { type: 'string' },
      timeout: { type: 'string', default: '300' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.account) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const account = values.account;
  const phone = values.phone?.replace(/\D+/g, '');
  const timeoutMs = Number(values.timeout) * 1000;
  // Logs on stderr: stdout is for the QR code or the pairing code.
  const logger = pino({ level: config.LOG_LEVEL === 'silent' ? 'silent' : 'info' }, pino.destination(2));
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    const table = await pool.query<{ t: string | null }>("SELECT to_regclass('whatsapp_auth')::text AS t");
    if (!table.rows[0]?.t) {
      console.error('The whatsapp_auth table is missing: run `npm run db:migrate` first.');
      return 1;
    }
    const stored = await new PgWhatsappAuthStore(pool).readCreds(account);
    if (stored?.me?.id && stored.account) {
      console.log(
        `Account "${account}" is already paired as ${stored.me.id}. Unlink it on the phone to pair again.`,
      );
      return 0;
    }
    return await pair({ account, phone, timeoutMs, logger, pool, redis, prefix: config.IRIS_PREFIX });
  } finally {
    redis.disconnect();
    await pool.end();
  }
}

async function pair(args: {
  account: string;
  phone: string | undefined;
  timeoutMs: number;
  logger: pino.Logger;
  pool: Pool;
  redis: Redis;
  prefix: string;
}): Promise<number> {
  let settle: (code: number) => void = () => undefined;
  const outcome = new Promise<number>((resolve) => (settle = resolve));
  let waitingNotice: NodeJS.Timeout | undefined;
  const onStatus = (status: ChannelStatus) => {
    clearTimeout(waitingNotice);
    if (status === 'standby') {
      // Standing by for more than a moment means another process holds the number.
      waitingNotice = setTimeout(
        () => console.error(`Waiting: another process holds whatsapp:${args.account}.`),
        2_000,
      );
    }
    if (status === 'open') settle(0);
    if (status === 'logged_out' || status === 'forbidden' || status === 'replaced') settle(1);
  };
  const channel = createWhatsappChannel({
    options: {
      account: args.account,
      redisPrefix: args.prefix,
      pairing: args.phone ? { mode: 'code', phoneNumber: args.phone } : { mode: 'qr' },
      watchdog: { silenceMs: 0 },
    },
    ingress: {
      handle: async () => ({ status: 'rejected', reason: 'pairing session: messages are not processed' }),
    },
    audioStore: {
      put: async () => {
        throw new Error('pairing session: audio is not stored');
      },
    },
    redis: args.redis,
    authStore: new PgWhatsappAuthStore(args.pool, args.logger),
    leases: redisLeases(args.redis),
    logger: args.logger,
    onStatusChange: onStatus,
  });
  const timer = setTimeout(() => settle(1), args.timeoutMs);
  await channel.start();
  const code = await outcome;
  clearTimeout(timer);
  clearTimeout(waitingNotice);
  await channel.stop();
  console.log(
    code === 0
      ? `Paired. The whatsapp workers for "${args.account}" can start now.`
      : `Not paired (status: ${channel.status()}). See the log above.`,
  );
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
