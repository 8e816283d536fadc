import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { AuthenticationCreds } from '@whiskeysockets/baileys' with { 'resolution-mode': 'import' };
import type { LeaseFactory } from '../../core/lease';
import { backoffDelay } from './backoff';
import { decideDisconnect, disconnectStatusCode, STOP_ADVICE, type StopReason } from './disconnect-policy';
import type { InboundHandler } from './inbound';
import type { WhatsappOptions } from './options';
import type {
  AuthStateStore,
  ChannelStatus,
  PairingEvent,
  SocketFactory,
  WhatsappConnection,
  WhatsappEventMap,
  WhatsappSocket,
} from './ports';
import type { SentMessageStore } from './sent-message-store';
import { LiveSocket } from './live-socket';
import { abortableSleep, newTenure, type Tenure } from './tenure';

export interface SupervisorDeps {
  options: WhatsappOptions;
  authStore: AuthStateStore;
  /** Where the socket's lease comes from (Redis in the app). */
  leases: LeaseFactory;
  socketFactory: SocketFactory;
  inbound: InboundHandler;
  sentMessages: SentMessageStore;
  logger: Logger;
  onPairing: (event: PairingEvent) => void;
  onStatusChange?: (status: ChannelStatus) => void;
  random?: () => number;
  /** Who holds the number, as recorded with the auth state claim (default: host and pid). */
  holder?: string;
}

const HOLDER = `${hostname()}/${process.pid}`;

/** Paired means WhatsApp accepted this device: `account` (ADV identity) is set on pair-success. */
export function isPaired(creds: AuthenticationCreds | undefined): creds is AuthenticationCreds {
  return Boolean(creds?.me?.id && creds.account);
}

const STOP_STATUS: Record<StopReason, ChannelStatus> = {
  logged_out: 'logged_out',
  replaced: 'replaced',
  forbidden: 'forbidden',
  multidevice_mismatch: 'forbidden',
};

/**
 * Keeps exactly one live socket per number in the whole cluster, and keeps it alive.
 *
 * 1. Standby: wait for the lease `whatsapp:<account>` (key `<prefix>:lease:whatsapp:<account>`).
 *    Only the holder opens a socket; a second process waits and takes over within the lease TTL
 *    when the holder dies.
 * 2. Connect: read the credentials, build a socket through the factory, listen to its events.
 * 3. On close: ask the disconnect policy (reconnect now, with backoff, or stop). A watchdog
 *    recycles a socket that went silent.
 * 4. Lease lost (Redis unreachable past the TTL, or taken): close the socket at once, then go
 *    back to standby. Stop: close the socket, flush the auth writes, then release the lease, so
 *    the standby that takes over reads the latest keys.
 */
export class ConnectionSupervisor {
  private status: ChannelStatus = 'idle';
  private stopped = true;
  private abort = new AbortController();
  private running: Promise<void> | undefined;
  private tenure: Tenure | undefined;
  private live: LiveSocket | undefined;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Never pair in this process: mode `none`, or after a logout (an operator must re-pair). */
  private externalPairingOnly: boolean;
  private readonly log: Logger;

  constructor(private readonly deps: SupervisorDeps) {
    this.externalPairingOnly = deps.options.pairing.mode === 'none';
    this.log = deps.logger.child({ channel: 'whatsapp', account: deps.options.account });
  }

  get currentStatus(): ChannelStatus {
    return this.status;
  }

  /** The socket, only while it is open here. */
  activeSocket(): WhatsappSocket | undefined {
    return this.status === 'open' ? this.live?.connection.socket : undefined;
  }

