import type { ChannelModule } from './channel-module';
import { createWhatsappChannel, type WhatsappChannel } from '../../channels/whatsapp';
import type { Container } from '../container';
import { startSender } from './sender';
import { HEARTBEAT_MS, WhatsappStatusBoard } from './whatsapp-status';
import { redisLeases } from '../../stores/redis-lease';
import { PgWhatsappAuthStore } from '../../stores/whatsapp-auth-store';

/**
 * Builds the WhatsApp channel from configuration: its auth state in PostgreSQL, one live socket
 * per number in the cluster (a lease in Redis; other processes stand by), and the sender, which
 * runs only while this process holds the socket (paused otherwise).
 */
export function startWhatsapp(c: Container): WhatsappChannel {
  const pgPool = c.pgPool(3);
  // The sender starts after the channel (it needs the channel's sender); status changes may come first.
  const outbound: { worker?: ReturnType<typeof startSender> } = {};
  const board = new WhatsappStatusBoard(c.redis, c.keys, c.config.WHATSAPP_ACCOUNT);
  const channel = createWhatsappChannel({
    options: {
      account: c.config.WHATSAPP_ACCOUNT,
      redisPrefix: c.config.IRIS_PREFIX,
      spoolDir: c.config.WHATSAPP_SPOOL_DIR,
      groupAmounts: c.config.WHATSAPP_GROUP_AMOUNTS,
      presence: { typing: c.config.WHATSAPP_TYPING, readReceipts: c.config.WHATSAPP_READ_RECEIPTS },
      pairing:
        c.config.WHATSAPP_PAIRING === 'code' && c.config.WHATSAPP_PAIRING_PHONE
          ? { mode: 'code', phoneNumber: c.config.WHATSAPP_PAIRING_PHONE }
          : { mode: c.config.WHATSAPP_PAIRING === 'qr' ? 'qr' : 'none' },
      audio: {
        enabled: c.transcriber !== undefined,
        maxBytes: c.config.AUDIO_MAX_BYTES,
        maxDurationSec: c.config.AUDIO_MAX_SECONDS,
      },
    },
    ingress: c.ingress,
    audioStore: c.audio,
    redis: c.redis,
    authStore: new PgWhatsappAuthStore(pgPool, c.logger.child({ channel: 'whatsapp' })),
    leases: redisLeases(c.redis),
    logger: c.logger,
    onStatusChange: (status) => {
      void board.report(status).catch(() => undefined);
      if (!outbound.worker) return;
      if (status === 'open') outbound.worker.resume();
      else void outbound.worker.pause(true);
    },
  });
  outbound.worker = startSender(c, 'whatsapp', c.config.WHATSAPP_ACCOUNT, channel.sender);
  if (channel.status() !== 'open') void outbound.worker.pause(true);
  // Reported again while the process lives: the web process drops a silent one after 90 s.
  const heartbeat = setInterval(
    () => void board.report(channel.status()).catch(() => undefined),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  c.onClose(async () => {
    clearInterval(heartbeat);
    await board.report('stopped').catch(() => undefined);
    await channel.stop();
    await pgPool.end();
  });
  return channel;
}

/**
 * WhatsApp in the channel registry (see `registry.ts`). It runs only as its own process: one
 * live socket per number in the cluster (others stand by and take over when the holder dies).
 * Pair once first: `npm run whatsapp:pair -- --account <name> [--phone 5511...]`.
 */
export const whatsappModule: ChannelModule = {
  id: 'whatsapp',
  typing: true,
  ownProcess: true,
  served: true,
  configured: () => false, // `npm start` leaves it to its own process (pairing is a step of its own)

  async runProcess(c) {
    try {
      await startWhatsapp(c).start();
    } catch (error) {
      c.logger.fatal({ err: error }, 'whatsapp channel could not start');
      process.exit(1);
    }
    c.logger.info(
      { account: c.config.WHATSAPP_ACCOUNT },
      'whatsapp channel started (standby until it holds the number)',
    );
  },
};
