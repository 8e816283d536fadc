/**
 * The WhatsApp channel (Baileys 7, a linked device of an ordinary WhatsApp number).
 *
 * How to wire it (composition root, `whatsapp` process):
 *
 * ```ts
 * const channel = createWhatsappChannel({
 *   options: {
 *     account: env.WHATSAPP_ACCOUNT,                 // names the number: lease, Redis keys, auth rows
 *     redisPrefix: env.IRIS_PREFIX,
 *     pairing: env.WHATSAPP_PAIRING_PHONE
 *       ? { mode: 'code', phoneNumber: env.WHATSAPP_PAIRING_PHONE }
 *       : { mode: 'qr' },                            // production with several processes: 'none'
 *     audio: { maxBytes: env.AUDIO_MAX_BYTES, maxDurationSec: env.AUDIO_MAX_SECONDS },
 *   },
 *   ingress,                                         // core Ingress: dedupes by platformMessageId
 *   audioStore,                                      // { put(bytes, mimeType) -> key } (Redis, TTL)
 *   redis,                                           // ioredis, shared
 *   authStore: new PgWhatsappAuthStore(pgPool, logger), // credentials and keys (src/stores); the
 *                                                    // whatsapp_auth table comes from the migration
 *   leases: redisLeases(redis),                      // one live socket per number in the cluster
 *   logger,                                          // pino
 *   onStatusChange: (s) => (s === 'open' ? outbound.resume() : outbound.pause()),
 * });
 * await channel.start();            // returns at once: standby until this process holds the lease
 * outboundWorker('whatsapp', channel.sender);   // the sender refuses when the socket is not here
 * onShutdown(() => channel.stop()); // closes the socket, flushes auth writes, releases the lease
 * ```
 *
 * Run the outbound worker of the `whatsapp` queue only where `isActive()` (or pause it on
 * status changes as above): a standby process has no socket and its sender throws a retryable
 * `ProviderUnavailableError`.
 *
 * Pairing once, from a terminal: `npm run whatsapp:pair -- --account <name> [--phone 5511...]`.
 *
 * What reaches ingress: texts (commands `IRIS-<code>` / `/start <code>` become `link`,
 * `/ajuda` `/ayuda` `/help` become `help`), voice notes and audio files (downloaded, capped,
 * stored: `audio` or `audio_rejected`), photos and other media as `unsupported`. Ignored: our
 * own messages, statuses, broadcasts, channels, reactions, edits, protocol messages, and group
 * messages that do not mention the bot. `externalUserId` is the sender's canonical phone
 * (digits, Brazil's ninth digit added; `phoneCandidates` gives the forms to match).
 */
import { join } from 'node:path';
import type { RedisClient } from '../../core/redis-client';
import type { Logger } from 'pino';
import type { ChannelSender, Ingress } from '../../core/channel';
import { ConfigError } from '../../core/errors';
import { createBaileysSocketFactory } from './baileys-socket-factory';
import { ConnectionSupervisor } from './connection-supervisor';
import { FirstContactMarkers } from './first-contact';
import { QuotableMessages } from './quotable-messages';
import { InboundHandler } from './inbound';
import { FileIntakeSpool, type IntakeSpool } from './intake-spool';
import { whatsappOptionsSchema, type WhatsappOptions, type WhatsappOptionsInput } from './options';
import { showPairing } from './pairing-display';
import type { LeaseFactory } from '../../core/lease';
import type { AudioStore, AuthStateStore, ChannelStatus, PairingEvent, SocketFactory } from './ports';
import { RedisKeys } from '../../core/redis-keys';
import { ReplyLedger } from './reply-ledger';
import { SendPacer } from './send-pacer';
import { WhatsappSender } from './sender';
import { SentMessageStore } from './sent-message-store';

export { canonicalPhone, phoneCandidates } from './phone';
export { WhatsappSendRefusedError, WhatsappSendInFlightError } from './errors';
export type { AudioStore, AuthStateStore, ChannelStatus, PairingEvent, SocketFactory } from './ports';
export type { WhatsappOptions, WhatsappOptionsInput } from './options';