  /** Starts the standby/connect loop in the background; returns at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.running = this.run().catch((error: unknown) => {
      this.log.fatal({ err: error }, 'whatsapp: supervisor crashed');
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.running;
    this.stopped = true;
    this.abort.abort();
    this.tenure?.end('stop');
    await this.running;
    this.setStatus('stopped');
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.externalPairingOnly && !(await this.waitUntilPaired())) break;
      const lease = this.deps.leases(`whatsapp:${this.deps.options.account}`, {
        ttlMs: this.deps.options.lease.ttlMs,
        keyPrefix: this.deps.options.redisPrefix,
      });
      this.setStatus('standby');
      const tenure = newTenure();
      this.tenure = tenure;
      const acquired = await lease.hold(() => tenure.end('lost'), this.abort.signal);
      if (!acquired) break;
      this.log.info('whatsapp: lease acquired, this process owns the number');
      this.failures = 0;
      const unsubscribe = this.deps.authStore.onWriteFailed((account, error, fencedOff) => {
        if (account === this.deps.options.account && this.tenure === tenure)
          this.onAuthWriteFailed(tenure, error, fencedOff);
      });
      void this.claimThenConnect(tenure);
      const why = await tenure.promise;
      unsubscribe();
      if (why === 'lost') this.log.error('whatsapp: lease lost, closing the socket and standing by');
      await this.teardown(why === 'lost');
      await lease.release();
      if (why === 'halted') await this.coolDown();
    }
  }

  /**
   * After a stop WhatsApp decided (replaced, refused), the lease is already released: a standby
   * may take the number. This process keeps its stop status (visible on /ready and /metrics)
   * for the cool-down, then stands by again; if nobody took the number, it connects again.
   */
  private async coolDown(): Promise<void> {
    const { afterReplacedMs, afterRefusedMs } = this.deps.options.handover;
    const ms = this.status === 'replaced' ? afterReplacedMs : afterRefusedMs;
    this.log.error(
      { coolDownMs: ms },
      'whatsapp: lease released so that a standby can take the number; standing by again after the cool-down',
    );
    await abortableSleep(ms, this.abort.signal);
  }

  /** Polls the stored credentials until someone (the pairing CLI) paired the number. */
  private async waitUntilPaired(): Promise<boolean> {
    if (this.status !== 'logged_out') this.setStatus('unpaired');
    this.log.warn(
      `whatsapp: not paired; pair once with \`npm run whatsapp:pair -- --account ${this.deps.options.account}\`` +
        ' (or set WHATSAPP_PAIRING=qr or code); this process connects as soon as the credentials are stored',
    );
    while (!this.stopped) {
      try {
        if (isPaired(await this.deps.authStore.readCreds(this.deps.options.account))) return true;
      } catch (error) {
        this.log.warn({ err: error }, 'whatsapp: could not read the stored credentials');
      }
      await abortableSleep(this.deps.options.unpairedRecheckMs, this.abort.signal);
    }
    return false;
  }

  /**
   * Claims the auth state (so a process that held the number before cannot write it any more,
   * README.md#whatsapp-auth-state), then connects; a claim that fails is retried with backoff.
   */
  private async claimThenConnect(tenure: Tenure): Promise<void> {
    const { account } = this.deps.options;
    try {
      const epoch = await this.deps.authStore.claim(account, this.deps.holder ?? HOLDER);
      this.log.info({ epoch }, 'whatsapp: auth state claimed');
    } catch (error) {
      this.failures += 1;
      this.log.error({ err: error }, 'whatsapp: could not claim the auth state; retrying');
      if (tenure.ended) return;
      return this.scheduleReconnect('reconnecting', () => this.claimThenConnect(tenure));
    }
    return this.connect();
  }

  /**
   * A credentials or key write failed: Baileys' memory now holds keys the database does not,
   * and carrying on is how sessions drift ("Bad MAC"). Fenced off: another process owns the
   * number now, so stand by. Otherwise close the socket and reconnect from what is stored.
   */
  private onAuthWriteFailed(tenure: Tenure, error: unknown, fencedOff: boolean): void {
    if (fencedOff) {
      this.log.error({ err: error }, 'whatsapp: another process claimed the auth state; closing the socket');
      tenure.end('lost');
      return;
    }
    if (!this.live) return;
    this.log.error(
      { err: error },
      'whatsapp: an auth state write failed; closing the socket and reconnecting',
    );
    this.detach(true);
    this.failures += 1;
    this.scheduleReconnect();
  }

  private async connect(): Promise<void> {
    const tenure = this.tenure;
    if (this.stopped || !tenure || tenure.ended) return;
    const { account } = this.deps.options;
    this.setStatus(this.failures > 0 ? 'reconnecting' : 'connecting');
    let connection: WhatsappConnection;
    try {
      let creds = await this.deps.authStore.readCreds(account);
      if (!isPaired(creds)) {
        if (this.externalPairingOnly) {
          this.log.error(`whatsapp: not paired; run \`npm run whatsapp:pair -- --account ${account}\``);
          return tenure.end('unpaired');
        }
        if (creds) await this.deps.authStore.clear(account); // an unfinished pairing: start clean
        creds = undefined;
      }
      connection = await this.deps.socketFactory({
        account,
        creds,
        keys: this.deps.authStore.keys(account),
        logger: this.deps.logger,
        baileysLogLevel: this.deps.options.baileysLogLevel,
        getMessage: async (key) => (key.id ? this.deps.sentMessages.get(key.id) : undefined),
        audioDownloadTimeoutMs: this.deps.options.audio.downloadTimeoutMs,
      });
    } catch (error) {
      this.failures += 1;
      this.log.error({ err: error }, 'whatsapp: could not open a socket');
      return this.scheduleReconnect();
    }
    if (this.stopped || tenure.ended || this.tenure !== tenure) {
      Promise.resolve(connection.socket.end(undefined)).catch(() => undefined);
      return;
    }
    this.attach(connection);
  }

  private attach(connection: WhatsappConnection): void {
    const live: LiveSocket = new LiveSocket(connection, this.deps.options.watchdog.silenceMs, {
      onConnectionUpdate: (update) => this.onConnectionUpdate(live, update),
      onCredsUpdate: (update) => this.onCreds(live, update),
      onMessagesUpsert: (upsert) => this.deps.inbound.handleUpsert(upsert, { self: live.self, connection }),
      onSilent: (ms) => this.onSilent(live, ms),
    });
    this.live = live;
  }

  private onCreds(live: LiveSocket, update: WhatsappEventMap['creds.update']): void {
    Object.assign(live.connection.creds, update);
    this.deps.authStore
      .writeCreds(this.deps.options.account, live.connection.creds)
      .catch((error: unknown) => this.log.error({ err: error }, 'whatsapp: credentials not saved'));
  }

  private onConnectionUpdate(live: LiveSocket, update: WhatsappEventMap['connection.update']): void {
    if (update.qr) this.onQr(live, update.qr);
    if (update.isNewLogin) this.log.info('whatsapp: paired; WhatsApp will ask for a restart');
    if (update.connection === 'open') {
      this.failures = 0;
      this.setStatus('open');
      this.log.info({ me: live.connection.socket.user?.id }, 'whatsapp: connected');
    }
    if (update.connection === 'close') void this.onClose(update.lastDisconnect?.error);
  }

  private onQr(live: LiveSocket, qr: string): void {
    const { account, pairing } = this.deps.options;
    this.setStatus('pairing');
    if (pairing.mode === 'qr') return this.deps.onPairing({ type: 'qr', account, qr });
    const phoneNumber = pairing.phoneNumber;
    if (pairing.mode !== 'code' || !phoneNumber || live.pairingCodeRequested) return;
    live.pairingCodeRequested = true;
    live.connection.socket.requestPairingCode(phoneNumber).then(
      (code) => this.deps.onPairing({ type: 'code', account, code, phoneNumber }),
      (error: unknown) => this.log.error({ err: error }, 'whatsapp: pairing code request failed'),
    );
  }