export interface WhatsappChannelDeps {
  options: WhatsappOptionsInput;
  ingress: Ingress;
  audioStore: AudioStore;
  redis: RedisClient;
  /** Credentials and signal keys (`PgWhatsappAuthStore` in the app). */
  authStore: AuthStateStore;
  /** The socket's lease, one live socket per number in the cluster (`redisLeases` in the app). */
  leases: LeaseFactory;
  logger: Logger;
  /** Defaults to the Baileys socket; tests pass a fake. */
  socketFactory?: SocketFactory;
  /** Where inbound messages wait for ingress; default a folder under `options.spoolDir`. */
  spool?: IntakeSpool;
  /** Defaults to drawing the QR (or printing the code) on stdout, plus a log line. */
  onPairing?: (event: PairingEvent) => void;
  onStatusChange?: (status: ChannelStatus) => void;
}

export interface WhatsappChannel {
  /** Starts in the background (standby until the lease is ours); resolves at once. */
  start(): Promise<void>;
  /** Closes the socket (no logout), waits for in-flight messages, flushes auth, releases the lease. */
  stop(): Promise<void>;
  readonly sender: ChannelSender;
  readonly options: WhatsappOptions;
  status(): ChannelStatus;
  /** True while this process holds the number and its socket is open. */
  isActive(): boolean;
}

export function createWhatsappChannel(deps: WhatsappChannelDeps): WhatsappChannel {
  const parsed = whatsappOptionsSchema.safeParse(deps.options);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`WhatsApp channel options are invalid: ${issues}`);
  }
  const options = parsed.data;
  const logger = deps.logger.child({ channel: 'whatsapp', account: options.account });
  const keys = new RedisKeys(options.redisPrefix).whatsapp(options.account);
  const markers = new FirstContactMarkers(
    deps.redis,
    keys,
    options.firstContactTtlSec,
    options.groupContactTtlSec,
  );
  const quotable = new QuotableMessages(deps.redis, keys, options.groupContactTtlSec);
  const sentMessages = new SentMessageStore(deps.redis, keys, options.send.messageStoreTtlSec);
  const authStore = deps.authStore;
  const inbound = new InboundHandler({
    account: options.account,
    ingress: deps.ingress,
    audioStore: deps.audioStore,
    markers,
    quotable,
    readReceipts: options.presence.readReceipts,
    audio: options.audio,
    spool: deps.spool ?? new FileIntakeSpool(join(options.spoolDir, options.account)),
    ingressAttempts: options.ingressAttempts,
    ingressRetryMaxMs: options.ingressRetryMaxMs,
    logger,
  });
  const supervisor = new ConnectionSupervisor({
    options,
    authStore,
    leases: deps.leases,
    socketFactory: deps.socketFactory ?? createBaileysSocketFactory(),
    inbound,
    sentMessages,
    logger: deps.logger,
    onPairing: deps.onPairing ?? ((event) => showPairing(event, logger)),
    ...(deps.onStatusChange ? { onStatusChange: deps.onStatusChange } : {}),
  });
  const sender = new WhatsappSender({
    account: options.account,
    markers,
    ledger: new ReplyLedger(deps.redis, keys, options.send),
    pacer: new SendPacer(deps.redis, keys, options.send),
    sentMessages,
    quotable,
    typing: options.presence.typing,
    groupAmounts: options.groupAmounts,
    activeSocket: () => supervisor.activeSocket(),
    logger,
  });
  return {
    start: async () => {
      // What an earlier run spooled and ingress never accepted goes first (in the background:
      // it may be waiting for Redis, and the connection must not wait for it).
      void inbound
        .replaySpool()
        .catch((error: unknown) => logger.error({ err: error }, 'whatsapp: spool not readable'));
      await supervisor.start();
    },
    stop: async () => {
      inbound.stop();
      await supervisor.stop();
    },
    sender,
    options,
    status: () => supervisor.currentStatus,
    isActive: () => supervisor.activeSocket() !== undefined,
  };
}