  private async onClose(error: Error | undefined): Promise<void> {
    this.detach(false);
    const statusCode = disconnectStatusCode(error);
    const decision = decideDisconnect(statusCode, { pairing: this.status === 'pairing' });
    const fields = { statusCode, reason: decision.reason, err: error };
    if (decision.action === 'reconnect') {
      if (decision.delay === 'now') {
        this.log.info(fields, 'whatsapp: connection closed, reconnecting now');
        return this.connect();
      }
      this.failures += 1;
      const level = this.failures >= this.deps.options.reconnect.alertAfterAttempts ? 'error' : 'warn';
      this.log[level](
        {
          ...fields,
          attempt: this.failures,
          ...(level === 'error' ? { alert: 'whatsapp_reconnecting' } : {}),
        },
        'whatsapp: connection closed, reconnecting',
      );
      if (decision.reason === 'method_not_allowed') {
        this.log.error(
          fields,
          'whatsapp: WhatsApp refused the protocol version (405): retrying; if it lasts, upgrade @whiskeysockets/baileys',
        );
        return this.scheduleReconnect('outdated');
      }
      return this.scheduleReconnect();
    }
    if (decision.clearCreds) {
      await this.deps.authStore.clear(this.deps.options.account).catch((err: unknown) => {
        this.log.error({ err }, 'whatsapp: stored credentials could not be cleared');
      });
    }
    // An operator must act (or at least know): the `alert` field is what log-based alerting keys on.
    const alert = `whatsapp_${STOP_STATUS[decision.reason]}`;
    this.log.error({ ...fields, alert }, `whatsapp: ${STOP_ADVICE[decision.reason]}`);
    this.setStatus(STOP_STATUS[decision.reason]);
    if (decision.reason === 'logged_out') {
      this.externalPairingOnly = true;
      this.tenure?.end('unpaired');
    } else {
      // Holding the lease without a socket would keep every standby out for good.
      this.tenure?.end('halted');
    }
  }

  private onSilent(live: LiveSocket, silentForMs: number): void {
    if (this.live !== live) return;
    this.log.warn({ silentForMs }, 'whatsapp: socket silent for too long, recycling it');
    this.detach(true);
    this.failures += 1;
    this.scheduleReconnect();
  }

  /** Tries `next` again (by default a new socket) after the backoff, while this tenure lasts. */
  private scheduleReconnect(
    status: ChannelStatus = 'reconnecting',
    next: () => Promise<void> = () => this.connect(),
  ): void {
    if (this.stopped || !this.tenure || this.tenure.ended) return;
    const delay = backoffDelay(this.failures, this.deps.options.reconnect, this.deps.random);
    this.setStatus(status);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void next(), delay);
  }

  private detach(endSocket: boolean): void {
    const live = this.live;
    if (!live) return;
    this.live = undefined;
    if (endSocket) live.end();
    else live.detach();
  }

  /** Closes the socket, lets in-flight messages reach ingress, and flushes the auth writes. */
  private async teardown(urgent: boolean): Promise<void> {
    clearTimeout(this.reconnectTimer);
    const live = this.live;
    if (live && urgent) this.detach(true);
    if (live && !urgent) {
      live.detach(); // no new messages; the socket stays up for downloads in flight
      await this.bounded(this.deps.inbound.drain(), 'in-flight messages');
      this.detach(true);
    }
    await this.bounded(this.deps.inbound.drain(), 'in-flight messages');
    await this.bounded(this.deps.authStore.flush(this.deps.options.account), 'auth writes');
  }

  /** A stop must end even if ingress or PostgreSQL hangs: wait at most `stopDrainMs`. */
  private async bounded(work: Promise<void>, what: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.deps.options.stopDrainMs);
    });
    const result = await Promise.race([work.then(() => 'done' as const), timeout]);
    clearTimeout(timer);
    if (result === 'timeout') this.log.error(`whatsapp: gave up waiting for ${what} while closing`);
  }

  private setStatus(status: ChannelStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.deps.onStatusChange?.(status);
  }
}
